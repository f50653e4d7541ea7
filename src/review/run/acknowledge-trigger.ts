/**
 * 👀 on the comment that asked for this run, before the review starts, so
 * whoever asked sees that it was heard. Only a comment the run answers gets
 * it: every authorized mention, and a reply the bot will answer (a
 * developer's reply in an open bot thread); a bystander's reply, or one in
 * someone else's thread, is left alone. Feedback only: a failure is logged
 * and the review goes on.
 */
import type { ReviewLog } from '../../ports/agent-session.js'
import type { TriggerComment } from '../../ports/review-gateway.js'
import type { ReviewRequest } from '../../core/pull-request/review-request.js'
import type { PreparedRun } from '../preparation/prepare-run.js'
import { replyTarget } from './reply-target.js'

/** The comment to react to, or undefined when this run answers none. */
export function commentToAcknowledge(
  prepared: PreparedRun,
  request: ReviewRequest
): TriggerComment | undefined {
  const id = request.commentId
  if (id === undefined) return undefined
  if (request.trigger === 'mention') return { kind: 'issue', id }
  if (request.trigger !== 'reply' || request.replyBy === 'bystander') return undefined
  return 'thread' in replyTarget(prepared, id) ? { kind: 'review', id } : undefined
}

export async function acknowledgeTrigger(
  prepared: PreparedRun,
  request: ReviewRequest,
  log: ReviewLog
): Promise<void> {
  const comment = commentToAcknowledge(prepared, request)
  if (comment === undefined) return
  const result = await prepared.gateway.addEyesReaction(comment)
  if (result.kind === 'forbidden') log.warning(result.warning)
  else if (result.kind === 'failed') {
    log.info(`Could not add 👀 to comment ${comment.id} (${result.reason}); the review goes on.`)
  } else log.debug(`Added 👀 to comment ${comment.id}.`)
}
