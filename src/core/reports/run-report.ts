/**
 * What one review run did, as plain data: the engine fills it, the action
 * writes it into the job summary.
 */
import type { StagedFinding } from '../findings/finding-shapes.js'
import type { ModelUsage } from './model-usage.js'
import type { OpenFinding } from '../findings/open-finding.js'
import type { RunScope } from '../summary/run-scope.js'
import type { ResolvedThreadNote } from '../summary/summary-input.js'
import type { VerdictDecision } from '../findings/verdict.js'
import type { OutcomeRates } from '../team-memory/outcome-rates.js'

/**
 * Where the run record went: a check run on the reviewed head, the summary
 * comment (the token may not write checks), or nowhere (neither could hold
 * it, e.g. no checks permission and nothing to say on the PR).
 */
export type RecordHome = 'check-run' | 'summary-comment' | 'none'

/** A full review of the head, or a run that only answered a reply in a bot thread. */
export type RunMode = 'full-review' | 'threads-only'

/** A submission the stage refused; the stage counts these but does not keep them. */
export interface RefusedFinding {
  readonly file: string
  readonly line: number
  readonly score: number
  readonly finding: string
  /** 'learning': held back by a team learning (the reason names it). */
  readonly kind: 'duplicate' | 'rejected' | 'learning'
  readonly reason: string
}

/** One pass of the review (or the one answer of a threads-only run) and what it cost. */
export interface PassMetrics extends ModelUsage {
  readonly number: number
  /** How the row is named when it is not a numbered pass, e.g. "reply". */
  readonly label?: string
  readonly completed: boolean
  readonly durationMs: number
  readonly note?: string
  /** Model requests of the pass; absent when not counted. */
  readonly requests?: number
}

/** One reviewer model of a run with several (`reviewer_models`): what it did and cost. */
export interface ReviewerReport {
  /** provider/model. */
  readonly model: string
  /** The `model` input, the one that answers earlier threads. */
  readonly primary: boolean
  /** Why it reviewed nothing (could not start, model unusable, no pass completed). */
  readonly failure?: string
  readonly passes: readonly PassMetrics[]
  /** A discovery run of the primary model: its number (1-based). */
  readonly discoveryRun?: number
}

/** A write a dry run did not make: what kind, where, and the body it would have carried. */
export interface WouldBeWrite {
  /** e.g. "review comment", "reply", "summary comment", "check run". */
  readonly kind: string
  /** e.g. "src/a.ts:12 (RIGHT)", "thread PRRT_1", "pull request #9". */
  readonly target: string
  /** The text exactly as it would have been sent; '' for writes without one (a resolve). */
  readonly body: string
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
  /** Absent: a full review (older callers). */
  readonly mode?: RunMode
  /** Absent: not reported (older callers, threads-only runs write no record). */
  readonly recordHome?: RecordHome
  /** Why the record is not on a check run, e.g. the missing `checks: write`. */
  readonly recordWarning?: string
  /** Full or incremental review. */
  readonly scope?: RunScope
  /** The head reviewed; with an incremental scope it ends the range shown. */
  readonly headSha?: string
  /** A head pushed while this run reviewed: the next run reviews it. */
  readonly newerHead?: string
  /** With a state_key: bot state read back without a valid signature, and ignored. */
  readonly unverifiedState?: number
  /**
   * A full review: every finding open on the PR after it, this run's and the
   * earlier ones still open (what the SARIF file describes). Absent otherwise.
   */
  readonly openFindings?: readonly OpenFinding[]
  /** dry_run: every write the run would have made, in order; absent on a real run. */
  readonly dryRunWrites?: readonly WouldBeWrite[]
  /**
   * Several reviewer models: each one's passes (`passes` then holds all of
   * them, for the totals). Absent with one reviewer.
   */
  readonly reviewers?: readonly ReviewerReport[]
  /**
   * With team memory: how the repository's findings ended over the last 90
   * days (the outcomes kept in the memory issue plus this run's). Absent
   * without team memory or when it could not be read.
   */
  readonly outcomeRates?: OutcomeRates
}
