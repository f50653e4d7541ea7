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
import { shouldPostSummary } from '../../core/summary/summary.js'
import type { ReviewEngineDeps, ReviewOutcome } from '../../ports/review-engine.js'
import type { ReviewScope } from '../scope/change-since.js'
import type { ConfirmationReport } from '../confirmation/confirm-findings.js'
import type { PassRunResult } from '../passes/orchestrator.js'
import type { PreparedRun } from '../preparation/prepare-run.js'
import { publishFindings } from '../publishing/publish.js'
import { recordRun } from '../publishing/run-record-writer.js'
import type { ReviewCheck } from '../publishing/review-check.js'
import type { ActionReviewTools } from '../tools/action-review-tools.js'
import type { ReviewerRun } from '../passes/reviewers.js'
import {
  passMetrics,
  reviewerReports,
  summaryInputOf,
  verdictAfterRun
} from '../publishing/run-results.js'
import { stillOpenFindings } from '../publishing/still-open.js'

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

export async function finishRun(input: FinishInput): Promise<ReviewOutcome> {
  const { prepared, config, stage, tools, run, deps } = input
  const { gateway, context } = prepared
  const published = await publishFindings({
    gateway,
    headSha: context.pr.headSha,
    files: context.files,
    findings: stage.publishable(),
    maxComments: config.maxComments,
    secrets: deps.secrets,
    threads: prepared.state.threads,
    warn: (message) => {
      tools.warnings.push(message)
      deps.log.warning(message)
    }
  })
  const verdict = verdictAfterRun(context.pr, published, tools.liveState())
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
    lastReviewedHead: prepared.state.metadata.last_reviewed_sha
  })
  const speak = shouldPostSummary(summary) || summary.consolidationIncomplete
  const existingId = latestRunRecord(context.issueComments, config.botLogins).record?.commentId
  const recorded = await recordRun({
    gateway,
    check: input.check,
    annotations: publishedAnnotations(published.posted, stage.all(), deps.secrets),
    failOn: config.failOn,
    summary,
    speak,
    existing: context.issueComments.find((comment) => comment.id === existingId),
    secrets: deps.secrets,
    log: deps.log
  })
  if (!recorded.commentWritten) {
    deps.log.info(
      'Nothing worth saying on the PR: no comment posted (the job summary still reports).'
    )
  }
  const reviewers = input.reviewers === undefined ? undefined : reviewerReports(input.reviewers)
  const passes = [
    ...(reviewers === undefined ? passMetrics(run) : reviewers.flatMap((r) => r.passes)),
    ...(input.confirmation === undefined ? [] : [input.confirmation.metrics])
  ]
  const refused =
    input.reviewers === undefined ? tools.refused : input.reviewers.flatMap((r) => r.tools.refused)
  const files = await deps.report({
    verdict,
    prCommentPosted: recorded.commentWritten || published.posted.length > 0,
    stage: stage.all(),
    placements: published.placements,
    refused,
    resolvedThreads: summary.resolvedThreads,
    passes,
    mode: 'full-review',
    recordHome: recorded.home,
    ...(recorded.warning === undefined ? {} : { recordWarning: recorded.warning }),
    scope: summary.scope,
    headSha: context.pr.headSha,
    unverifiedState: prepared.unverifiedState,
    openFindings: stillOpenFindings({
      stage: stage.all(),
      published,
      threads: tools.liveState().threads,
      headSha: context.pr.headSha,
      reviewedAt: summary.reviewedAt ?? deps.now().toISOString()
    }),
    ...(prepared.dryRun === undefined ? {} : { dryRunWrites: prepared.dryRun.writes }),
    ...(moved === undefined ? {} : { newerHead: moved }),
    ...(reviewers === undefined ? {} : { reviewers })
  })
  const count = (action: string) => tools.threadOutcomes.filter((o) => o.action === action).length
  return {
    kind: 'reviewed',
    verdict: verdict.verdict,
    findingsPosted: published.posted.length + published.inSummary.length,
    findingsSuppressed: stage.counts().suppressed,
    findingsRefuted: stage.counts().refuted ?? 0,
    threadsResolved: count('resolved') + count('conceded'),
    usage: sumUsage(passes),
    ...(files?.sarifFile === undefined ? {} : { sarifFile: files.sarifFile })
  }
}
