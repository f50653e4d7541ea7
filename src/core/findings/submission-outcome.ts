/**
 * What submitting findings to the stage comes to: each submission's result
 * (staged, suppressed, duplicate or rejected, with the reason the agent
 * reads) and the tally of a run's submissions.
 */
import type { FindingState, StagedFinding } from './finding-shapes.js'

export type StageResult =
  | {
      readonly kind: 'staged'
      readonly id: string
      readonly score: number
      readonly reason: string
      /** The earlier finding this regression reopens (see StagedFinding.reopens). */
      readonly reopens?: string
    }
  | {
      readonly kind: 'suppressed'
      readonly id: string
      readonly score: number
      readonly reason: string
      readonly reopens?: string
    }
  | {
      readonly kind: 'duplicate'
      readonly reason: string
      /**
       * What it repeats: "thread <GraphQL id>", "summary:<id>" for a
       * summary-only finding, or "finding <id>" staged in this run.
       */
      readonly duplicateOf: string
    }
  | { readonly kind: 'rejected'; readonly reason: string }

export interface StageCounts {
  readonly submitted: number
  readonly staged: number
  readonly suppressed: number
  readonly duplicates: number
  readonly rejected: number
  readonly withdrawn: number
  readonly combined: number
  /** Refuted by both confirmation sessions (optional: older callers build counts without it). */
  readonly refuted?: number
}

/** What a stage counts besides its findings: submissions that never became one. */
export interface StageTallies {
  readonly duplicates: number
  readonly rejected: number
  /** Another reviewer's raising of a finding already staged. */
  readonly agreements: number
}

/** The counts of a stage holding `findings`, every submission counted once. */
export function stageCounts(
  findings: readonly StagedFinding[],
  tallies: StageTallies
): StageCounts {
  const by = (state: FindingState) => findings.filter((f) => f.state === state).length
  return {
    submitted: findings.length + tallies.duplicates + tallies.rejected + tallies.agreements,
    staged: by('staged'),
    suppressed: by('suppressed'),
    duplicates: tallies.duplicates,
    rejected: tallies.rejected,
    withdrawn: by('withdrawn'),
    combined: by('combined'),
    refuted: by('refuted')
  }
}
