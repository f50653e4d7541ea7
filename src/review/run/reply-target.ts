/**
 * Which thread a developer's reply asks the bot to answer: an open bot thread
 * where the developer spoke last, or the reason there is nothing to answer.
 */
import type { ThreadState } from '../../core/memory/run-state.js'
import { notTheDeveloper } from '../../trigger/review-comment-event.js'
import type { PreparedRun } from '../preparation/prepare-run.js'

export type ReplyTarget = { readonly thread: ThreadState } | { readonly skip: string }

/** The open bot thread the reply belongs to, or why there is nothing to answer. */
export function replyTarget(prepared: PreparedRun, commentId: number | undefined): ReplyTarget {
  const raw = prepared.context.threads.find((t) => t.comments.some((c) => c.id === commentId))
  if (raw === undefined) {
    return { skip: `not-a-bot-thread: comment ${commentId} is not in a review thread of this PR` }
  }
  const thread = prepared.state.threads.find((t) => t.id === raw.id)
  if (thread === undefined) {
    return { skip: `not-a-bot-thread: thread ${raw.id} was not opened by the bot` }
  }
  if (thread.status === 'RESOLVED' || thread.status === 'ESCALATED') {
    return {
      skip: `thread-closed: thread ${thread.id} is ${thread.status}; the bot does not answer there`
    }
  }
  const reply = raw.comments.find((c) => c.id === commentId)
  const counted = thread.developer_replies.some(
    (r) => r.timestamp === reply?.createdAt && r.author === reply?.author?.login
  )
  if (!counted) return { skip: notTheDeveloper(reply?.author?.login ?? 'ghost') }
  if (thread.last_word !== 'developer') {
    return {
      skip: `already-answered: the bot spoke after comment ${commentId} in thread ${thread.id}`
    }
  }
  return { thread }
}
