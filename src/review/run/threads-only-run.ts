/**
 * A threads-only run: a developer replied in one of the bot's threads. The
 * state is rebuilt, the agent answers that one thread (verifies a claimed
 * fix and resolves, concedes, or rebuts), the dispute rule applies to it,
 * and a thread it settled with a developer's reason may teach a learning.
 * No four-pass review, no summary comment, no run record: the head was not
 * reviewed. A reply that is not a developer's answer in an open bot thread
 * starts nothing (a skip with its reason, no model request, no write).
 */
import type { Config } from '../../config/action-config.js'
import { getErrorMessage } from '../../core/errors/error-message.js'
import { FindingStage } from '../../core/findings/finding-stage.js'
import { NO_USAGE, sumUsage, type ModelUsage } from '../../core/reports/model-usage.js'
import type { ThreadState } from '../../core/memory/run-state.js'
import { verdictWeight } from '../../core/findings/confirmation.js'
import { decideVerdict, type VerdictDecision } from '../../core/findings/verdict.js'
import type { AgentSession, AgentTurn } from '../../ports/agent-session.js'
import type { ReviewEngineDeps, ReviewOutcome } from '../../ports/review-engine.js'
import type { ReviewRequest } from '../../core/pull-request/review-request.js'
import { startAgentOrFail, toolsFor } from '../passes/agent-start.js'
import type { PreparedRun } from '../preparation/prepare-run.js'
import { replyTarget } from './reply-target.js'
import { teachAfterReply } from './reply-teaching.js'
import { ReviewFailedError } from '../preparation/review-failure.js'
import { settleRemainingDisputes } from './settle-disputes.js'
import { buildThreadReplyNudge, buildThreadReplyPrompt } from '../prompts/thread-reply-prompt.js'
import type { ActionReviewTools, ThreadOutcome } from '../tools/action-review-tools.js'
import type { OutcomeRates } from '../../core/team-memory/outcome-rates.js'
import type { TeamMemory } from '../memory/team-memory.js'
import type { PassMetrics } from '../../core/reports/run-report.js'
import { countOutcomes } from './count-outcomes.js'

interface ThreadAnswer {
  /** Why the model cannot be used, when a turn said so. */
  readonly fatal?: string
  /** What the turns cost, as opencode reported it. */
  readonly usage: ModelUsage
}

const usageOf = (turn: AgentTurn): ModelUsage => ({
  inputTokens: turn.tokens.input,
  outputTokens: turn.tokens.output,
  costUsd: turn.cost
})

/** One turn, and one nudge when it ended without an answer. */
async function answerThread(
  session: AgentSession,
  tools: ActionReviewTools,
  thread: ThreadState,
  deadlineMs: number
): Promise<ThreadAnswer> {
  const answered = () => tools.threadOutcomes.some((o) => o.thread.id === thread.id)
  let turn = await session.prompt(buildThreadReplyPrompt(thread), { deadlineMs })
  const turns = [turn]
  if (!answered() && turn.ending === 'idle' && turn.error === undefined) {
    turn = await session.prompt(buildThreadReplyNudge(thread), { deadlineMs })
    turns.push(turn)
  }
  const usage = sumUsage(turns.map(usageOf))
  return turn.error?.fatal === true ? { fatal: turn.error.message, usage } : { usage }
}

/** No findings in this run: the stage only exists because the tools expect one. */
function emptyStage(config: Config, prepared: PreparedRun): FindingStage {
  return new FindingStage(
    {
      problemScoreThreshold: config.problemScoreThreshold,
      scoreElevationThreshold: config.scoreElevationThreshold,
      securitySensitive: false
    },
    prepared.state.threads
  )
}

/** The answer's cost and time, and the rows of the prompts sent after it (the learnings prompt). */
interface AgentAnswer {
  readonly usage: ModelUsage
  readonly durationMs: number
  readonly steps: readonly PassMetrics[]
}

/**
 * The agent's answer in the thread, with what it cost; a fatal failure fails
 * the run. `afterAnswer` runs in the same session before the agent stops.
 */
async function answerWithAgent(
  prepared: PreparedRun,
  tools: ActionReviewTools,
  thread: ThreadState,
  config: Config,
  deps: ReviewEngineDeps,
  afterAnswer: (session: AgentSession) => Promise<readonly PassMetrics[]>
): Promise<AgentAnswer> {
  const agent = await startAgentOrFail(prepared, tools, config, deps)
  const started = Date.now()
  let fatal: string | undefined
  let usage = NO_USAGE
  let steps: readonly PassMetrics[] = []
  try {
    try {
      const answer = await answerThread(
        agent.session,
        tools,
        thread,
        deps.passDeadlineMs ?? config.passTimeoutMinutes * 60_000
      )
      fatal = answer.fatal
      usage = answer.usage
    } catch (error) {
      fatal = `the agent session failed: ${getErrorMessage(error)}`
    }
    if (fatal === undefined) steps = await afterAnswer(agent.session)
  } finally {
    await agent.stop()
  }
  const durationMs = Date.now() - started
  if (fatal !== undefined) {
    throw new ReviewFailedError(`The reply in thread ${thread.id} could not be answered: ${fatal}`)
  }
  return { usage, durationMs, steps }
}

/** Every finding still open after the answer counts, as in a full review. */
function verdictAfterReply(prepared: PreparedRun, tools: ActionReviewTools): VerdictDecision {
  const open = tools
    .liveState()
    .threads.filter((t) => t.status !== 'RESOLVED')
    .map((t) => verdictWeight(t.score, t.assessment.confirmation))
    .filter((score) => score !== undefined)
  return decideVerdict({ reviews: prepared.context.pr.reviews, postedScores: open })
}

/** The job summary of a threads-only run: one "reply" pass. */
async function reportReply(
  prepared: PreparedRun,
  deps: ReviewEngineDeps,
  reply: {
    readonly verdict: VerdictDecision
    readonly outcome: ThreadOutcome | undefined
    readonly usage: ModelUsage
    readonly durationMs: number
    readonly steps: readonly PassMetrics[]
    readonly rates: OutcomeRates | undefined
  }
): Promise<void> {
  const { outcome } = reply
  await deps.report({
    verdict: reply.verdict,
    prCommentPosted: outcome !== undefined,
    stage: [],
    placements: {},
    refused: [],
    resolvedThreads: [],
    passes: [
      {
        number: 1,
        label: 'reply',
        completed: outcome !== undefined,
        durationMs: reply.durationMs,
        ...reply.usage,
        ...(outcome === undefined ? { note: 'no answer in the thread' } : {})
      },
      ...reply.steps
    ],
    mode: 'threads-only',
    unverifiedState: prepared.unverifiedState,
    ...(prepared.dryRun === undefined ? {} : { dryRunWrites: prepared.dryRun.writes }),
    ...(reply.rates === undefined ? {} : { outcomeRates: reply.rates })
  })
}

export async function threadsOnlyRun(
  prepared: PreparedRun,
  request: ReviewRequest,
  config: Config,
  deps: ReviewEngineDeps,
  memory?: () => Promise<TeamMemory>
): Promise<ReviewOutcome> {
  const target = replyTarget(prepared, request.commentId)
  if ('skip' in target) return { kind: 'skipped', reason: target.skip }
  const { thread } = target
  const tools = toolsFor(prepared, emptyStage(config, prepared), deps, thread.id)
  const { usage, durationMs, steps } = await answerWithAgent(
    prepared,
    tools,
    thread,
    config,
    deps,
    async (session) => {
      await settleRemainingDisputes({
        gateway: prepared.gateway,
        tools,
        pr: prepared.context.pr,
        config,
        secrets: deps.secrets,
        log: deps.log,
        threadIds: new Set([thread.id])
      })
      if (memory === undefined) return []
      const taught = await teachAfterReply({ request, config, deps, tools, session, memory })
      return taught?.step === undefined ? [] : [taught.step]
    }
  )
  const verdict = verdictAfterReply(prepared, tools)
  const outcome = tools.threadOutcomes.find((o) => o.thread.id === thread.id)
  deps.log.info(`Thread ${thread.id}: ${outcome?.action ?? 'no answer'} (threads-only run).`)
  // A thread still open counts nothing: no memory read for it.
  const settled = tools
    .liveState()
    .threads.some((t) => t.id === thread.id && t.status !== 'PENDING' && t.status !== 'DISPUTED')
  const rates = await countOutcomes({
    memory: memory === undefined || !settled ? undefined : await memory(),
    pr: prepared.context.pr.number,
    threads: tools.liveState().threads,
    deps
  })
  await reportReply(prepared, deps, { verdict, outcome, usage, durationMs, steps, rates })
  return {
    kind: 'reviewed',
    verdict: verdict.verdict,
    findingsPosted: 0,
    findingsSuppressed: 0,
    threadsResolved: tools.threadOutcomes.filter(
      (o) => o.action === 'resolved' || o.action === 'conceded'
    ).length,
    // The learnings prompt's turn costs like the answer's.
    usage: sumUsage([usage, ...steps])
  }
}
