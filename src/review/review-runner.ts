/**
 * The review itself: state from the PR, deterministic dispute rules, the
 * agent's four passes in one session, one publication, one summary. Talks to
 * GitHub and to the agent only through ports, so it is the same code on a
 * runner and in the end-to-end tests.
 */
import type { Config } from '../config/config.js'
import { settleDisputes, humanReviewers } from '../core/disputes.js'
import { FindingStage } from '../core/finding-stage.js'
import type { JobSummaryInput as RunReport } from '../core/run-report.js'
import { assessSensitivity } from '../core/sensitivity.js'
import { composeFailureComment } from '../core/summary.js'
import { rebuildRunState, type RunState, type ThreadState } from '../core/threads.js'
import type { AgentSession, ReviewLog } from '../ports/agent-session.js'
import type { ReviewGateway } from '../ports/review-gateway.js'
import type { ReviewTools } from '../ports/review-tools.js'
import type { ReviewRequest } from '../trigger/review-request.js'
import type { ReviewEngine, ReviewOutcome } from './engine.js'
import { runPasses } from './orchestrator.js'
import {
  buildPass1Prompt,
  buildPass2Prompt,
  buildPass3Prompt,
  buildPass4Prompt,
  buildSystemPrompt
} from './prompts.js'
import { finishRun } from './finish-run.js'
import { previousReviewOf } from './previous-review.js'
import { loadReviewContext } from './review-context.js'
import { ActionReviewTools } from './review-tools.js'

export interface AgentHandle {
  readonly session: AgentSession
  stop(): Promise<void>
}

export interface ReviewEngineDeps {
  gatewayFor(request: ReviewRequest): ReviewGateway
  /** Starts the sidecar with our tools served to it; throws when it cannot. */
  startAgent(input: { systemPrompt: string; tools: ReviewTools }): Promise<AgentHandle>
  readonly log: ReviewLog
  /** Exact values of the run's secrets (token, model key): never posted. */
  readonly secrets: readonly string[]
  /** Link to this workflow run, for the failure comment. */
  readonly runUrl: string
  /** Writes the job summary. */
  report(report: RunReport): Promise<void>
  /** Patch text inlined in the pass-1 prompt at most (characters). */
  readonly diffBudgetChars?: number
  /** Overrides pass_timeout_minutes (tests use seconds). */
  readonly passDeadlineMs?: number
}

export const DEFAULT_DIFF_BUDGET_CHARS = 120_000

export class ReviewFailedError extends Error {
  override name = 'ReviewFailedError'
  constructor(
    message: string,
    /** What was published before the failure, so the outputs still tell it. */
    readonly outcome?: ReviewOutcome
  ) {
    super(message)
  }
}

/** The state after the dispute rules ran: settled threads are no longer open. */
function withStatus(
  state: RunState,
  changes: ReadonlyMap<string, ThreadState['status']>
): RunState {
  if (changes.size === 0) return state
  return {
    ...state,
    threads: state.threads.map((t) =>
      changes.has(t.id) ? { ...t, status: changes.get(t.id)! } : t
    )
  }
}

export class FourPassReviewEngine implements ReviewEngine {
  constructor(private readonly deps: ReviewEngineDeps) {}

  async review(request: ReviewRequest, config: Config): Promise<ReviewOutcome> {
    const { deps } = this
    const { log } = deps
    const gateway = deps.gatewayFor(request)
    const context = await loadReviewContext(gateway)
    const { pr } = context
    const rebuilt = rebuildRunState({
      threads: [...context.threads],
      issueComments: [...context.issueComments],
      botLogins: config.botLogins
    })
    for (const ignored of rebuilt.ignored)
      log.debug(`Ignored comment ${ignored.commentId}: ${ignored.reason}`)

    // Deterministic dispute rules run before the agent: it never re-argues a settled thread.
    const disputes = settleDisputes(rebuilt.state.threads, humanReviewers(pr, config.botLogins), {
      secrets: deps.secrets
    })
    const settled = new Map<string, ThreadState['status']>()
    const disputeWarnings: string[] = []
    for (const action of disputes) {
      await gateway.replyToThread(action.thread.root_comment_id, action.body)
      if (action.resolve) {
        const resolved = await gateway.resolveThread(action.thread.id)
        if (resolved.kind === 'forbidden') disputeWarnings.push(resolved.warning)
      }
      settled.set(action.thread.id, action.kind === 'escalate' ? 'ESCALATED' : 'RESOLVED')
      log.info(
        `Thread ${action.thread.id}: ${action.kind === 'escalate' ? 'escalated to human review' : "settled as the developer's call"}.`
      )
    }
    const state = withStatus(rebuilt.state, settled)

    const sensitivity = assessSensitivity({
      packageJson: context.packageJson,
      readme: context.readme
    })
    const stage = new FindingStage(
      {
        problemScoreThreshold: config.problemScoreThreshold,
        scoreElevationThreshold: config.scoreElevationThreshold,
        securitySensitive: sensitivity.level === 'high'
      },
      state.threads
    )
    const tools = new ActionReviewTools({
      gateway,
      stage,
      state,
      secrets: deps.secrets,
      warn: (message) => log.warning(message)
    })
    for (const action of disputes) {
      tools.record(
        action.thread,
        action.kind === 'escalate' ? 'escalated' : 'resolved',
        action.body
      )
    }
    tools.warnings.push(...disputeWarnings)

    const previousReview = await previousReviewOf(state, pr, gateway)
    const passPrompt = (pass: number): string => {
      switch (pass) {
        case 1:
          return buildPass1Prompt({
            pr: {
              number: pr.number,
              title: pr.title,
              body: pr.body,
              headRef: pr.headRef,
              baseRef: pr.baseRef
            },
            files: context.files,
            diffBudgetChars: deps.diffBudgetChars ?? DEFAULT_DIFF_BUDGET_CHARS,
            previousReview
          })
        case 2:
          return buildPass2Prompt({ pass1Summary: tools.passResults.get(1)?.summary ?? null })
        case 3:
          return buildPass3Prompt({ sensitivity, agentsMd: context.agentsMd ?? null })
        default:
          return buildPass4Prompt({
            findings: stage
              .all()
              .filter((f) => f.state === 'staged' || f.state === 'suppressed')
              .map((f) => ({ ...f, state: f.state as 'staged' | 'suppressed' })),
            scoreElevationThreshold: config.scoreElevationThreshold
          })
      }
    }
    const systemPrompt = buildSystemPrompt({
      problemScoreThreshold: config.problemScoreThreshold,
      scoreElevationThreshold: config.scoreElevationThreshold,
      maxComments: config.maxComments,
      enableWeb: config.enableWeb
    })

    let agent: AgentHandle
    try {
      agent = await deps.startAgent({ systemPrompt, tools })
    } catch (error) {
      return await this.fail(gateway, `the review agent could not start: ${describe(error)}`)
    }
    let run: Awaited<ReturnType<typeof runPasses>>
    try {
      run = await runPasses({
        session: agent.session,
        tools,
        passPrompt,
        deadlineMs: deps.passDeadlineMs ?? config.passTimeoutMinutes * 60_000,
        log
      })
    } finally {
      await agent.stop()
    }
    const completed = run.passes.filter((p) => p.completed).length
    // Nothing reviewed and nothing staged: never report a review that did not happen.
    if (stage.publishable().length === 0 && (run.fatal !== undefined || completed === 0)) {
      const why =
        run.fatal !== undefined
          ? `the model could not be used: ${run.fatal}`
          : `no review pass completed (${run.passes.map((p) => p.error ?? 'no result').join('; ')})`
      return await this.fail(gateway, why)
    }
    let outcome: ReviewOutcome
    try {
      outcome = await finishRun({ gateway, config, context, state, stage, tools, run, deps })
    } catch (error) {
      return await this.fail(
        gateway,
        `publishing the review failed part way (some comments may be posted, the summary is missing): ${describe(error)}`
      )
    }
    if (run.fatal !== undefined || completed === 0) {
      throw new ReviewFailedError(
        `The review stopped early (${run.fatal ?? 'no pass completed'}); the findings staged so far were published.`,
        outcome
      )
    }
    return outcome
  }

  /** The review cannot complete: say so on the PR (with the run link), then fail the step. */
  private async fail(gateway: ReviewGateway, reason: string): Promise<never> {
    try {
      await gateway.postIssueComment(
        composeFailureComment(reason, this.deps.runUrl, this.deps.secrets)
      )
    } catch (error) {
      this.deps.log.warning(`Could not post the failure comment: ${describe(error)}`)
    }
    throw new ReviewFailedError(`Review failed: ${reason}`)
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
