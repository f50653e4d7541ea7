/**
 * Which open findings go to the fixer in a round.
 *
 * Only the bot's own findings: the input is the rebuilt run state's threads
 * (threads.ts), whose root comment carries the bot's marker and its parsed
 * rmcoc finding block; a comment anyone else wrote never becomes a thread
 * there, so nothing a person or another bot wrote can ask for a change.
 * Findings kept only in the run record (no thread) are left out: the
 * re-review reads a finding back from its thread.
 *
 * Only PENDING findings: a DISPUTED or ESCALATED one waits for people (a
 * developer pushed back, or a human reviewer was asked), and the fixer does
 * not overrule them.
 *
 * A finding is given to the fixer once per run unless it fixed it: one it
 * rejected in an earlier round, or reported fixed while it stayed open
 * (stuck), is set aside for a person; giving it again would repeat the
 * answer and use up the rounds.
 */
import { threadFingerprint } from '../findings/open-finding.js'
import type { ThreadState } from '../memory/run-state.js'
import type { FixCandidate } from './fix-types.js'

/** The most findings the fixer is given in one round; the rest wait for a later round. */
export const MAX_FINDINGS_PER_ROUND = 20

/** What the engine holds for each of the bot's findings after a review. */
export type FixSource = Pick<
  ThreadState,
  'root_comment_id' | 'file' | 'line' | 'status' | 'score' | 'assessment' | 'origin'
>

export interface FixCandidates {
  /** Given to the fixer this round, most severe first (at most MAX_FINDINGS_PER_ROUND). */
  readonly toFix: readonly FixCandidate[]
  /** Reported fixed in an earlier round and still open: never given again. */
  readonly stuck: readonly FixCandidate[]
  /** Rejected by the fixer in an earlier round and still open: never given again. */
  readonly rejected: readonly FixCandidate[]
  /** Over the per-round cap: left for a later round. */
  readonly deferred: readonly FixCandidate[]
}

export interface CandidateInput {
  readonly threads: readonly FixSource[]
  /** Findings scored below this are not fixed. */
  readonly minScore: number
  /** Ids of stuck findings (stuck-findings.ts). */
  readonly stuckIds: ReadonlySet<string>
  /** Ids of findings the fixer rejected in an earlier round of this run. */
  readonly rejectedIds: ReadonlySet<string>
  readonly maxPerRound?: number
}

/** A finding in the fixer's terms; its id stays the same while its thread is open. */
export function toCandidate(thread: FixSource): FixCandidate {
  const { assessment } = thread
  return {
    id: threadFingerprint(assessment.id, thread.root_comment_id),
    path: thread.file,
    line: thread.line,
    score: thread.score,
    finding: assessment.finding,
    assessment: assessment.assessment,
    ...(assessment.confirmation === undefined ? {} : { confirmation: assessment.confirmation })
  }
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** Most severe first, then by path and line (file-level first), then by id: the same order every run. */
export function compareCandidates(a: FixCandidate, b: FixCandidate): number {
  return (
    b.score - a.score ||
    compareText(a.path, b.path) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    compareText(a.id, b.id)
  )
}

/** The round's findings: the open ones at or above the threshold, set-aside ones apart, capped. */
export function selectFixCandidates(input: CandidateInput): FixCandidates {
  const max = input.maxPerRound ?? MAX_FINDINGS_PER_ROUND
  const open = input.threads
    .filter((t) => (t.origin ?? 'thread') === 'thread' && t.status === 'PENDING')
    .filter((t) => t.score >= input.minScore)
    .map(toCandidate)
    .sort(compareCandidates)
  const stuck = open.filter((c) => input.stuckIds.has(c.id))
  const rejected = open.filter((c) => !input.stuckIds.has(c.id) && input.rejectedIds.has(c.id))
  const fresh = open.filter((c) => !input.stuckIds.has(c.id) && !input.rejectedIds.has(c.id))
  return { toFix: fresh.slice(0, max), stuck, rejected, deferred: fresh.slice(max) }
}
