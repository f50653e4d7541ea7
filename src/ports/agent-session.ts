/**
 * The review orchestrator's view of the agent: one session, prompted once
 * per turn. The OpenCode adapter implements it; the orchestrator never sees
 * the SDK.
 */

export interface AgentToolCall {
  /** Model-visible tool name, e.g. `github_post_review_comment` or `read`. */
  readonly name: string
  /** completed | error | running | pending */
  readonly status: string
}

export interface AgentTokens {
  readonly input: number
  readonly output: number
  readonly reasoning: number
  readonly cacheRead: number
  readonly cacheWrite: number
}

export interface AgentTurnError {
  readonly message: string
  /**
   * True when trying again cannot help (authentication, a model that does
   * not exist, a request the provider refuses): the review cannot complete.
   */
  readonly fatal: boolean
}

export interface AgentTurn {
  /** `idle`: the agent finished; `deadline`: our deadline aborted the turn. */
  readonly ending: 'idle' | 'deadline'
  readonly toolCalls: readonly AgentToolCall[]
  readonly tokens: AgentTokens
  readonly cost: number
  readonly steps: number
  readonly error?: AgentTurnError
}

export interface AgentSession {
  prompt(text: string, options: { readonly deadlineMs: number }): Promise<AgentTurn>
}

/** Log output the orchestrator writes (the action maps it to @actions/core). */
export interface ReviewLog {
  debug(message: string): void
  info(message: string): void
  warning(message: string): void
  group<T>(title: string, body: () => Promise<T>): Promise<T>
}
