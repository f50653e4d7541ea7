/** The memory issue's comments: read all, add one (at most once), edit one. */
import { z } from 'zod'
import type {
  MemoryComment,
  MemoryCommentsResult,
  MemoryCommentUpdate,
  MemoryCommentWrite,
  MemoryIssueRef
} from '../ports/team-memory-store.js'
import { httpStatus } from './api-errors.js'
import { memoryForbidden, orForbidden, type MemoryContext } from './memory-access.js'
import { parseResponse } from './parse-response.js'
import { restAuthor, RestEditedComment } from './rest-schemas.js'
import { sameBody } from './write-context.js'
import { NO_AUTOMATIC_RETRY, writeOnce } from './write-once.js'

function memoryComment(comment: z.output<typeof RestEditedComment>): MemoryComment {
  return {
    id: comment.id,
    body: comment.body ?? '',
    author: restAuthor(comment.user),
    createdAt: comment.created_at,
    updatedAt: comment.updated_at,
    url: comment.html_url
  }
}

/** Comments oldest first; `since` (ISO) keeps those updated since then. */
async function fetchComments(
  ctx: MemoryContext,
  issue: MemoryIssueRef,
  since?: string
): Promise<MemoryComment[]> {
  const { owner, repo } = ctx
  const comments = parseResponse(
    z.array(RestEditedComment),
    await ctx.client.paginate(ctx.client.rest.issues.listComments, {
      owner,
      repo,
      issue_number: issue.number,
      per_page: 100,
      ...(since === undefined ? {} : { since })
    }),
    `GET /repos/${owner}/${repo}/issues/${issue.number}/comments`
  )
  return comments.map(memoryComment)
}

export async function listMemoryComments(
  ctx: MemoryContext,
  issue: MemoryIssueRef
): Promise<MemoryCommentsResult> {
  return orForbidden(`read the memory issue #${issue.number}`, async () => ({
    kind: 'listed',
    comments: await fetchComments(ctx, issue)
  }))
}

/** POST is not idempotent: after a 5xx the comment is looked for before it is sent again. */
export async function postMemoryComment(
  ctx: MemoryContext,
  issue: MemoryIssueRef,
  body: string
): Promise<MemoryCommentWrite> {
  const { owner, repo } = ctx
  return orForbidden(`comment on the memory issue #${issue.number}`, async () => {
    const comment = await writeOnce({
      what: `a comment on the memory issue #${issue.number}`,
      attempts: ctx.attempts,
      pause: ctx.pause,
      create: async () => {
        const { data } = await ctx.client.rest.issues.createComment({
          owner,
          repo,
          issue_number: issue.number,
          body,
          request: NO_AUTOMATIC_RETRY
        })
        const source = `POST /repos/${owner}/${repo}/issues/${issue.number}/comments`
        return memoryComment(parseResponse(RestEditedComment, data, source))
      },
      findExisting: async (since) =>
        (await fetchComments(ctx, issue, since)).find((found) => sameBody(found.body, body))
    })
    return { kind: 'written', comment }
  })
}

/**
 * PATCH is idempotent: plugin-retry may re-send it on a 5xx. A 404 here means
 * the comment was deleted (the team made the bot forget it): `gone`.
 */
export async function updateMemoryComment(
  ctx: MemoryContext,
  commentId: number,
  body: string
): Promise<MemoryCommentUpdate> {
  const { owner, repo } = ctx
  const path = `/repos/${owner}/${repo}/issues/comments/${commentId}`
  try {
    const { data } = await ctx.client.rest.issues.updateComment({
      owner,
      repo,
      comment_id: commentId,
      body
    })
    return {
      kind: 'written',
      comment: memoryComment(parseResponse(RestEditedComment, data, `PATCH ${path}`))
    }
  } catch (error) {
    if (httpStatus(error) === 404) return { kind: 'gone' }
    const forbidden = memoryForbidden(error, `edit the memory comment ${commentId}`)
    if (forbidden === undefined) throw error
    return forbidden
  }
}
