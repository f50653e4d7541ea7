/**
 * Reading what the model received across several runs on one PR: which
 * requests belong to a run, the text of a pass prompt, whether each request
 * of a session repeats the previous one as its prefix (what provider prompt
 * caching needs), and how many bytes of input a request carries.
 */
import { isDeepStrictEqual } from 'node:util'
import type { RecordedRequest, ScriptedToolCall } from '../support/fake-model/index.js'

interface ChatMessage {
  readonly role: string
  readonly content?: unknown
  readonly tool_calls?: ReadonlyArray<{ function?: { name?: string; arguments?: string } }>
}

interface ChatBody {
  readonly messages?: readonly ChatMessage[]
  readonly tools?: readonly unknown[]
}

/** A message's text: string content, or its text parts joined. */
export function messageText(message: ChatMessage): string {
  const { content } = message
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .map((part: unknown) =>
      typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : ''
    )
    .join('')
}

function messagesOf(request: RecordedRequest): readonly ChatMessage[] {
  return (request.body as ChatBody).messages ?? []
}

/**
 * The prompt of pass `pass` as the model first received it: the user
 * message of the first request that carries it. Throws when no request does.
 */
export function passPrompt(requests: readonly RecordedRequest[], pass: number): string {
  const prompts = requests.flatMap((request) =>
    messagesOf(request)
      .filter((m) => m.role === 'user')
      .map(messageText)
  )
  return passPromptIn(prompts, pass)
}

/** The prompt of pass `pass` among prompt texts, e.g. a played run's (FakeModel.playedPrompts). */
export function passPromptIn(prompts: readonly string[], pass: number): string {
  const found = prompts.find((text) => text.includes(`Pass ${pass} of 4`))
  if (found === undefined) throw new Error(`no prompt of pass ${pass} was sent`)
  return found
}

/** Every tool result the model was sent in the last request of `requests` (the whole history). */
export function toolResultsOf(requests: readonly RecordedRequest[]): string[] {
  const last = requests.at(-1)
  if (last === undefined) return []
  return messagesOf(last)
    .filter((m) => m.role === 'tool')
    .map(messageText)
}

/** The requests of each session (opencode's x-session-id header), in the order they were sent. */
export function bySession(requests: readonly RecordedRequest[]): RecordedRequest[][] {
  const sessions = new Map<string, RecordedRequest[]>()
  for (const request of requests) {
    const id = String(request.headers['x-session-id'] ?? 'none')
    const list = sessions.get(id) ?? []
    list.push(request)
    sessions.set(id, list)
  }
  return [...sessions.values()]
}

/**
 * Where a request does not extend the one before it: a different tools
 * list, fewer messages, or an earlier message (the system prompt included)
 * that changed. [] when every request repeats its predecessor as a prefix.
 */
export function prefixBreaks(requests: readonly RecordedRequest[]): string[] {
  const breaks: string[] = []
  for (let i = 1; i < requests.length; i += 1) {
    const before = requests[i - 1]?.body as ChatBody
    const after = requests[i]?.body as ChatBody
    if (!isDeepStrictEqual(before.tools, after.tools)) {
      breaks.push(`request ${i}: the tools differ from request ${i - 1}`)
    }
    const earlier = before.messages ?? []
    const later = after.messages ?? []
    if (later.length < earlier.length) {
      breaks.push(`request ${i}: ${later.length} messages, fewer than ${earlier.length}`)
      continue
    }
    earlier.forEach((message, m) => {
      if (!isDeepStrictEqual(message, later[m])) {
        breaks.push(`request ${i}: message ${m} (${message.role}) differs from request ${i - 1}`)
      }
    })
  }
  return breaks
}

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8')

/**
 * The input a request gives the model, in UTF-8 bytes: every message's text
 * (system, user, assistant and tool results), the name and arguments of every
 * tool call the assistant made, and the tool definitions as JSON. JSON
 * framing of the messages and ids are left out: they are the wire format,
 * not the prompt.
 */
export function inputBytes(request: RecordedRequest): number {
  const body = request.body as ChatBody
  let total = bytes(JSON.stringify(body.tools ?? []))
  for (const message of body.messages ?? []) {
    total += bytes(messageText(message))
    for (const call of message.tool_calls ?? []) {
      total += bytes(call.function?.name ?? '') + bytes(call.function?.arguments ?? '')
    }
  }
  return total
}

/** The agent's tool that returns the run state (not among the harness's helpers). */
export const getRunState: ScriptedToolCall = { name: 'github_get_run_state', arguments: {} }
