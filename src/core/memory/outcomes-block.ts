/**
 * The rmcoc block of one pull request's outcomes: every settled thread,
 * counted once by its key, with how it ended, its category and score band.
 * The memory issue keeps one such comment per PR, edited in place; an entry
 * stays as it was first counted.
 */
import { z } from 'zod'
import { threadKeyField } from './learning-block.js'

export const OUTCOMES = ['fixed', 'conceded', 'developers-call', 'dismissed', 'escalated'] as const
export type Outcome = (typeof OUTCOMES)[number]

export const SCORE_BANDS = ['1-4', '5-6', '7-8', '9-10'] as const
export type ScoreBand = (typeof SCORE_BANDS)[number]

/**
 * Entries per block. The worst case (longest thread keys and categories)
 * formats to about 42 KB, under the 48 KB an rmcoc block may hold.
 */
export const MAX_OUTCOME_ENTRIES = 150

/** A category as outcomes count it: lower-case words joined by "-" (see categorySlug). */
export const categorySlugField = z
  .string()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/,
    'must be 1-40 of a-z 0-9 -, e.g. "error-handling"'
  )

/** One settled thread as counted (also local mode's state file's `outcomes`). */
export const outcomeEntry = z.object({
  thread: threadKeyField,
  outcome: z.enum(OUTCOMES),
  category: categorySlugField,
  band: z.enum(SCORE_BANDS),
  /** When the bot first counted the thread as settled (UTC). */
  settled_at: z.iso.datetime().max(30)
})

export const outcomesBlock = z.object({
  kind: z.literal('outcomes'),
  pr: z.number().int().positive(),
  entries: z
    .array(outcomeEntry)
    .max(MAX_OUTCOME_ENTRIES)
    .refine(
      (entries) => new Set(entries.map((entry) => entry.thread)).size === entries.length,
      'must count each thread once'
    )
})

export type OutcomeEntry = z.output<typeof outcomeEntry>
