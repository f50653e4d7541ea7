/**
 * Pass control: the four passes run in order in ONE
 * session. A pass is complete when the agent calls submit_pass_results for
 * it. A turn that ends without that call gets one nudge; a pass that fails
 * (error or deadline) is tried once more; a failed pass does not stop the
 * review unless the model cannot be used at all (a fatal error).
 */
import { getErrorMessage } from '../../core/errors/error-message.js'
import type { AgentSession, AgentTurn, ReviewLog } from '../../ports/agent-session.js'
import { buildSubmitNudge, buildThreadsNudge, PASS_COUNT } from '../prompts/prompts.js'
import type { ActionReviewTools } from '../tools/action-review-tools.js'

export interface PassReport {
  readonly pass: number
  readonly completed: boolean
  /** Prompts sent for this pass: the pass prompt, retries and nudges. */
  readonly turns: number
  readonly nudged: boolean
  readonly retried: boolean
  readonly timedOut: boolean
  readonly error?: string
  readonly durationMs: number
  readonly inputTokens: number
  readonly outputTokens: number
  readonly cost: number
  readonly toolCalls: number
  /** Model requests (responses) of the pass, as opencode counted them. */
  readonly requests: number
  readonly summary?: string
  readonly hasBlockingIssues?: boolean
}

export interface PassRunOptions {
  readonly session: AgentSession
  readonly tools: ActionReviewTools
  /** The prompt of pass n, built when the pass starts (pass 4 needs the stage as it is then). */
  readonly passPrompt: (pass: number) => string
  readonly deadlineMs: number
  readonly log: ReviewLog
  readonly now?: () => number
}

export interface PassRunResult {
  readonly passes: readonly PassReport[]
  /** A fatal model error stopped the review; the message says why. */
  readonly fatal?: string
}

class PassAccount {
  turns = 0
  timedOut = false
  error: string | undefined
  inputTokens = 0
  outputTokens = 0
  cost = 0
  toolCalls = 0
  requests = 0

  add(turn: AgentTurn): void {
    this.turns += 1
    this.requests += turn.steps
    this.inputTokens += turn.tokens.input
    this.outputTokens += turn.tokens.output
    this.cost += turn.cost
    this.toolCalls += turn.toolCalls.length
    if (turn.ending === 'deadline') this.timedOut = true
    if (turn.error !== undefined) this.error = turn.error.message
  }
}

function failed(turn: AgentTurn): boolean {
  return turn.ending === 'deadline' || turn.error !== undefined
}

/** Below this, there is no time left for another turn in the attempt. */
const MIN_TURN_MS = 1_000

const NO_TOKENS = { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 }

/**
 * A prompt that never throws: if the session itself fails (the sidecar died,
 * an unexpected answer), the turn fails fatally, so the review still
 * publishes what is staged instead of crashing.
 */
async function safePrompt(
  session: AgentSession,
  text: string,
  deadlineMs: number
): Promise<AgentTurn> {
  try {
    return await session.prompt(text, { deadlineMs })
  } catch (error) {
    const message = getErrorMessage(error)
    return {
      ending: 'idle',
      toolCalls: [],
      tokens: NO_TOKENS,
      cost: 0,
      steps: 0,
      error: { message: `the agent session failed: ${message}`, fatal: true }
    }
  }
}

/** One pass: its attempts, the nudges, and the account of its turns. */
class PassRun {
  private readonly account = new PassAccount()
  private readonly started: number
  private nudged = false
  private retried = false
  /** A fatal model error ended the pass (and the review). */
  fatal: string | undefined
  /** When the current attempt's deadline runs out. */
  private attemptEnd = 0

  constructor(
    private readonly pass: number,
    private readonly options: PassRunOptions,
    private readonly now: () => number
  ) {
    this.started = now()
  }

  private submitted(): boolean {
    return this.options.tools.passResults.has(this.pass)
  }

  /** One prompt within the attempt's deadline; false when it failed or no time was left. */
  private async turn(prompt: string): Promise<boolean> {
    const left = this.attemptEnd - this.now()
    if (left < MIN_TURN_MS) return false
    const result = await safePrompt(this.options.session, prompt, left)
    this.account.add(result)
    if (result.error?.fatal) this.fatal = result.error.message
    return !failed(result)
  }

  /**
   * One attempt = the pass prompt and its nudges, within one deadline. The
   * retry gets a fresh deadline: a pass is bounded by two of them.
   */
  private async attempts(): Promise<void> {
    const { pass, options } = this
    const text = options.passPrompt(pass)
    for (
      let attempt = 1;
      attempt <= 2 && !this.submitted() && this.fatal === undefined;
      attempt += 1
    ) {
      if (attempt === 2) {
        this.retried = true
        options.log.warning(`Pass ${pass} did not complete; trying it once more.`)
      }
      this.attemptEnd = this.now() + options.deadlineMs
      const ended = await this.turn(text)
      if (ended && !this.submitted() && !this.nudged && this.fatal === undefined) {
        this.nudged = true
        options.log.info(`Pass ${pass} ended without submit_pass_results; nudging once.`)
        await this.turn(buildSubmitNudge(pass))
      }
    }
  }

  /** Fix verification: every open thread needs an answer by the end of pass 1. */
  private async askUnansweredThreads(): Promise<void> {
    const { pass, options } = this
    const unanswered = options.tools.unansweredThreads()
    if (pass !== 1 || unanswered.length === 0 || this.fatal !== undefined) return
    options.log.info(`${unanswered.length} earlier thread(s) got no answer; nudging once.`)
    const answered = await this.turn(buildThreadsNudge(pass, unanswered))
    if (!answered && this.attemptEnd - this.now() < MIN_TURN_MS) {
      options.log.warning('No time was left in pass 1 to ask about the unanswered threads.')
    }
  }

  private report(): PassReport {
    const { account, pass } = this
    const result = this.options.tools.passResults.get(pass)
    return {
      pass,
      completed: result !== undefined,
      turns: account.turns,
      nudged: this.nudged,
      retried: this.retried,
      timedOut: account.timedOut,
      ...(account.error === undefined ? {} : { error: account.error }),
      durationMs: this.now() - this.started,
      inputTokens: account.inputTokens,
      outputTokens: account.outputTokens,
      cost: account.cost,
      toolCalls: account.toolCalls,
      requests: account.requests,
      ...(result === undefined
        ? {}
        : { summary: result.summary, hasBlockingIssues: result.has_blocking_issues })
    }
  }

  async run(): Promise<PassReport> {
    this.options.tools.currentPass = this.pass
    await this.attempts()
    await this.askUnansweredThreads()
    const report = this.report()
    this.options.log.info(
      `Pass ${this.pass}: ${report.completed ? 'completed' : 'NOT completed'} in ${report.durationMs} ms, ` +
        `${report.turns} turn(s), ${report.toolCalls} tool call(s), ` +
        `${report.inputTokens} input / ${report.outputTokens} output tokens` +
        (report.error === undefined ? '' : `; last error: ${report.error}`)
    )
    return report
  }
}

export async function runPasses(options: PassRunOptions): Promise<PassRunResult> {
  const now = options.now ?? Date.now
  const passes: PassReport[] = []
  for (let pass = 1; pass <= PASS_COUNT; pass += 1) {
    const run = new PassRun(pass, options, now)
    await options.log.group(`Review pass ${pass} of ${PASS_COUNT}`, async () => {
      passes.push(await run.run())
    })
    if (run.fatal !== undefined) return { passes, fatal: run.fatal }
  }
  return { passes }
}
