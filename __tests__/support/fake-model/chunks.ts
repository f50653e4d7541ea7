/**
 * The OpenAI chat-completions wire format the fake model answers with: SSE
 * chunks for `stream: true` (what opencode sends), a plain JSON completion
 * otherwise. Kept apart from the server so the format is readable in one place.
 */

export interface ScriptedToolCall {
  readonly name: string
  readonly arguments: unknown
}

/** Token counts as the OpenAI API reports them (`usage`, with stream_options.include_usage). */
export interface CompletionUsage {
  readonly prompt_tokens: number
  readonly completion_tokens: number
  readonly total_tokens: number
}

export interface Completion {
  readonly id: string
  readonly model: string
  readonly text?: string
  readonly toolCalls?: readonly ScriptedToolCall[]
  /** FAKE_USAGE when absent. */
  readonly usage?: CompletionUsage
}

/** Fixed usage figures, so accounting code has non-zero numbers to collect. */
export const FAKE_USAGE: CompletionUsage = {
  prompt_tokens: 100,
  completion_tokens: 20,
  total_tokens: 120
}

function argumentsText(value: unknown): string {
  // A string is passed through verbatim so tests can send malformed JSON.
  return typeof value === 'string' ? value : JSON.stringify(value ?? {})
}

function finishReason(completion: Completion): 'stop' | 'tool_calls' {
  return completion.toolCalls !== undefined && completion.toolCalls.length > 0
    ? 'tool_calls'
    : 'stop'
}

function chunk(completion: Completion, choice: unknown, extra: object = {}): string {
  const body = {
    id: completion.id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: completion.model,
    choices: choice === undefined ? [] : [choice],
    ...extra
  }
  return `data: ${JSON.stringify(body)}\n\n`
}

/** The SSE events of one streamed completion, `[DONE]` included. */
export function streamEvents(completion: Completion): string[] {
  const events: string[] = []
  events.push(chunk(completion, { index: 0, delta: { role: 'assistant' }, finish_reason: null }))
  if (completion.text !== undefined && completion.text !== '') {
    events.push(
      chunk(completion, { index: 0, delta: { content: completion.text }, finish_reason: null })
    )
  }
  completion.toolCalls?.forEach((call, index) => {
    const delta = {
      tool_calls: [
        {
          index,
          id: `call_${completion.id}_${index}`,
          type: 'function',
          function: { name: call.name, arguments: argumentsText(call.arguments) }
        }
      ]
    }
    events.push(chunk(completion, { index: 0, delta, finish_reason: null }))
  })
  events.push(chunk(completion, { index: 0, delta: {}, finish_reason: finishReason(completion) }))
  // The last chunk before [DONE] carries no choice, only the usage.
  events.push(chunk(completion, undefined, { usage: completion.usage ?? FAKE_USAGE }))
  events.push('data: [DONE]\n\n')
  return events
}

/** A non-streamed completion (`stream` absent or false). */
export function completionBody(completion: Completion): unknown {
  const toolCalls = completion.toolCalls?.map((call, index) => ({
    id: `call_${completion.id}_${index}`,
    type: 'function',
    function: { name: call.name, arguments: argumentsText(call.arguments) }
  }))
  return {
    id: completion.id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: completion.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: completion.text ?? null,
          ...(toolCalls !== undefined && toolCalls.length > 0 ? { tool_calls: toolCalls } : {})
        },
        finish_reason: finishReason(completion)
      }
    ],
    usage: completion.usage ?? FAKE_USAGE
  }
}
