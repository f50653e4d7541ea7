/**
 * What one fix loop did, round by round: the report comment, the job summary
 * and the outputs (`fix_status`, `fix_commits`) are made from it.
 */
import type {
  FileChange,
  FixCandidate,
  FixStatus,
  FixerAnswer,
  FixerUsage,
  VerificationResult
} from '../core/fixing/fix-types.js'

/** One round: what the fixer was given and answered, verified and committed. */
export interface FixRoundRecord {
  readonly round: number
  /** The head the round started from. */
  readonly head: string
  readonly given: readonly FixCandidate[]
  /** Absent when the fixer gave no answer (see `problem`). */
  readonly answer?: FixerAnswer
  readonly changes: readonly FileChange[]
  readonly verification: readonly VerificationResult[]
  /** The commit made on the branch; absent when the round pushed nothing. */
  readonly commit?: { readonly oid: string; readonly url: string }
  /** Why the round stopped short of a commit, in a sentence. */
  readonly problem?: string
  /** What the fixer's turns cost. */
  readonly usage?: FixerUsage
}

export interface FixLoopResult {
  readonly status: FixStatus
  /** The sentence the report leads with. */
  readonly reason: string
  readonly rounds: readonly FixRoundRecord[]
  /** Stuck findings: reported fixed, still open after the review of the fix. */
  readonly stuck: readonly FixCandidate[]
  /** Findings still open at the end (stuck ones included). */
  readonly open: readonly FixCandidate[]
  /** Open findings over the per-round cap: never given to the fixer. */
  readonly deferred: readonly FixCandidate[]
}

/** The oids of the commits the loop made, oldest first. */
export function fixCommits(result: FixLoopResult): string[] {
  return result.rounds.flatMap((round) => (round.commit ? [round.commit.oid] : []))
}
