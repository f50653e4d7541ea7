/**
 * Outcome rates over a window before `now` (90 days unless told): every
 * settled thread once (by PR and thread, the first entry met counts), by
 * outcome, by category and by score band. Plain data, ready for JSON.
 */
import {
  OUTCOMES,
  SCORE_BANDS,
  type Outcome,
  type OutcomeEntry,
  type ScoreBand
} from '../memory/outcomes-block.js'
import type { OutcomesBlock } from '../memory/rmcoc.js'

export const DEFAULT_RATE_DAYS = 90
const DAY_MS = 24 * 60 * 60 * 1000

export interface OutcomeShare {
  readonly count: number
  /** Of the group's total, rounded to a whole percent; 0 for an empty group. */
  readonly percent: number
}

export interface OutcomeGroup {
  readonly total: number
  readonly outcomes: Readonly<Record<Outcome, OutcomeShare>>
}

export interface OutcomeRates extends OutcomeGroup {
  readonly days: number
  /** The window, ISO 8601: entries settled at or after `since` and at or before `until`. */
  readonly since: string
  readonly until: string
  readonly pullRequests: number
  /** Most findings first, then by name. */
  readonly byCategory: ReadonlyArray<OutcomeGroup & { readonly category: string }>
  /** Lowest band first; bands without findings left out. */
  readonly byBand: ReadonlyArray<OutcomeGroup & { readonly band: ScoreBand }>
}

function group(entries: readonly OutcomeEntry[]): OutcomeGroup {
  const total = entries.length
  const outcomes = Object.fromEntries(
    OUTCOMES.map((outcome) => {
      const count = entries.filter((entry) => entry.outcome === outcome).length
      return [outcome, { count, percent: total === 0 ? 0 : Math.round((count * 100) / total) }]
    })
  ) as Record<Outcome, OutcomeShare>
  return { total, outcomes }
}

/** The entries settled in the window, each PR's thread once. */
function windowEntries(
  blocks: readonly OutcomesBlock[],
  since: number,
  until: number
): { entries: OutcomeEntry[]; pullRequests: number } {
  const seen = new Set<string>()
  const prs = new Set<number>()
  const entries: OutcomeEntry[] = []
  for (const block of blocks) {
    for (const entry of block.entries) {
      const at = Date.parse(entry.settled_at)
      const key = `${block.pr}\n${entry.thread}`
      if (Number.isNaN(at) || at < since || at > until || seen.has(key)) continue
      seen.add(key)
      prs.add(block.pr)
      entries.push(entry)
    }
  }
  return { entries, pullRequests: prs.size }
}

function byCategory(entries: readonly OutcomeEntry[]): OutcomeRates['byCategory'] {
  const categories = [...new Set(entries.map((entry) => entry.category))]
  return categories
    .map((category) => ({ category, ...group(entries.filter((e) => e.category === category)) }))
    .sort((a, b) => b.total - a.total || a.category.localeCompare(b.category))
}

export function outcomeRates(
  blocks: readonly OutcomesBlock[],
  now: Date,
  days = DEFAULT_RATE_DAYS
): OutcomeRates {
  const until = now.getTime()
  const since = until - days * DAY_MS
  const { entries, pullRequests } = windowEntries(blocks, since, until)
  const byBand = SCORE_BANDS.map((band) => ({
    band,
    ...group(entries.filter((entry) => entry.band === band))
  })).filter((row) => row.total > 0)
  return {
    days,
    since: new Date(since).toISOString(),
    until: now.toISOString(),
    pullRequests,
    ...group(entries),
    byCategory: byCategory(entries),
    byBand
  }
}
