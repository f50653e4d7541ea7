/**
 * How a settled thread ended, for the outcome counts: its resolution
 * (fixed, conceded, the developer's call, dismissed) or escalated; an open
 * thread has no outcome yet. A resolved finding from before resolutions
 * were recorded counts as fixed, as the thread rules read it.
 */
import type { Outcome, OutcomeEntry, ScoreBand } from '../memory/outcomes-block.js'
import type { ThreadState } from '../memory/run-state.js'
import { categorySlug } from './finding-category.js'

/** The outcome of a thread, or undefined while it is open. */
export function threadOutcome(thread: ThreadState): Outcome | undefined {
  if (thread.status === 'ESCALATED') return 'escalated'
  if (thread.status !== 'RESOLVED') return undefined
  return thread.resolution ?? 'fixed'
}

/** The score band: 1-4, 5-6, 7-8 or 9-10 (scores outside 1-10 fall in the nearest). */
export function scoreBand(score: number): ScoreBand {
  if (score >= 9) return '9-10'
  if (score >= 7) return '7-8'
  if (score >= 5) return '5-6'
  return '1-4'
}

/** An entry for each settled thread, counted as settled at `now`. */
export function outcomeEntries(threads: readonly ThreadState[], now: Date): OutcomeEntry[] {
  const settledAt = now.toISOString()
  return threads.flatMap((thread) => {
    const outcome = threadOutcome(thread)
    if (outcome === undefined) return []
    return [
      {
        thread: thread.id,
        outcome,
        category: categorySlug(thread.assessment.category),
        band: scoreBand(thread.score),
        settled_at: settledAt
      }
    ]
  })
}
