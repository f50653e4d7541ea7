/**
 * The session driver: ONE OpenCode session for the whole review, one turn per
 * pass. A turn is sent with `promptAsync` (answered 204 at once; the blocking
 * `prompt` sends no headers until the turn ends and Node's fetch gives up
 * after 300 s) and followed on the event stream until the session is idle.
 * Our own deadline aborts a turn that runs too long (OpenCode alone retries a
 * hung model for about 31 minutes); the session stays usable afterwards.
 */
import { createOpencodeClient, type OpencodeClient } from '@opencode-ai/sdk/v2/client'
import { ModelTurnError, SessionDriverError, TurnDeadlineError } from './errors.js'
import { EventFeed, type RejectedRequest } from './event-feed.js'
import { waitForMcpServers } from './mcp-ready.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import { formatZodIssues } from '../core/errors/zod-issues.js'
import { summarizeTurn, type ToolCallRecord, type TurnResult } from './turn-result.js'
import { TurnWatch, type TurnProgress } from './turn-watch.js'
import { messageWithPartsSchema, sessionStatusMapSchema, type MessageWithParts } from './wire.js'

export type { TurnResult, ToolCallRecord, TurnProgress, RejectedRequest }

export interface OpenSessionOptions {
  /** Where `opencode serve` listens, e.g. `http://127.0.0.1:4096`. */
  readonly baseUrl: string
  /** The directory the server reviews (sent as the instance directory). */
  readonly directory: string
  /** The server's auth header(s). */
  readonly headers: Readonly<Record<string, string>>
  /** The agent every turn runs as. */
  readonly agent: string
  /** MCP servers that must be connected before the first prompt. */
  readonly mcpServers: readonly string[]
  readonly mcpTimeoutMs?: number
  readonly title?: string
  readonly onProgress?: (progress: TurnProgress) => void
  /** Event stream problems and permission/question requests that were rejected. */
  readonly onWarning?: (message: string) => void
}

export interface PromptOptions {
  /** Our deadline for the whole turn; the turn is aborted when it passes. */
  readonly deadlineMs: number
  /** Appended to the agent's system prompt for this turn only. */
  readonly system?: string
  /** How long to wait for the session to settle after an abort. */
  readonly abortGraceMs?: number
  /** Interval of the status poll that backs up the event stream. */
  readonly pollMs?: number
}

const DEFAULT_ABORT_GRACE_MS = 15_000
const DEFAULT_POLL_MS = 5_000

/** The MCP servers must be connected before the first prompt; then the session is created. */
async function createSession(client: OpencodeClient, options: OpenSessionOptions): Promise<string> {
  await waitForMcpServers(client, options.mcpServers, {
    ...(options.mcpTimeoutMs === undefined ? {} : { timeoutMs: options.mcpTimeoutMs })
  })
  const { data } = await client.session.create(
    { agent: options.agent, title: options.title ?? 'Pull request review' },
    { throwOnError: true }
  )
  return data.id
}

export class ReviewSession {
  private busy = false
  /** Turns sent so far: before the first one, the new session holds no message. */
  private turns = 0

  private constructor(
    private readonly client: OpencodeClient,
    private readonly feed: EventFeed,
    readonly id: string,
    private readonly options: OpenSessionOptions,
    /** Permission and question requests rejected by the safety net, over the whole session. */
    readonly rejected: readonly RejectedRequest[]
  ) {}

  /**
   * Subscribes to events and, at the same time, checks the MCP servers and
   * creates the session: the first request for the directory boots the
   * instance, and both wait for that boot.
   */
  static async open(options: OpenSessionOptions): Promise<ReviewSession> {
    const client = createOpencodeClient({
      baseUrl: options.baseUrl,
      directory: options.directory,
      headers: { ...options.headers }
    })
    const rejected: RejectedRequest[] = []
    const [feed, sessionId] = await Promise.allSettled([
      EventFeed.open(client, {
        onRejected: (request) => {
          rejected.push(request)
          options.onWarning?.(
            `rejected a ${request.kind} request${request.permission ? ` for "${request.permission}"` : ''}: the reviewer never asks`
          )
        },
        onError: (error) => options.onWarning?.(`opencode event stream: ${getErrorMessage(error)}`)
      }),
      createSession(client, options)
    ])
    if (feed.status === 'rejected') throw feed.reason
    if (sessionId.status === 'rejected') {
      feed.value.close()
      throw sessionId.reason
    }
    return new ReviewSession(client, feed.value, sessionId.value, options, rejected)
  }

  /** Runs one turn to its end (idle) or to the deadline (aborted). Never overlaps. */
  async prompt(text: string, options: PromptOptions): Promise<TurnResult> {
    if (this.busy) throw new SessionDriverError('a turn is already running on this session')
    this.busy = true
    const watch = new TurnWatch(this.feed, this.id, this.options.onProgress)
    try {
      const known = new Set(
        this.turns === 0 ? [] : (await this.messages()).map((message) => message.info.id)
      )
      this.turns += 1
      await this.client.session.promptAsync(
        {
          sessionID: this.id,
          agent: this.options.agent,
          parts: [{ type: 'text', text }],
          ...(options.system === undefined ? {} : { system: options.system })
        },
        { throwOnError: true }
      )
      const pollMs = options.pollMs ?? DEFAULT_POLL_MS
      let ending: TurnResult['ending'] = 'idle'
      if (!(await this.settle(watch, known, options.deadlineMs, pollMs))) {
        ending = 'deadline'
        await this.client.session.abort({ sessionID: this.id }, { throwOnError: true })
        const graceMs = options.abortGraceMs ?? DEFAULT_ABORT_GRACE_MS
        if (!(await this.settle(watch, known, graceMs, Math.min(pollMs, 1_000)))) {
          this.options.onWarning?.(`session ${this.id} still busy ${graceMs} ms after the abort`)
        }
      }
      const messages = await this.messages()
      const userMessage = messages.findLast(
        (message) => message.info.role === 'user' && !known.has(message.info.id)
      )
      return summarizeTurn(messages, userMessage?.info.id, ending, {
        ...(ending === 'deadline' ? { own: new TurnDeadlineError(options.deadlineMs) } : {}),
        ...(watch.sessionError === undefined
          ? {}
          : { fromEvents: ModelTurnError.fromOpencode(watch.sessionError) })
      })
    } finally {
      watch.dispose()
      this.busy = false
    }
  }

  /** Stops following events. The server itself is stopped by its owner. */
  close(): void {
    this.feed.close()
  }

  private async messages(): Promise<MessageWithParts[]> {
    const { data } = await this.client.session.messages(
      { sessionID: this.id },
      { throwOnError: true }
    )
    const parsed = messageWithPartsSchema.array().safeParse(data)
    if (!parsed.success) {
      const problems = formatZodIssues(parsed.error.issues, data, {
        root: '(messages)',
        style: 'withheld'
      })
      throw new SessionDriverError(
        `opencode returned messages of an unexpected shape: ${problems.join('; ')}`
      )
    }
    return parsed.data
  }

  /**
   * Waits until the turn is over: the idle event, or (should the stream have
   * missed it) a poll that finds the session idle with a completed answer.
   * Resolves false when `timeoutMs` passes first.
   */
  private async settle(
    watch: TurnWatch,
    known: ReadonlySet<string>,
    timeoutMs: number,
    pollMs: number
  ): Promise<boolean> {
    const stop = new AbortController()
    const timedOut = sleep(timeoutMs, stop.signal).then(() => false)
    const polled = (async () => {
      while (!stop.signal.aborted) {
        await sleep(pollMs, stop.signal)
        if (!stop.signal.aborted && (await this.idleByPoll(known))) return true
      }
      return false
    })()
    try {
      return await Promise.race([watch.ended.then(() => true), timedOut, polled])
    } finally {
      stop.abort()
    }
  }

  private async idleByPoll(known: ReadonlySet<string>): Promise<boolean> {
    try {
      const { data } = await this.client.session.status(undefined, { throwOnError: true })
      // Idle sessions may be left out of the map altogether.
      const status = sessionStatusMapSchema.parse(data)[this.id]?.type ?? 'idle'
      if (status !== 'idle') return false
      const messages = await this.messages()
      const user = messages.findLast((m) => m.info.role === 'user' && !known.has(m.info.id))
      const last = messages.at(-1)
      return (
        user !== undefined &&
        last?.info.role === 'assistant' &&
        last.info.parentID === user.info.id &&
        last.info.time.completed !== undefined
      )
    } catch {
      // A failed poll proves nothing; the event stream or the next poll decides.
      return false
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true }
    )
  })
}
