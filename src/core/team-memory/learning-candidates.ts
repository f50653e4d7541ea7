/**
 * Which settled threads teach the bot a learning. A thread teaches when it
 * was resolved as conceded or as the developer's call (a dismissal too, in
 * local mode) and a developer gave a reason in it, or when a collaborator
 * with write access put a thumbs-down on the finding. Developer replies are
 * already only the PR author's and write collaborators'; bystanders'
 * comments never teach. A thread that already taught a learning does not
 * teach again.
 *
 * A thread is offered for teaching once, not on every later review (the
 * model may decline, and asking again costs a prompt each run): a settled
 * thread only in the run where it settled, a thumbs-down only when it was
 * given after the last run that could have offered it. A thread whose
 * teaching did not complete in the last run (its learnings prompt failed,
 * or the memory write did) is offered once more in the next.
 */
import type { LearningVia } from '../memory/learning-block.js'
import type { LearningBlock, Resolution } from '../memory/rmcoc.js'
import type { DeveloperReply, ThreadState } from '../memory/run-state.js'
import { categoryOf } from './finding-category.js'

/** A thumbs-down reaction on a bot finding's root comment. */
export interface ThumbsDown {
  readonly threadId: string
  readonly login: string
  /** The reactor may write to the repository (the PR author counts only as a writer). */
  readonly isWriter: boolean
  /** When the reaction was given (ISO 8601). */
  readonly createdAt: string
}

/** What the model needs to write the rule, and who taught it. */
export interface LearningCandidate {
  readonly pr: number
  readonly thread: string
  readonly file: string
  readonly line: number | null
  readonly finding: string
  readonly assessment: string
  /** The finding's category, or "uncategorized". */
  readonly category: string
  readonly score: number
  /** The developers' replies in the thread, oldest first: their reasons. */
  readonly exchange: readonly DeveloperReply[]
  readonly taughtBy: string
  readonly via: LearningVia
}

export interface CandidateInput {
  readonly pr: number
  readonly threads: readonly ThreadState[]
  readonly thumbsDown?: readonly ThumbsDown[]
  /** The learnings kept so far: their source threads do not teach again. */
  readonly learnings: readonly LearningBlock[]
  /** The threads that settled in this run: only these teach by their settlement. */
  readonly settledInRun: ReadonlySet<string>
  /**
   * Only a thumbs-down given after this time (ISO 8601, the last review's
   * record) teaches; undefined before any review, when every one is new.
   */
  readonly reactionsSince?: string | undefined
  /** Local mode: a thread the developer dismissed teaches too. */
  readonly dismissalsTeach?: boolean
  /**
   * Threads the last run offered but could not finish teaching from: offered
   * again as if they had settled (or been thumbed down) in this run.
   */
  readonly offeredAgain?: ReadonlySet<string>
}

const VIA_BY_RESOLUTION: Partial<Record<Resolution, LearningVia>> = {
  conceded: 'concession',
  'developers-call': 'developers-call',
  dismissed: 'dismissed'
}

/** The candidate `thread` makes, taught by `taughtBy`: its finding, place, category and replies. */
export function learningCandidate(
  pr: number,
  thread: ThreadState,
  taughtBy: string,
  via: LearningVia
): LearningCandidate {
  return {
    pr,
    thread: thread.id,
    file: thread.file,
    line: thread.line,
    finding: thread.assessment.finding,
    assessment: thread.assessment.assessment,
    category: categoryOf(thread.assessment.category),
    score: thread.score,
    exchange: thread.developer_replies,
    taughtBy,
    via
  }
}

/** The developer whose reason settled the thread: the last one who gave one. */
function reasonGiver(thread: ThreadState): string | undefined {
  return thread.developer_replies.findLast((reply) => reply.body.trim() !== '')?.author
}

function settledCandidate(
  input: CandidateInput,
  thread: ThreadState
): LearningCandidate | undefined {
  if (thread.status !== 'RESOLVED' || thread.resolution === undefined) return undefined
  if (!input.settledInRun.has(thread.id) && !input.offeredAgain?.has(thread.id)) return undefined
  const via = VIA_BY_RESOLUTION[thread.resolution]
  if (via === undefined || (via === 'dismissed' && input.dismissalsTeach !== true)) return undefined
  const teacher = reasonGiver(thread)
  return teacher === undefined ? undefined : learningCandidate(input.pr, thread, teacher, via)
}

/** True when a reaction given at `createdAt` came after `since`; an unreadable time counts as new. */
export function givenAfter(createdAt: string, since: string | undefined): boolean {
  if (since === undefined) return true
  const given = Date.parse(createdAt)
  const last = Date.parse(since)
  return Number.isNaN(given) || Number.isNaN(last) || given > last
}

/**
 * A writer's new thumbs-down teaches; bots never do, and a finding the code
 * fixed has nothing to teach.
 */
function reactionCandidate(
  input: CandidateInput,
  thread: ThreadState
): LearningCandidate | undefined {
  if (thread.resolution === 'fixed') return undefined
  const reaction = (input.thumbsDown ?? []).find(
    (r) =>
      r.threadId === thread.id &&
      r.isWriter &&
      !/\[bot\]$/i.test(r.login) &&
      (givenAfter(r.createdAt, input.reactionsSince) || input.offeredAgain?.has(thread.id) === true)
  )
  return reaction === undefined
    ? undefined
    : learningCandidate(input.pr, thread, reaction.login, 'reaction')
}

/** One candidate per teaching thread, in the threads' order; a settled reason wins over a reaction. */
export function learningCandidates(input: CandidateInput): LearningCandidate[] {
  const taught = new Set(
    input.learnings.map((learning) => `${learning.source.pr}\n${learning.source.thread}`)
  )
  return input.threads.flatMap((thread) => {
    if (taught.has(`${input.pr}\n${thread.id}`)) return []
    return settledCandidate(input, thread) ?? reactionCandidate(input, thread) ?? []
  })
}
