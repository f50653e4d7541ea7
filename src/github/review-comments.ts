/**
 * Creating review comments (on a line, on a file, as a reply) without ever
 * creating one twice, and reading them back after an unknown outcome.
 */
import { z } from 'zod'
import type { PostedComment } from '../ports/review-gateway.js'
import { parseResponse } from './parse-response.js'
import { RestReviewComment } from './rest-schemas.js'
import { NO_AUTOMATIC_RETRY, writeOnce } from './write-once.js'
import { sameBody, type WriteContext } from './write-context.js'

export type RestReviewCommentData = z.output<typeof RestReviewComment>

export function posted(comment: { id: number; node_id: string; html_url: string }): PostedComment {
  return { id: comment.id, nodeId: comment.node_id, url: comment.html_url }
}

/** Review comments updated since `since` (ISO), newest first. */
export async function reviewCommentsSince(
  ctx: WriteContext,
  since: string
): Promise<RestReviewCommentData[]> {
  const { owner, repo, number } = ctx.pr
  return parseResponse(
    z.array(RestReviewComment),
    await ctx.client.paginate(ctx.client.rest.pulls.listReviewComments, {
      owner,
      repo,
      pull_number: number,
      since,
      sort: 'created',
      direction: 'desc',
      per_page: 100
    }),
    `GET /repos/${owner}/${repo}/pulls/${number}/comments`
  )
}

/** A root comment (not a reply) with this path and body. */
export function isSameRoot(comment: RestReviewCommentData, path: string, body: string): boolean {
  return (
    comment.in_reply_to_id === undefined && comment.path === path && sameBody(comment.body, body)
  )
}

export type NewReviewComment =
  | { readonly path: string; readonly body: string; readonly line: number; readonly side: string }
  | { readonly path: string; readonly body: string; readonly subjectType: 'file' }

export async function createReviewComment(
  ctx: WriteContext,
  commitId: string,
  comment: NewReviewComment
): Promise<PostedComment> {
  const { owner, repo, number } = ctx.pr
  const target =
    'line' in comment
      ? { line: comment.line, side: comment.side as 'LEFT' | 'RIGHT' }
      : { subject_type: 'file' as const }
  return writeOnce({
    what: `a review comment on ${comment.path}`,
    attempts: ctx.attempts,
    pause: ctx.pause,
    create: async () => {
      const { data } = await ctx.client.rest.pulls.createReviewComment({
        owner,
        repo,
        pull_number: number,
        commit_id: commitId,
        path: comment.path,
        body: comment.body,
        ...target,
        request: NO_AUTOMATIC_RETRY
      })
      return posted(parseResponse(RestReviewComment, data, `POST .../pulls/${number}/comments`))
    },
    findExisting: async (since) => {
      const found = (await reviewCommentsSince(ctx, since)).find((existing) =>
        isSameRoot(existing, comment.path, comment.body)
      )
      return found && posted(found)
    }
  })
}

export async function replyToComment(
  ctx: WriteContext,
  commentId: number,
  body: string
): Promise<PostedComment> {
  const { owner, repo, number } = ctx.pr
  return writeOnce({
    what: `a reply to review comment ${commentId}`,
    attempts: ctx.attempts,
    pause: ctx.pause,
    create: async () => {
      const { data } = await ctx.client.rest.pulls.createReplyForReviewComment({
        owner,
        repo,
        pull_number: number,
        comment_id: commentId,
        body,
        request: NO_AUTOMATIC_RETRY
      })
      return posted(
        parseResponse(RestReviewComment, data, `POST .../comments/${commentId}/replies`)
      )
    },
    findExisting: async (since) => {
      const found = (await reviewCommentsSince(ctx, since)).find(
        (existing) => existing.in_reply_to_id === commentId && sameBody(existing.body, body)
      )
      return found && posted(found)
    }
  })
}
