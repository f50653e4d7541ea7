/** The summary comment: created at most once per call, edited in place. */
import type { PostedComment } from '../ports/review-gateway.js'
import { fetchIssueComments } from './issue-comments.js'
import { parseResponse } from './parse-response.js'
import { posted } from './review-comments.js'
import { RestComment } from './rest-schemas.js'
import { sameBody, type WriteContext } from './write-context.js'
import { NO_AUTOMATIC_RETRY, writeOnce } from './write-once.js'

export async function postIssueComment(ctx: WriteContext, body: string): Promise<PostedComment> {
  const { owner, repo, number } = ctx.pr
  return writeOnce({
    what: `a comment on #${number}`,
    attempts: ctx.attempts,
    pause: ctx.pause,
    create: async () => {
      const { data } = await ctx.client.rest.issues.createComment({
        owner,
        repo,
        issue_number: number,
        body,
        request: NO_AUTOMATIC_RETRY
      })
      return posted(parseResponse(RestComment, data, `POST .../issues/${number}/comments`))
    },
    findExisting: async (since) => {
      const found = (await fetchIssueComments(ctx.client, ctx.pr, since)).find((comment) =>
        sameBody(comment.body, body)
      )
      return found && posted(found)
    }
  })
}

/** PATCH is idempotent: plugin-retry may re-send it on a 5xx. */
export async function updateIssueComment(
  ctx: WriteContext,
  commentId: number,
  body: string
): Promise<PostedComment> {
  const { owner, repo } = ctx.pr
  const { data } = await ctx.client.rest.issues.updateComment({
    owner,
    repo,
    comment_id: commentId,
    body
  })
  return posted(parseResponse(RestComment, data, `PATCH .../issues/comments/${commentId}`))
}
