/**
 * Follows one turn of one session on the event stream: tells when it is
 * over, reports tool activity and retries as they happen, and keeps the
 * session-level error OpenCode may emit outside any message.
 */
import type { EventFeed } from './event-feed.js'
import { toolCallOf, type ToolCallRecord } from './turn-result.js'
import { errorInfoSchema, sessionIdSchema, type WireEvent } from './wire.js'
import { z } from 'zod'

export type TurnProgress =
  | { readonly kind: 'tool'; readonly call: ToolCallRecord }
  | { readonly kind: 'retry'; readonly attempt: number; readonly message: string }

const statusSchema = z.looseObject({
  status: z.looseObject({
    type: z.string(),
    attempt: z.number().optional(),
    message: z.string().optional()
  })
})
const partEventSchema = z.looseObject({ part: z.unknown() })
const sessionErrorSchema = z.looseObject({ error: errorInfoSchema.optional() })

export class TurnWatch {
  /** Resolves when the session goes idle after having been busy in this turn. */
  readonly ended: Promise<void>
  /** From a `session.error` event of this session, if any. */
  sessionError: z.infer<typeof errorInfoSchema> | undefined
  private sawBusy = false
  private resolveEnded: () => void = () => undefined
  private readonly stopListening: () => void

  constructor(
    feed: EventFeed,
    private readonly sessionId: string,
    private readonly onProgress?: (progress: TurnProgress) => void
  ) {
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve))
    this.stopListening = feed.listen((event) => this.onEvent(event))
  }

  dispose(): void {
    this.stopListening()
  }

  private onEvent(event: WireEvent): void {
    const owner = sessionIdSchema.safeParse(event.properties)
    if (!owner.success || owner.data.sessionID !== this.sessionId) return
    switch (event.type) {
      case 'session.status':
        return this.onStatus(event)
      case 'session.idle':
        // An idle before this turn's first "busy" belongs to an earlier turn.
        if (this.sawBusy) this.resolveEnded()
        return
      case 'message.part.updated':
        return this.onPart(event)
      case 'session.error': {
        const parsed = sessionErrorSchema.safeParse(event.properties)
        if (parsed.success && parsed.data.error) this.sessionError = parsed.data.error
        return
      }
    }
  }

  private onStatus(event: WireEvent): void {
    const parsed = statusSchema.safeParse(event.properties)
    if (!parsed.success) return
    const { type, attempt, message } = parsed.data.status
    if (type === 'busy' || type === 'retry') this.sawBusy = true
    if (type === 'retry') {
      this.onProgress?.({ kind: 'retry', attempt: attempt ?? 0, message: message ?? '' })
    }
    if (type === 'idle' && this.sawBusy) this.resolveEnded()
  }

  private onPart(event: WireEvent): void {
    const part = partEventSchema.safeParse(event.properties)
    const call = toolCallOf(part.success ? part.data.part : undefined)
    if (call !== undefined) this.onProgress?.({ kind: 'tool', call })
  }
}
