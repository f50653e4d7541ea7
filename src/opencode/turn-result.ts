/**
 * What one turn (one prompt) did, read from the session's messages once the
 * turn is over. The messages are the authoritative record: events can be
 * missed if the stream reconnects, the stored messages cannot.
 */
import { ModelTurnError, type SessionDriverError } from './errors.js'
import { textPartSchema, toolPartSchema, type MessageInfo, type MessageWithParts } from './wire.js'

export interface ToolCallRecord {
  readonly callId: string
  /** Model-visible name, e.g. `github_post_review_comment` or `read`. */
  readonly name: string
  /** OpenCode's tool state: completed | error | running | pending. */
  readonly status: string
  readonly input: Readonly<Record<string, unknown>>
  readonly output?: string
  readonly error?: string
}

export interface TurnTokens {
  readonly input: number
  readonly output: number
  readonly reasoning: number
  readonly cacheRead: number
  readonly cacheWrite: number
}

export interface TurnResult {
  /** `idle`: the agent finished; `deadline`: our deadline aborted it. */
  readonly ending: 'idle' | 'deadline'
  readonly toolCalls: readonly ToolCallRecord[]
  readonly tokens: TurnTokens
  /** As OpenCode computed it from the provider's price list (0 when unknown). */
  readonly cost: number
  /** The agent's final text, if any. */
  readonly text: string
  /** Number of model responses (steps) in the turn. */
  readonly steps: number
  readonly error?: SessionDriverError
}

const ZERO_TOKENS: TurnTokens = { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 }

function addTokens(sum: TurnTokens, info: MessageInfo): TurnTokens {
  const tokens = info.tokens
  if (!tokens) return sum
  return {
    input: sum.input + tokens.input,
    output: sum.output + tokens.output,
    reasoning: sum.reasoning + tokens.reasoning,
    cacheRead: sum.cacheRead + (tokens.cache?.read ?? 0),
    cacheWrite: sum.cacheWrite + (tokens.cache?.write ?? 0)
  }
}

/** A message part as a tool call record; undefined when the part is not a tool call. */
export function toolCallOf(part: unknown): ToolCallRecord | undefined {
  const tool = toolPartSchema.safeParse(part)
  if (!tool.success) return undefined
  const { state } = tool.data
  return {
    callId: tool.data.callID,
    name: tool.data.tool,
    status: state.status,
    input: state.input ?? {},
    ...(state.output === undefined ? {} : { output: state.output }),
    ...(state.error === undefined ? {} : { error: state.error })
  }
}

function toolCallsOf(message: MessageWithParts): ToolCallRecord[] {
  return message.parts.flatMap((part) => toolCallOf(part) ?? [])
}

function textOf(message: MessageWithParts): string {
  return message.parts
    .map((part) => textPartSchema.safeParse(part))
    .filter((text) => text.success && text.data.synthetic !== true)
    .map((text) => (text.success ? text.data.text : ''))
    .join('')
}

export interface TurnErrors {
  /** Ours, e.g. the deadline: it explains the turn better than the abort it caused. */
  readonly own?: SessionDriverError
  /** From a `session.error` event, used when no message carries an error. */
  readonly fromEvents?: SessionDriverError
}

/**
 * Summarises the assistant messages that answer the user message `userMessageId`
 * (undefined when OpenCode never stored the prompt).
 */
export function summarizeTurn(
  messages: readonly MessageWithParts[],
  userMessageId: string | undefined,
  ending: TurnResult['ending'],
  errors: TurnErrors = {}
): TurnResult {
  const replies = messages.filter(
    (message) =>
      userMessageId !== undefined &&
      message.info.role === 'assistant' &&
      message.info.parentID === userMessageId
  )
  let tokens = ZERO_TOKENS
  let cost = 0
  let modelError: ModelTurnError | undefined
  const toolCalls: ToolCallRecord[] = []
  for (const reply of replies) {
    tokens = addTokens(tokens, reply.info)
    cost += reply.info.cost ?? 0
    toolCalls.push(...toolCallsOf(reply))
    if (reply.info.error) modelError = ModelTurnError.fromOpencode(reply.info.error)
  }
  const last = replies.at(-1)
  const error = errors.own ?? modelError ?? errors.fromEvents
  return {
    ending,
    toolCalls,
    tokens,
    cost,
    text: last ? textOf(last) : '',
    steps: replies.length,
    ...(error === undefined ? {} : { error })
  }
}
