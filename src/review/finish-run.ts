/**
 * The end of a run: publish the stage once, decide the verdict, post the
 * summary comment unless there is nothing to say, report the job summary,
 * and return the outcome the action's outputs are set from.
 */
import type { Config } from '../config/config.js'
import type { FindingStage } from '../core/finding-stage.js'
import {
  composeSummaryComment,
  shouldPostSummary,
  type PassReport as SummaryPass,
  type SummaryInput
} from '../core/summary.js'
import type { RunState } from '../core/threads.js'
import { decideVerdict } from '../core/verdict.js'
import type { ReviewGateway } from '../ports/review-gateway.js'
import type { ReviewOutcome } from './engine.js'
import type { PassRunResult } from './orchestrator.js'
import { publishFindings } from './publish.js'
import type { ReviewContext } from './review-context.js'
import type { ReviewEngineDeps } from './review-engine.js'
import type { ActionReviewTools } from './review-tools.js'

export interface FinishInput {
  readonly gateway: ReviewGateway
  readonly config: Config
  readonly context: ReviewContext
  readonly state: RunState
  readonly stage: FindingStage
  readonly tools: ActionReviewTools
  readonly run: PassRunResult
  readonly deps: ReviewEngineDeps
}

function passNote(pass: PassRunResult['passes'][number]): string | undefined {
  if (pass.completed) return undefined
  if (pass.timedOut) return 'timed out'
  return pass.error === undefined ? 'ended without submitting its results' : `failed: ${pass.error}`
}

export async function finishRun(input: FinishInput): Promise<ReviewOutcome> {
  const { gateway, config, context, state, stage, tools, run, deps } = input
  const published = await publishFindings({
    gateway,
    headSha: context.pr.headSha,
    files: context.files,
    findings: stage.publishable(),
    maxComments: config.maxComments,
    secrets: deps.secrets
  })
  const count = (action: string) => tools.threadOutcomes.filter((o) => o.action === action).length
  const handled = new Map(tools.threadOutcomes.map((o) => [o.thread.id, o.action]))
  /** Each earlier thread's status after this run; undefined once it is resolved. */
  const statusAfterRun = (thread: RunState['threads'][number]): string | undefined => {
    const action = handled.get(thread.id)
    if (action === 'resolved' || action === 'conceded') return undefined
    if (action === 'escalated') return 'ESCALATED'
    if (action === 'rebutted') return 'DISPUTED'
    return thread.status === 'RESOLVED' ? undefined : thread.status
  }
  const stillOpen = (status: string) =>
    state.threads.filter((t) => statusAfterRun(t) === status).length
  // Seed 000 A6 counts every finding still open, not only this run's: an
  // unfixed score-8 thread keeps the PR at request_changes.
  const openThreadScores = state.threads
    .filter((t) => statusAfterRun(t) !== undefined)
    .map((t) => t.score)
  const verdict = decideVerdict({
    reviews: context.pr.reviews,
    postedScores: [...published.posted, ...published.inSummary]
      .map((f) => f.score)
      .concat(openThreadScores)
  })
  const passes: SummaryPass[] = run.passes.map((p) => {
    const note = passNote(p)
    return {
      number: p.pass,
      summary: p.summary ?? '',
      completed: p.completed,
      ...(p.hasBlockingIssues === undefined ? {} : { hasBlockingIssues: p.hasBlockingIssues }),
      ...(note === undefined ? {} : { note })
    }
  })
  const resolvedThreads = tools.threadOutcomes
    .filter((o) => o.action === 'resolved' || o.action === 'conceded')
    .map((o) => ({
      file: o.thread.file,
      line: o.thread.line,
      finding: o.thread.assessment.finding,
      reason: o.text
    }))
  const summary: SummaryInput = {
    headSha: context.pr.headSha,
    verdict,
    passes,
    posted: published.posted,
    inSummary: published.inSummary,
    counts: {
      ...stage.counts(),
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
    resolvedThreads,
    warnings: tools.warnings,
    consolidationIncomplete: run.passes.length < 4 || run.passes.some((p) => !p.completed)
  }
  // A review that did not finish always says so on the PR, even with nothing else to say.
  const speak = shouldPostSummary(summary) || summary.consolidationIncomplete
  if (speak) {
    await gateway.postIssueComment(composeSummaryComment(summary, deps.secrets))
  } else {
    deps.log.info(
      'Nothing worth saying on the PR: no comment posted (the job summary still reports).'
    )
  }
  await deps.report({
    verdict,
    prCommentPosted: speak || published.posted.length > 0,
    stage: stage.all(),
    placements: published.placements,
    refused: tools.refused,
    resolvedThreads,
    passes: run.passes.map((p) => {
      const note = passNote(p)
      return {
        number: p.pass,
        completed: p.completed,
        durationMs: p.durationMs,
        inputTokens: p.inputTokens,
        outputTokens: p.outputTokens,
        ...(note === undefined ? {} : { note })
      }
    })
  })
  return {
    kind: 'reviewed',
    verdict: verdict.verdict,
    findingsPosted: published.posted.length + published.inSummary.length,
    findingsSuppressed: stage.counts().suppressed,
    threadsResolved: count('resolved') + count('conceded')
  }
}
