/**
 * What one review run did, as plain data: the engine fills it, the action
 * writes it into the job summary.
 */
import type { StagedFinding } from './finding-stage.js'
import type { ResolvedThreadNote } from './summary.js'
import type { VerdictDecision } from './verdict.js'

/** A submission the stage refused; the stage counts these but does not keep them. */
export interface RefusedFinding {
  readonly file: string
  readonly line: number
  readonly score: number
  readonly finding: string
  readonly kind: 'duplicate' | 'rejected'
  readonly reason: string
}

export interface PassMetrics {
  readonly number: number
  readonly completed: boolean
  readonly durationMs: number
  readonly inputTokens: number
  readonly outputTokens: number
  readonly note?: string
}

export interface JobSummaryInput {
  readonly verdict: VerdictDecision
  /** False when the silence rule kept the PR quiet. */
  readonly prCommentPosted: boolean
  /** Every finding the stage holds (FindingStage.all()). */
  readonly stage: readonly StagedFinding[]
  /** Where each published finding went, by finding id. */
  readonly placements: Readonly<Record<string, 'line' | 'file' | 'summary'>>
  readonly refused: readonly RefusedFinding[]
  readonly resolvedThreads: readonly ResolvedThreadNote[]
  readonly passes: readonly PassMetrics[]
}

/** One table row: location, score, disposition, finding (escaped, plain cells). */
