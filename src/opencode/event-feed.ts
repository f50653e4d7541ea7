/**
 * One subscription to OpenCode's event stream (`/event`) for the life of the
 * review, fanned out to listeners. Subscribing once, before the first prompt,
 * means no event of a turn can slip by between "prompt sent" and "listening".
 *
 * It is also the safety net for requests that would block a headless server
 * forever: every `permission.asked` and `question.asked` is rejected at once.
 * The config never says "ask", so seeing one means something is off; the
 * rejection is reported, never silently granted.
 */
import type { OpencodeClient } from '@opencode-ai/sdk/v2/client'
import { eventSchema, pendingRequestSchema, type WireEvent } from './wire.js'

export type EventListener = (event: WireEvent) => void

export interface RejectedRequest {
  readonly kind: 'permission' | 'question'
  readonly id: string
  readonly sessionID?: string
  /** For permissions, which permission was asked for (e.g. "bash"). */
  readonly permission?: string
}

export interface EventFeedOptions {
  /** How long to wait for the stream's `server.connected` greeting. */
  readonly connectTimeoutMs?: number
  readonly onRejected?: (request: RejectedRequest) => void
  /** Stream or reply failures; the feed keeps going where it can. */
  readonly onError?: (error: unknown) => void
}

const DEFAULT_CONNECT_TIMEOUT_MS = 15_000

export class EventFeed {
  private readonly listeners = new Set<EventListener>()
  private readonly abort = new AbortController()
  private closed = false
  /** Epoch ms of the last event (heartbeats included): tells a live stream from a dead one. */
  lastEventAt = 0

  private constructor(
    private readonly client: OpencodeClient,
    private readonly options: EventFeedOptions
  ) {}

  /** Subscribes and resolves once the server has greeted the stream. */
  static async open(client: OpencodeClient, options: EventFeedOptions = {}): Promise<EventFeed> {
    const feed = new EventFeed(client, options)
    const timeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS
    const greeted = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        stop()
        reject(new Error(`opencode event stream sent nothing within ${timeoutMs} ms`))
      }, timeoutMs)
      const stop = feed.listen(() => {
        clearTimeout(timer)
        stop()
        resolve()
      })
    })
    const { stream } = await client.event.subscribe(undefined, {
      signal: feed.abort.signal,
      onSseError: (error) => {
        if (!feed.closed) options.onError?.(error)
      }
    })
    void feed.pump(stream)
    try {
      await greeted
    } catch (error) {
      feed.close()
      throw error
    }
    return feed
  }

  /** Adds a listener; returns the function that removes it. */
  listen(listener: EventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get isOpen(): boolean {
    return !this.closed
  }

  close(): void {
    this.closed = true
    this.listeners.clear()
    this.abort.abort()
  }

  private async pump(stream: AsyncIterable<unknown>): Promise<void> {
    try {
      for await (const raw of stream) {
        if (this.closed) break
        this.lastEventAt = Date.now()
        const parsed = eventSchema.safeParse(raw)
        if (!parsed.success) continue
        this.rejectIfAsking(parsed.data)
        for (const listener of [...this.listeners]) listener(parsed.data)
      }
    } catch (error) {
      if (!this.closed) this.options.onError?.(error)
    } finally {
      this.closed = true
    }
  }

  private rejectIfAsking(event: WireEvent): void {
    const kind =
      event.type === 'permission.asked'
        ? 'permission'
        : event.type === 'question.asked'
          ? 'question'
          : undefined
    if (kind === undefined) return
    const request = pendingRequestSchema.safeParse(event.properties)
    if (!request.success) {
      this.options.onError?.(new Error(`${event.type} without a request id; cannot reject it`))
      return
    }
    const { id, sessionID, permission } = request.data
    const reply =
      kind === 'permission'
        ? this.client.permission.reply(
            {
              requestID: id,
              reply: 'reject',
              message: 'Not allowed: this reviewer is read-only and runs unattended.'
            },
            { throwOnError: true }
          )
        : this.client.question.reject({ requestID: id }, { throwOnError: true })
    reply.then(
      () => this.options.onRejected?.({ kind, id, sessionID, permission }),
      (error: unknown) => this.options.onError?.(error)
    )
  }
}
