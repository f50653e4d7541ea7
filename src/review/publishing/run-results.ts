/**
 * What a finished run amounts to, as plain data: the verdict over everything
 * still open, the summary's input and the per-pass metrics. No I/O.
 */
import type { FindingStage } from '../../core/findings/finding-stage.js'
import type { PullRequestData } from '../../core/pull-request/pr-data.js'
import type { PassMetrics, ReviewerReport } from '../../core/reports/run-report.js'
import type { PassReport as SummaryPass, SummaryInput } from '../../core/summary/summary.js'
import type { RunState } from '../../core/memory/run-state.js'
import { UNCONFIRMED_VERDICT_CAP, verdictWeight } from '../../core/findings/confirmation.js'
import { decideVerdict, type VerdictDecision } from '../../core/findings/verdict.js'
import type { ReviewScope } from '../scope/change-since.js'
import type { PassRunResult } from '../passes/orchestrator.js'
import type { PublishResult } from './publish.js'
import type { ActionReviewTools } from '../tools/action-review-tools.js'
import { reviewerWarnings, type ReviewerRun } from '../passes/reviewers.js'
import { MAX_RECORDS, summaryRecordsAfterRun } from './summary-records.js'

const OPEN = new Set(['PENDING', 'DISPUTED', 'ESCALATED'])

/**
 * Every finding still open counts, not only this run's: an unfixed score-8
 * thread keeps the PR at request_changes.
 */
export function verdictAfterRun(
  pr: PullRequestData,
  published: Pick<PublishResult, 'posted' | 'inSummary'>,
  live: RunState
): VerdictDecision {
  // An unconfirmed finding weighs at most request_changes (core/confirmation.ts).
  const openScores = live.threads
    .filter((t) => OPEN.has(t.status))
    .map((t) => verdictWeight(t.score, t.assessment.confirmation))
  const postedScores = [...published.posted, ...published.inSummary].map((f) =>
    verdictWeight(f.score, f.confirmation)
  )
  const decision = decideVerdict({
    reviews: pr.reviews,
    postedScores: [...postedScores, ...openScores].filter((s) => s !== undefined)
  })
  const capped = [
    ...[...published.posted, ...published.inSummary].map((f) => [f.score, f.confirmation] as const),
    ...live.threads
      .filter((t) => OPEN.has(t.status))
      .map((t) => [t.score, t.assessment.confirmation] as const)
  ].filter(
    ([score, confirmation]) => confirmation === 'unconfirmed' && score > UNCONFIRMED_VERDICT_CAP
  )
  if (capped.length === 0) return decision
  return {
    ...decision,
    reasons: [
      ...decision.reasons,
      `${capped.length} unconfirmed finding(s) scored above ${UNCONFIRMED_VERDICT_CAP} weigh ${UNCONFIRMED_VERDICT_CAP}: the confirmers did not agree the defect is real`
    ]
  }
}

function passNote(pass: PassRunResult['passes'][number]): string | undefined {
  if (pass.completed) return undefined
  if (pass.timedOut) return 'timed out'
  return pass.error === undefined ? 'ended without submitting its results' : `failed: ${pass.error}`
}

/** Each reviewer's passes, for the job summary (several reviewer models only). */
export function reviewerReports(runs: readonly ReviewerRun[]): ReviewerReport[] {
  return runs.map((r) => ({
    model: r.name,
    primary: r.primary,
    ...(r.failure === undefined ? {} : { failure: r.failure }),
    ...(r.focus === undefined ? {} : { discoveryRun: r.focus.run }),
    passes: [...passMetrics(r.run), ...(r.afterPasses?.steps ?? [])]
  }))
}

export function passMetrics(run: PassRunResult): PassMetrics[] {
  return run.passes.map((p) => {
    const note = passNote(p)
    return {
      number: p.pass,
      completed: p.completed,
      durationMs: p.durationMs,
      inputTokens: p.inputTokens,
      outputTokens: p.outputTokens,
      costUsd: p.cost,
      requests: p.requests,
      ...(note === undefined ? {} : { note })
    }
  })
}

function summaryPasses(run: PassRunResult): SummaryPass[] {
  return run.passes.map((p) => {
    const note = passNote(p)
    return {
      number: p.pass,
      summary: p.summary ?? '',
      completed: p.completed,
      ...(p.hasBlockingIssues === undefined ? {} : { hasBlockingIssues: p.hasBlockingIssues }),
      ...(note === undefined ? {} : { note })
    }
  })
}

export interface SummaryFacts {
  readonly prepared: { readonly context: { readonly pr: PullRequestData } }
  readonly stage: FindingStage
  readonly tools: ActionReviewTools
  readonly run: PassRunResult
  readonly scope: ReviewScope
  readonly published: PublishResult
  readonly verdict: VerdictDecision
  readonly newerHead: string | undefined
  /** The last head fully reviewed before this run (null: none). */
  readonly lastReviewedHead: string | null
  /** Several reviewer models: each one's run (their warnings and failures are reported). */
  readonly reviewers?: readonly ReviewerRun[]
  /** Threads whose teaching did not complete: the record names them for the next run. */
  readonly untaughtThreads?: readonly string[]
  readonly deps: { now(): Date }
}

function summaryScope(scope: ReviewScope): NonNullable<SummaryInput['scope']> {
  return scope.kind === 'full'
    ? { kind: 'full', reason: scope.reason }
    : {
        kind: 'incremental',
        from: scope.from,
        changedFiles: scope.files.length,
        unchangedFiles: scope.unchanged.length
      }
}

/**
 * Findings a team learning held back, over every reviewer of the run: the
 * new ones it refused and the staged ones it covered once re-scored.
 */
function heldBackByLearnings(facts: SummaryFacts): number {
  const all = [facts.tools, ...(facts.reviewers ?? []).map((r) => r.tools)]
  const refused = [...new Set(all)].flatMap((t) => t.refused).filter((r) => r.kind === 'learning')
  const rescored = facts.stage.all().filter((f) => f.state === 'held-back')
  return refused.length + rescored.length
}

/** Every reviewer's warnings, and the summary-only findings the record had to drop. */
function runWarnings(facts: SummaryFacts, dropped: number): string[] {
  const others = (facts.reviewers ?? []).filter((r) => r.tools !== facts.tools)
  return [
    ...reviewerWarnings(facts.reviewers ?? []),
    ...facts.tools.warnings,
    ...others.flatMap((r) => r.tools.warnings),
    ...(dropped === 0
      ? []
      : [
          `${dropped} summary-only finding(s) were dropped from the run record (resolved ones first, oldest first) to keep it within ${MAX_RECORDS} entries; they are no longer checked for repeats.`
        ])
  ]
}

export function summaryInputOf(facts: SummaryFacts): SummaryInput {
  const { tools, run, published } = facts
  const pr = facts.prepared.context.pr
  const live = tools.liveState()
  const count = (action: string) => tools.threadOutcomes.filter((o) => o.action === action).length
  const stillOpen = (status: string) => live.threads.filter((t) => t.status === status).length
  const reviewedAt = facts.deps.now().toISOString()
  const records = summaryRecordsAfterRun(live, published.inSummary, pr.headSha, reviewedAt)
  const warnings = runWarnings(facts, records.dropped)
  const incomplete =
    run.fatal !== undefined || run.passes.length < 4 || run.passes.some((p) => !p.completed)
  return {
    headSha: pr.headSha,
    baseSha: pr.baseSha,
    prNumber: pr.number,
    baseRef: pr.baseRef,
    ...(incomplete ? { incompleteSince: { reviewedHead: facts.lastReviewedHead } } : {}),
    reviewedAt,
    scope: summaryScope(facts.scope),
    ...(facts.newerHead === undefined ? {} : { newerHead: facts.newerHead }),
    records: records.records,
    verdict: facts.verdict,
    passes: summaryPasses(run),
    posted: published.posted,
    inSummary: published.inSummary,
    counts: {
      ...facts.stage.counts(),
      heldBackByLearnings: heldBackByLearnings(facts),
      threadsResolved: count('resolved'),
      threadsFollowedUp: count('followed-up') + count('rebutted'),
      threadsEscalated: count('escalated'),
      threadsConceded: count('conceded')
    },
    openThreads: {
      pending: stillOpen('PENDING'),
      disputed: stillOpen('DISPUTED'),
      escalated: stillOpen('ESCALATED')
    },
    resolvedThreads: tools.threadOutcomes
      .filter((o) => o.action === 'resolved' || o.action === 'conceded')
      .map((o) => ({
        file: o.thread.file,
        line: o.thread.line,
        finding: o.thread.assessment.finding,
        reason: o.text
      })),
    warnings,
    consolidationIncomplete: run.passes.length < 4 || run.passes.some((p) => !p.completed),
    ...(facts.untaughtThreads === undefined || facts.untaughtThreads.length === 0
      ? {}
      : { untaughtThreads: facts.untaughtThreads })
  }
}
