/**
 * What one review run hands to the summary comment, the run record and the
 * check run: plain data, filled by the review layer. Fields added after the
 * first release are optional so a caller that does not know them still
 * compiles and gets today's output.
 */
import type { RecordedConfirmation } from '../findings/confirmation.js'
import type { StageCounts } from '../findings/submission-outcome.js'
import type { SummaryRecord } from '../memory/rmcoc.js'
import type { RunScope } from './run-scope.js'
import type { VerdictDecision } from '../findings/verdict.js'

export interface PassReport {
  readonly number: number
  /** The model's pass summary (untrusted); empty when the pass gave none. */
  readonly summary: string
  /** submit_pass_results was called for this pass. */
  readonly completed: boolean
  readonly hasBlockingIssues?: boolean
  /** Why the pass did not complete, e.g. "timed out after 10 minutes". */
  readonly note?: string
}

export interface PostedFinding {
  readonly id: string
  readonly path: string
  /** null when posted at file level. */
  readonly line: number | null
  readonly score: number
  readonly finding: string
  readonly placement: 'line' | 'file'
  /**
   * The thread's identity across runs (open-finding.ts threadFingerprint);
   * absent when the gateway did not say which comment holds it.
   */
  readonly fingerprint?: string
  /** The confirmation outcome (confirm_min_score); absent when not confirmed. */
  readonly confirmation?: RecordedConfirmation
}

/** Why a finding is in the summary rather than inline. */
export type SummaryFindingReason = 'max_comments' | 'not-in-diff' | 'rejected-by-github'

export interface SummaryFinding {
  readonly id: string
  readonly path: string
  readonly line: number
  readonly score: number
  readonly finding: string
  readonly assessment: string
  readonly reason: SummaryFindingReason
  /** The model's category (untrusted; the run record sanitizes it). */
  readonly category?: string
  /** The reviewer models that raised it, when several reviewed (its agreement). */
  readonly reviewers?: readonly string[]
  /** The confirmation outcome (confirm_min_score); absent when not confirmed. */
  readonly confirmation?: RecordedConfirmation
}

export interface RunCounts extends StageCounts {
  /** Findings refused because a team learning covers them; absent: none. */
  readonly heldBackByLearnings?: number
  readonly threadsResolved: number
  readonly threadsFollowedUp: number
  readonly threadsEscalated: number
  readonly threadsConceded: number
}

/** A thread, or a summary-only finding, that this run resolved. */
export interface ResolvedThreadNote {
  readonly file: string
  readonly line: number | null
  readonly finding: string
  readonly reason: string
}

/** Open bot threads after this run (for the run record). */
export interface OpenThreadCounts {
  readonly pending: number
  readonly disputed: number
  readonly escalated: number
}

export interface SummaryInput {
  /** The head this run reviewed; everything is published against it. */
  readonly headSha: string
  /** The base commit the head was compared with (run record `base_sha`). */
  readonly baseSha?: string
  /** The PR (run record `pr`): binds the record to it. */
  readonly prNumber?: number
  /** The base branch (run record `base_ref`): a retargeted PR is reviewed in full. */
  readonly baseRef?: string
  /**
   * Set when a pass did not complete: the record then names the last head
   * that WAS fully reviewed (null: none), so the unreviewed part is reviewed
   * next time instead of being taken as done.
   */
  readonly incompleteSince?: { readonly reviewedHead: string | null }
  /** When the run finished, ISO 8601 with offset (run record `reviewed_at`); given by the caller. */
  readonly reviewedAt?: string
  /** Full or incremental review; one line under the verdict. */
  readonly scope?: RunScope
  /** A head pushed while this run reviewed `headSha`: the next run reviews it. */
  readonly newerHead?: string
  /**
   * Summary-only findings for the run record (run record `findings`): the
   * earlier ones with their status after this run plus this run's. Omitted:
   * the record says nothing about them.
   */
  readonly records?: readonly SummaryRecord[]
  readonly verdict: VerdictDecision
  readonly passes: readonly PassReport[]
  readonly posted: readonly PostedFinding[]
  readonly inSummary: readonly SummaryFinding[]
  readonly counts: RunCounts
  readonly openThreads: OpenThreadCounts
  readonly resolvedThreads: readonly ResolvedThreadNote[]
  /** E.g. the token may not resolve threads; shown as is (sanitized). */
  readonly warnings: readonly string[]
  /** A pass failed or timed out: the stage was published without a finished consolidation. */
  readonly consolidationIncomplete: boolean
  /** Threads whose teaching did not complete (run record `untaught_threads`); absent: none. */
  readonly untaughtThreads?: readonly string[]
}
