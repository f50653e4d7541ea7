/**
 * Which earlier threads the agent may answer in this run, and what a reply
 * says about its thread: a thread is named by its node id or root comment id,
 * refused once it is closed (on GitHub or earlier in this run), and a reply
 * carries a concession, rebuttal or follow-up block. A summary-only finding
 * has no thread to reply in, and a rebuttal rejected twice is not argued a
 * third time.
 */
import { isRejectedAgain } from '../../core/memory/disputes.js'
import type { ReplyBlock } from '../../core/memory/rmcoc.js'
import type { ThreadState } from '../../core/memory/run-state.js'
import { CLOSING_ACTIONS, type ThreadOutcome } from './thread-outcomes.js'

/** True when this run's outcomes closed the thread (resolved, conceded or escalated). */
export function closedInThisRun(outcomes: readonly ThreadOutcome[], threadId: string): boolean {
  const id = threadId.trim()
  return outcomes.some(
    (o) =>
      (o.thread.id === id || String(o.thread.root_comment_id) === id) &&
      CLOSING_ACTIONS.has(o.action)
  )
}

/** The thread `threadId` names, if it still takes an answer; else an error telling the model why not. */
export function openThread(
  threads: readonly ThreadState[],
  outcomes: readonly ThreadOutcome[],
  threadId: string
): ThreadState {
  const id = threadId.trim()
  const thread = threads.find(
    (t) => t.id === id || (t.root_comment_id > 0 && String(t.root_comment_id) === id)
  )
  if (thread === undefined) {
    const known = threads.map((t) => t.id).join(', ') || 'none'
    throw new Error(`thread_id "${threadId}" is not a thread of this review (known: ${known}).`)
  }
  if (thread.status === 'RESOLVED' || thread.status === 'ESCALATED') {
    throw new Error(`thread ${thread.id} is ${thread.status}; it needs no answer from you.`)
  }
  if (closedInThisRun(outcomes, thread.id)) {
    throw new Error(`thread ${thread.id} was already resolved in this run.`)
  }
  return thread
}

/**
 * Threads that still wait for an answer in this run (PENDING or DISPUTED,
 * not yet handled). Summary-only findings have no thread to answer in.
 */
export function unansweredThreads(
  threads: readonly ThreadState[],
  outcomes: readonly ThreadOutcome[]
): ThreadState[] {
  const handled = new Set(outcomes.map((outcome) => outcome.thread.id))
  return threads.filter(
    (thread) =>
      (thread.status === 'PENDING' || thread.status === 'DISPUTED') &&
      thread.origin !== 'summary' &&
      !handled.has(thread.id)
  )
}

/**
 * The block of the bot's reply in `thread`: a concession resolves it, an
 * answer to a developer's reply disputes it, anything else follows up.
 */
export function replyBlockFor(thread: ThreadState, isConcession: boolean): ReplyBlock {
  if (thread.origin === 'summary') {
    throw new Error(
      `${thread.id} was published only in the summary comment: there is no thread to reply in. Resolve it with github_resolve_thread if the code fixes it; otherwise leave it.`
    )
  }
  if (!isConcession && isRejectedAgain(thread)) {
    throw new Error(
      `The developer rejected your rebuttal in thread ${thread.id} again, so it is not argued a third time: resolve it if the code now fixes the issue, concede (is_concession true) if they are right, or leave it and it goes to the human reviewers (or the developer's call) after this pass.`
    )
  }
  return isConcession
    ? { kind: 'concession', status: 'RESOLVED' }
    : thread.developer_replies.length > 0
      ? { kind: 'rebuttal', status: 'DISPUTED' }
      : { kind: 'follow-up', status: 'PENDING' }
}
