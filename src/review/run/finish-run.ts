/**
 * The end of a full review: publish the stage once, decide the verdict from
 * everything still open, keep the run record and the summary comment, write
 * the job summary (with the PR's open findings, for the SARIF file), and
 * return the outcome the action's outputs come from.
 */
import type { Config } from '../../config/action-config.js'
import { publishedAnnotations } from '../../core/reports/check-annotations.js'
import { sumUsage } from '../../core/reports/model-usage.js'
import { latestRunRecord } from '../../core/memory/run-record-reader.js'
import type { FindingStage } from '../../core/findings/finding-stage.js'
import { shouldPostSummary, type SummaryInput } from '../../core/summary/summary.js'
import type { PassMetrics, ReviewerReport } from '../../core/reports/run-report.js'
import type { VerdictDecision } from '../../core/findings/verdict.js'
import type { ReportFiles, ReviewEngineDeps, ReviewOutcome } from '../../ports/review-engine.js'
import type { ReviewScope } from '../scope/change-since.js'
import type { ConfirmationReport } from '../confirmation/confirm-findings.js'
import type { PassRunResult } from '../passes/orchestrator.js'
import type { PreparedRun } from '../preparation/prepare-run.js'
import { publishFindings, type PublishResult } from '../publishing/publish.js'
import { recordRun, type RecordRunResult } from '../publishing/run-record-writer.js'
import type { ReviewCheck } from '../publishing/review-check.js'
import type { ActionReviewTools } from '../tools/action-review-tools.js'
import type { AfterPassesReport, ReviewerRun } from '../passes/reviewers.js'
import {
  passMetrics,
  reviewerReports,
  summaryInputOf,
  verdictAfterRun
} from '../publishing/run-results.js'
import { stillOpenFindings } from '../publishing/still-open.js'
import type { TeamMemory } from '../memory/team-memory.js'
import type { OutcomeRates } from '../../core/team-memory/outcome-rates.js'
import { countOutcomes } from './count-outcomes.js'

export interface FinishInput {
  readonly prepared: PreparedRun
  readonly config: Config
  readonly stage: FindingStage
  readonly tools: ActionReviewTools
  readonly run: PassRunResult
  readonly scope: ReviewScope
  readonly deps: ReviewEngineDeps
  /** The check run started with the review, completed with its record. */
  readonly check: ReviewCheck
  /**
   * Several reviewer models: each one's run. `tools` and `run` are then the
   * primary's tools and the leading run; refusals, warnings and usage come
   * from all of them.
   */
  readonly reviewers?: readonly ReviewerRun[]
  /** What confirming the blocking findings did; absent when none needed it. */
  readonly confirmation?: ConfirmationReport
  /** The run's team memory: the PR's settled threads are counted into it. */
  readonly memory?: TeamMemory
  /** What the primary's session did after its passes (the learnings prompt). */
  readonly afterPasses?: AfterPassesReport
}

/** The head now, when it moved while this run reviewed another one. */
async function newerHead(input: FinishInput): Promise<string | undefined> {
  const reviewed = input.prepared.context.pr.headSha
  try {
    const now = (await input.prepared.gateway.getPullRequest()).headSha
    return now.toLowerCase() === reviewed.toLowerCase() ? undefined : now
  } catch {
    return undefined
  }
}

/** The stage published once: regressions in their threads, the rest as one review. */
function publishStage(input: FinishInput): Promise<PublishResult> {
  const { prepared, config, stage, tools, deps } = input
  return publishFindings({
    gateway: prepared.gateway,
    headSha: prepared.context.pr.headSha,
    files: prepared.context.files,
    findings: stage.publishable(),
    maxComments: config.maxComments,
    secrets: deps.secrets,
    threads: prepared.state.threads,
    warn: (message) => {
      tools.warnings.push(message)
      deps.log.warning(message)
    }
  })
}

/** The run record on the check run, and the summary comment when there is something to say. */
async function keepRunRecord(
  input: FinishInput,
  published: PublishResult,
  summary: SummaryInput
): Promise<RecordRunResult> {
  const { prepared, config, stage, deps } = input
  const { issueComments } = prepared.context
  const existingId = latestRunRecord(issueComments, config.botLogins).record?.commentId
  const recorded = await recordRun({
    gateway: prepared.gateway,
    check: input.check,
    annotations: publishedAnnotations(published.posted, stage.all(), deps.secrets),
    failOn: config.failOn,
    summary,
    speak: shouldPostSummary(summary) || summary.consolidationIncomplete,
    existing: issueComments.find((comment) => comment.id === existingId),
    secrets: deps.secrets,
    log: deps.log
  })
  if (!recorded.commentWritten) {
    deps.log.info(
      'Nothing worth saying on the PR: no comment posted (the job summary still reports).'
    )
  }
  return recorded
}

/** What the run published and kept, for the job summary and the outcome. */
interface RunEnd {
  readonly published: PublishResult
  readonly verdict: VerdictDecision
  readonly summary: SummaryInput
  readonly recorded: RecordRunResult
  readonly moved: string | undefined
  readonly reviewers: readonly ReviewerReport[] | undefined
  readonly passes: readonly PassMetrics[]
  /** The repository's outcome rates, with team memory. */
  readonly rates: OutcomeRates | undefined
}

/** The job summary (and the SARIF file): what the action reports outside the PR. */
function reportRun(input: FinishInput, end: RunEnd): Promise<ReportFiles | void> {
  const { prepared, stage, tools, deps } = input
  const { published, summary, recorded, moved, reviewers } = end
  const headSha = prepared.context.pr.headSha
  return deps.report({
    verdict: end.verdict,
    prCommentPosted: recorded.commentWritten || published.posted.length > 0,
    stage: stage.all(),
    placements: published.placements,
    refused:
      input.reviewers === undefined
        ? tools.refused
        : input.reviewers.flatMap((r) => r.tools.refused),
    resolvedThreads: summary.resolvedThreads,
    passes: end.passes,
    mode: 'full-review',
    recordHome: recorded.home,
    ...(recorded.warning === undefined ? {} : { recordWarning: recorded.warning }),
    scope: summary.scope,
    headSha,
    unverifiedState: prepared.unverifiedState,
    openFindings: stillOpenFindings({
      stage: stage.all(),
      published,
      threads: tools.liveState().threads,
      headSha,
      reviewedAt: summary.reviewedAt ?? deps.now().toISOString()
    }),
    ...(prepared.dryRun === undefined ? {} : { dryRunWrites: prepared.dryRun.writes }),
    ...(moved === undefined ? {} : { newerHead: moved }),
    ...(reviewers === undefined ? {} : { reviewers }),
    ...(end.rates === undefined ? {} : { outcomeRates: end.rates })
  })
}

function outcomeOf(input: FinishInput, end: RunEnd, files: ReportFiles | void): ReviewOutcome {
  const { stage, tools } = input
  const count = (action: string) => tools.threadOutcomes.filter((o) => o.action === action).length
  return {
    kind: 'reviewed',
    verdict: end.verdict.verdict,
    findingsPosted: end.published.posted.length + end.published.inSummary.length,
    findingsSuppressed: stage.counts().suppressed,
    findingsRefuted: stage.counts().refuted ?? 0,
    threadsResolved: count('resolved') + count('conceded'),
    usage: sumUsage(end.passes),
    ...(files?.sarifFile === undefined ? {} : { sarifFile: files.sarifFile })
  }
}

export async function finishRun(input: FinishInput): Promise<ReviewOutcome> {
  const { prepared, tools, deps } = input
  const published = await publishStage(input)
  const verdict = verdictAfterRun(prepared.context.pr, published, tools.liveState())
  const moved = await newerHead(input)
  if (moved !== undefined) {
    deps.log.info(
      `The head moved to ${moved} during the review; published against the reviewed head.`
    )
  }
  const summary = summaryInputOf({
    ...input,
    published,
    verdict,
    newerHead: moved,
    lastReviewedHead: prepared.state.metadata.last_reviewed_sha,
    ...(input.afterPasses === undefined ? {} : { untaughtThreads: input.afterPasses.untaught })
  })
  const recorded = await keepRunRecord(input, published, summary)
  const reviewers = input.reviewers === undefined ? undefined : reviewerReports(input.reviewers)
  // With several reviewers, the primary's report carries its steps after the passes.
  const passes = [
    ...(reviewers === undefined
      ? [...passMetrics(input.run), ...(input.afterPasses?.steps ?? [])]
      : reviewers.flatMap((r) => r.passes)),
    ...(input.confirmation === undefined ? [] : [input.confirmation.metrics])
  ]
  const rates = await countOutcomes({
    memory: input.memory,
    pr: prepared.context.pr.number,
    threads: tools.liveState().threads,
    deps
  })
  const end: RunEnd = { published, verdict, summary, recorded, moved, reviewers, passes, rates }
  return outcomeOf(input, end, await reportRun(input, end))
}
