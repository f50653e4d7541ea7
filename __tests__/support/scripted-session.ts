/**
 * An agent without opencode: each prompt runs the next scripted turn, which
 * calls the action's tools directly (as the bridge would) and ends like a
 * real turn. For engine tests whose subject is the engine, not the model.
 */
import type { AgentSession, AgentTurn } from '../../src/ports/agent-session.js'
import type { AgentHandle } from '../../src/ports/review-engine.js'
import type { ReviewTools } from '../../src/ports/review-tools.js'

/** One turn: calls the tools, then ends idle unless it returns another ending. */
export type ScriptedTurn = (
  tools: ReviewTools,
  prompt: string
) => Promise<Partial<Pick<AgentTurn, 'ending' | 'error'>> | void>

const TOKENS = { input: 100, output: 10, reasoning: 0, cacheRead: 0, cacheWrite: 0 }

/** Submits pass `n` (what every scripted pass ends with). */
export const submit =
  (calls: (tools: ReviewTools) => Promise<unknown> = async () => undefined): ScriptedTurn =>
  async (tools, prompt) => {
    await calls(tools)
    const pass = Number(/pass (\d)/i.exec(prompt)?.[1] ?? '1')
    await tools.submitPassResults({
      pass_number: (tools as { currentPass?: number }).currentPass ?? pass,
      summary: `Pass ${(tools as { currentPass?: number }).currentPass ?? pass} done.`,
      has_blocking_issues: false
    })
  }

export class ScriptedAgent {
  readonly prompts: string[] = []
  started = 0
  stopped = 0

  constructor(private readonly turns: ScriptedTurn[]) {}

  /** ReviewEngineDeps.startAgent */
  readonly start = async (input: { tools: ReviewTools }): Promise<AgentHandle> => {
    this.started += 1
    const newSession = (): AgentSession => ({
      prompt: async (text) => {
        this.prompts.push(text)
        const turn = this.turns.shift() ?? submit()
        const ending = (await turn(input.tools, text)) ?? {}
        return {
          ending: ending.ending ?? 'idle',
          toolCalls: [],
          tokens: TOKENS,
          cost: 0,
          steps: 1,
          ...(ending.error === undefined ? {} : { error: ending.error })
        }
      }
    })
    return {
      session: newSession(),
      openSession: async () => newSession(),
      stop: async () => {
        this.stopped += 1
      }
    }
  }
}

/**
 * Several scripted agents, one per model (ReviewEngineDeps.startAgent
 * dispatches on `model`; absent means `primary`). A model mapped to an Error
 * cannot start.
 */
export class ScriptedReviewers {
  readonly agents = new Map<string, ScriptedAgent>()
  /** Models in the order their agents were started. */
  readonly started: string[] = []
  /** The system prompt each model's agent was started with. */
  readonly systemPrompts = new Map<string, string>()
  private readonly failures: Map<string, Error>

  constructor(
    private readonly primary: string,
    scripts: Readonly<Record<string, ScriptedTurn[] | Error>>
  ) {
    for (const [model, script] of Object.entries(scripts)) {
      if (!(script instanceof Error)) this.agents.set(model, new ScriptedAgent(script))
    }
    this.failures = new Map(
      Object.entries(scripts).filter((entry): entry is [string, Error] => entry[1] instanceof Error)
    )
  }

  /** ReviewEngineDeps.startAgent */
  readonly start = async (input: {
    systemPrompt: string
    tools: ReviewTools
    model?: string
  }): Promise<AgentHandle> => {
    const model = input.model ?? this.primary
    this.started.push(model)
    this.systemPrompts.set(model, input.systemPrompt)
    const failure = this.failures.get(model)
    if (failure !== undefined) throw failure
    const agent = this.agents.get(model)
    if (agent === undefined) throw new Error(`no script for model ${model}`)
    return agent.start(input)
  }
}
