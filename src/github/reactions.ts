/**
 * The 👀 reaction on the comment that triggered a run. GitHub answers 201 for
 * a new reaction and 200 when the token's account already reacted so (a
 * re-run): both mean the reaction is there. Feedback only: every failure is
 * returned, never thrown, so it cannot fail the review.
 */
import { getErrorMessage } from '../core/errors/error-message.js'
import {
  REACTION_PERMISSION,
  type ReactionResult,
  type TriggerComment
} from '../ports/review-gateway.js'
import { describeApiError, httpStatus, isPermissionDenied } from './api-errors.js'
import { parseResponse } from './parse-response.js'
import { RestReaction } from './rest-schemas.js'
import type { WriteContext } from './write-context.js'

async function postEyes(ctx: WriteContext, comment: TriggerComment): Promise<unknown> {
  const target = { owner: ctx.pr.owner, repo: ctx.pr.repo, comment_id: comment.id }
  const { data } =
    comment.kind === 'issue'
      ? await ctx.client.rest.reactions.createForIssueComment({ ...target, content: 'eyes' })
      : await ctx.client.rest.reactions.createForPullRequestReviewComment({
          ...target,
          content: 'eyes'
        })
  return data
}

export async function addEyesReaction(
  ctx: WriteContext,
  comment: TriggerComment
): Promise<ReactionResult> {
  const kind = comment.kind === 'issue' ? 'issues' : 'pulls'
  const source = `POST /repos/${ctx.pr.owner}/${ctx.pr.repo}/${kind}/comments/${comment.id}/reactions`
  try {
    parseResponse(RestReaction, await postEyes(ctx, comment), source)
    return { kind: 'added' }
  } catch (error) {
    if (isPermissionDenied(error)) {
      return {
        kind: 'forbidden',
        warning: `The token may not add reactions (${describeApiError(error)}): grant ${REACTION_PERMISSION} to show that a review is under way.`
      }
    }
    const reason =
      httpStatus(error) === undefined ? getErrorMessage(error) : describeApiError(error)
    return { kind: 'failed', reason }
  }
}
