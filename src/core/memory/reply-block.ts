/**
 * The rmcoc block of the bot's reply in a review thread: the reply's kind and
 * the status it gives the thread. Also the thread statuses themselves and how
 * a RESOLVED finding was closed, which the run record's summary-only findings
 * carry too.
 */
import { z } from 'zod'

export const THREAD_STATUSES = ['PENDING', 'RESOLVED', 'DISPUTED', 'ESCALATED'] as const
export type ThreadStatus = (typeof THREAD_STATUSES)[number]

export const REPLY_KINDS = [
  'concession',
  'rebuttal',
  'resolution',
  'escalation',
  'follow-up',
  /** The dispute rule resolved the thread without human reviewers: the developer's call. */
  'developers-call',
  /** A finding resolved as fixed came back: the bot reopened its thread. */
  'reopening'
] as const
export type ReplyKind = (typeof REPLY_KINDS)[number]

/**
 * Which status each reply kind may carry. A block that contradicts itself
 * ("rebuttal" that resolves) is not something this bot writes, so it is
 * ignored rather than guessed at.
 */
const STATUSES_BY_KIND: Record<ReplyKind, readonly ThreadStatus[]> = {
  concession: ['RESOLVED', 'PENDING'],
  rebuttal: ['DISPUTED'],
  resolution: ['RESOLVED'],
  escalation: ['ESCALATED'],
  'follow-up': ['PENDING', 'DISPUTED'],
  'developers-call': ['RESOLVED'],
  reopening: ['PENDING']
}

/** How a RESOLVED finding was closed; it decides whether raising it again is refused or a regression. */
export const RESOLUTIONS = ['fixed', 'conceded', 'developers-call', 'dismissed'] as const
export type Resolution = (typeof RESOLUTIONS)[number]

export const replyBlock = z
  .object({
    kind: z.enum(REPLY_KINDS),
    status: z.enum(THREAD_STATUSES)
  })
  .refine((b) => STATUSES_BY_KIND[b.kind].includes(b.status), {
    message: 'status does not fit kind',
    path: ['status']
  })
