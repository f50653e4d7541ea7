/**
 * Several reviewer models (the `reviewer_models` input): each runs the four
 * passes in its own session, with its own sidecar and tool bridge (so the
 * tools know who calls them), concurrently with the primary `model`, against
 * the same read-only checkout and the same staging. One reviewer failing does
 * not stop the others; what each did is kept for the summaries.
 *
 * Only the primary answers earlier threads: the others' tools refuse, so a
 * thread never gets two answers.
 */
import type { Config } from '../../config/action-config.js'
import { getErrorMessage } from '../../core/errors/error-message.js'
import type { FindingStage } from '../../core/findings/finding-stage.js'
import type { PassMetrics } from '../../core/reports/run-report.js'
import type { AgentSession, ReviewLog } from '../../ports/agent-session.js'
import type { ReviewEngineDeps } from '../../ports/review-engine.js'
import { runPasses, type PassRunResult } from './orchestrator.js'
import type { PreparedRun } from '../preparation/prepare-run.js'
import { buildSecondReviewerNote } from '../prompts/prompts.js'
import { discoveryRunName, type DiscoveryFocus } from './discovery-runs.js'
import type { ActionReviewTools } from '../tools/action-review-tools.js'

export interface Reviewer {
  /** provider/model. */
  readonly model: string
  /** The one reviewer that answers earlier threads: `model`'s (first) run. */
  readonly primary: boolean
  /** Who it is in logs, tables and agreement: the model, or a discovery run of it. */
  readonly name: string
  /** A discovery run's focus (discovery-runs.ts); absent for a plain review. */
  readonly focus?: DiscoveryFocus
}

export interface ReviewerRun extends Reviewer {
  readonly tools: ActionReviewTools
  readonly run: PassRunResult
  /** Why it reviewed nothing (could not start, model unusable, no pass completed). */
  readonly failure?: string
  /** What `afterPasses` threw; the caller decides what it costs the review. */
  readonly afterPassesError?: unknown
  /** What `afterPasses` reported (the primary only). */
  readonly afterPasses?: AfterPassesReport
}

/** What the primary's session did after its passes, for the report and the run record. */
export interface AfterPassesReport {
  /** A row of the pass table per prompt sent after the passes (the learnings prompt). */
  readonly steps: readonly PassMetrics[]
  /** Threads whose teaching did not complete: the run record names them for one more offer. */
  readonly untaught: readonly string[]
}

/** The primary's session after its passes, before its agent stops. */
export type AfterPasses = (
  tools: ActionReviewTools,
  run: PassRunResult,
  session: AgentSession
) => Promise<AfterPassesReport | undefined>

/**
 * The reviewers of a run: `model` first (once, or once per discovery run),
 * then `reviewer_models` in order, each once and without a focus.
 */
export function reviewersOf(config: Config, focuses: readonly DiscoveryFocus[] = []): Reviewer[] {
  const primary: Reviewer[] =
    focuses.length === 0
      ? [{ model: config.model, primary: true, name: config.model }]
      : focuses.map((focus, i) => ({
          model: config.model,
          primary: i === 0,
          name: discoveryRunName(config.model, focus),
          focus
        }))
  return [
    ...primary,
    ...config.reviewerModels.map((model) => ({ model, primary: false, name: model }))
  ]
}

/** Why a reviewer's passes amount to no review; undefined when at least one pass completed. */
export function reviewerFailure(run: PassRunResult): string | undefined {
  if (run.fatal !== undefined) return `the model could not be used: ${run.fatal}`
  if (run.passes.some((p) => p.completed)) return undefined
  return `no review pass completed (${run.passes.map((p) => p.error ?? 'no result').join('; ') || 'none ran'})`
}

/** Log lines of one reviewer among several carry its model; its pass groups become plain lines. */
export function reviewerLog(log: ReviewLog, model: string): ReviewLog {
  const tag = (message: string) => `[${model}] ${message}`
  return {
    debug: (message) => log.debug(tag(message)),
    info: (message) => log.info(tag(message)),
    warning: (message) => log.warning(tag(message)),
    // Groups of concurrent reviewers would interleave: a line marks the start instead.
    group: async (title, body) => {
      log.info(tag(title))
      return body()
    }
  }
}

export interface ReviewerRunInput {
  readonly prepared: PreparedRun
  readonly stage: FindingStage
  readonly config: Config
  readonly deps: ReviewEngineDeps
  readonly systemPrompt: string
  /** Several reviewers: each log line names its model. */
  readonly tagLogs: boolean
  /** The tools of one reviewer on the shared stage. */
  readonly toolsFor: (reviewer: Reviewer) => ActionReviewTools
  /** The pass prompts of one reviewer (pass 4 lists its findings). */
  readonly passPromptFor: (reviewer: Reviewer, tools: ActionReviewTools) => (pass: number) => string
  /**
   * Runs once in the primary reviewer's session after its passes, before
   * the agent stops (the dispute rule, then what the threads taught).
   */
  readonly afterPasses?: AfterPasses
}

const NOT_RUN: PassRunResult = { passes: [] }

/** One reviewer's session: started, its four passes, stopped whatever happens. */
async function runReviewer(reviewer: Reviewer, input: ReviewerRunInput): Promise<ReviewerRun> {
  const { config, deps } = input
  const tools = input.toolsFor(reviewer)
  const systemPrompt = reviewer.primary
    ? input.systemPrompt
    : `${input.systemPrompt}\n\n${buildSecondReviewerNote()}`
  let agent
  try {
    agent = await deps.startAgent({ systemPrompt, tools, model: reviewer.model })
  } catch (error) {
    const failure = `the review agent could not start: ${getErrorMessage(error)}`
    return { ...reviewer, tools, run: NOT_RUN, failure }
  }
  try {
    const run = await runPasses({
      session: agent.session,
      tools,
      passPrompt: input.passPromptFor(reviewer, tools),
      deadlineMs: deps.passDeadlineMs ?? config.passTimeoutMinutes * 60_000,
      log: input.tagLogs ? reviewerLog(deps.log, reviewer.name) : deps.log
    })
    const failure = reviewerFailure(run)
    const after = reviewer.primary ? await afterPassesOf(input, tools, run, agent) : {}
    return { ...reviewer, tools, run, ...(failure === undefined ? {} : { failure }), ...after }
  } finally {
    await agent.stop()
  }
}

/** Runs the primary's afterPasses; returns what it reported, or what it threw. */
async function afterPassesOf(
  input: ReviewerRunInput,
  tools: ActionReviewTools,
  run: PassRunResult,
  agent: { readonly session: AgentSession }
): Promise<Pick<ReviewerRun, 'afterPasses' | 'afterPassesError'>> {
  if (input.afterPasses === undefined) return {}
  try {
    const afterPasses = await input.afterPasses(tools, run, agent.session)
    return afterPasses === undefined ? {} : { afterPasses }
  } catch (error) {
    return { afterPassesError: error ?? new Error('afterPasses failed') }
  }
}

/**
 * Every reviewer at once. A reviewer that throws is a failed reviewer, not a
 * failed review: the caller decides from all of them.
 */
export async function runReviewers(
  reviewers: readonly Reviewer[],
  input: ReviewerRunInput
): Promise<ReviewerRun[]> {
  const settled = await Promise.allSettled(reviewers.map((r) => runReviewer(r, input)))
  return settled.map((result, index) => {
    if (result.status === 'fulfilled') return result.value
    const reviewer = reviewers[index]!
    return {
      ...reviewer,
      tools: input.toolsFor(reviewer),
      run: NOT_RUN,
      failure: `the reviewer failed: ${getErrorMessage(result.reason)}`
    }
  })
}

/**
 * The run the review goes on with (summary passes, completeness, disputes):
 * the primary's when it reviewed, otherwise the first reviewer that did,
 * otherwise the primary's (the review then fails as with one model).
 */
export function leadingRun(runs: readonly ReviewerRun[]): ReviewerRun {
  const primary = runs.find((r) => r.primary) ?? runs[0]!
  if (primary.failure === undefined) return primary
  return runs.find((r) => r.failure === undefined) ?? primary
}

/** What the summary says about reviewers that failed or did not finish (several reviewers only). */
export function reviewerWarnings(runs: readonly ReviewerRun[]): string[] {
  if (runs.length < 2) return []
  return runs.flatMap((r) => {
    if (r.failure !== undefined) {
      return [
        `Reviewer model ${r.name} failed (${r.failure}); the review went on without its findings.`
      ]
    }
    const unfinished = r.run.passes.filter((p) => !p.completed).map((p) => p.pass)
    if (unfinished.length === 0) return []
    return [
      `Reviewer model ${r.name} did not complete pass(es) ${unfinished.join(', ')}${r.run.passes.some((p) => p.timedOut) ? ' (timed out)' : ''}.`
    ]
  })
}
