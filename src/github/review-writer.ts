/**
 * Several findings as one review (event COMMENT): one notification, one
 * write. GitHub rejects a review whole when any one comment is invalid, so a
 * rejected batch is posted comment by comment, each degrading on its own; a
 * batch whose outcome is unknown (5xx) is re-read first, so nothing is posted
 * twice.
 */
import { z } from 'zod'
import type { CommentPlacement, LineComment, ReviewPostResult } from '../ports/review-gateway.js'
import { describeApiError, isOutcomeUnknown, isUnprocessable } from './api-errors.js'
import { postLineComment } from './line-comments.js'
import { GitHubResponseError, parseResponse } from './parse-response.js'
import { RestCreatedReview, RestReviewComment } from './rest-schemas.js'
import {
  isSameRoot,
  posted,
  reviewCommentsSince,
  type RestReviewCommentData
} from './review-comments.js'
import { NO_AUTOMATIC_RETRY, recheckSince } from './write-once.js'
import type { WriteContext } from './write-context.js'

/** Pairs each requested comment with the stored comment of the same path and body. */
function match(
  comments: readonly LineComment[],
  stored: readonly RestReviewCommentData[]
): (RestReviewCommentData | undefined)[] {
  const unused = [...stored]
  return comments.map((comment) => {
    const index = unused.findIndex((item) => isSameRoot(item, comment.path, comment.body))
    return index < 0 ? undefined : unused.splice(index, 1)[0]
  })
}

async function oneByOne(
  ctx: WriteContext,
  commitId: string,
  comments: readonly LineComment[],
  already: readonly (RestReviewCommentData | undefined)[]
): Promise<CommentPlacement[]> {
  const placements: CommentPlacement[] = []
  // Serial on purpose: GitHub asks for content writes one at a time.
  for (const [index, comment] of comments.entries()) {
    const existing = already[index]
    placements.push(
      existing
        ? { placed: 'line', comment: posted(existing) }
        : await postLineComment(ctx, commitId, comment)
    )
  }
  return placements
}

/** One review (event COMMENT) holding every comment; its id. */
async function createReview(
  ctx: WriteContext,
  commitId: string,
  comments: readonly LineComment[],
  body: string | undefined
): Promise<number> {
  const { client, pr } = ctx
  const { data } = await client.rest.pulls.createReview({
    owner: pr.owner,
    repo: pr.repo,
    pull_number: pr.number,
    commit_id: commitId,
    event: 'COMMENT',
    ...(body === undefined ? {} : { body }),
    comments: comments.map((comment) => ({
      path: comment.path,
      line: comment.line,
      side: comment.side ?? 'RIGHT',
      body: comment.body
    })),
    request: NO_AUTOMATIC_RETRY
  })
  return parseResponse(RestCreatedReview, data, `POST .../pulls/${pr.number}/reviews`).id
}

/** The review was rejected (422) or its outcome is unknown (5xx): each comment on its own. */
async function postOneByOneAfter(
  error: unknown,
  ctx: WriteContext,
  commitId: string,
  comments: readonly LineComment[],
  since: string
): Promise<ReviewPostResult> {
  const unknown = isOutcomeUnknown(error)
  if (!unknown && !isUnprocessable(error)) throw error
  const fallbackReason = `review of ${comments.length} comments ${unknown ? 'failed with' : 'rejected'}: ${describeApiError(error)}`
  ctx.log(`Posting comments one by one: ${fallbackReason}`)
  // After a 5xx the review may exist: keep what is there, post only the rest.
  const already = unknown ? match(comments, await reviewCommentsSince(ctx, since)) : []
  return {
    reviewId: undefined,
    fallbackReason,
    placements: await oneByOne(ctx, commitId, comments, already)
  }
}

/** Where each comment of the created review landed, read back from the review. */
async function reviewPlacements(
  ctx: WriteContext,
  reviewId: number,
  comments: readonly LineComment[]
): Promise<CommentPlacement[]> {
  const { client, pr } = ctx
  const stored = parseResponse(
    z.array(RestReviewComment),
    await client.paginate(client.rest.pulls.listCommentsForReview, {
      owner: pr.owner,
      repo: pr.repo,
      pull_number: pr.number,
      review_id: reviewId,
      per_page: 100
    }),
    `GET .../pulls/${pr.number}/reviews/${reviewId}/comments`
  )
  const found = match(comments, stored)
  // GitHub keeps the order it was given: a comment not matched by body takes the next unmatched one.
  const leftovers = stored.filter((item) => !found.includes(item))
  return found.map((comment, index): CommentPlacement => {
    const stored = comment ?? leftovers.shift()
    if (stored) return { placed: 'line', comment: posted(stored) }
    const missing = comments[index] as LineComment
    throw new GitHubResponseError(
      `Unexpected GitHub response to GET .../reviews/${reviewId}/comments: no comment for ${missing.path}:${missing.line}, expected one per comment of the review`
    )
  })
}

export async function postReview(
  ctx: WriteContext,
  commitId: string,
  comments: readonly LineComment[],
  body?: string
): Promise<ReviewPostResult> {
  if (comments.length === 0)
    return { reviewId: undefined, fallbackReason: undefined, placements: [] }
  const since = recheckSince()
  let reviewId: number
  try {
    reviewId = await createReview(ctx, commitId, comments, body)
  } catch (error) {
    return await postOneByOneAfter(error, ctx, commitId, comments, since)
  }
  const placements = await reviewPlacements(ctx, reviewId, comments)
  return { reviewId, fallbackReason: undefined, placements }
}
