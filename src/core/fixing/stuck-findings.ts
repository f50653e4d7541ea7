/**
 * The rounds' memory. A finding the fixer reported fixed in round N that is
 * still open after round N's re-review is stuck: the fix did not take, and
 * another attempt would most likely repeat it, so it is never given to the
 * fixer again in this run (fix-candidates.ts leaves it out) and the report
 * lists it for a person. Immutable data and a pure reducer.
 */

/** What one round did, once its re-review is in. */
export interface RoundRecord {
  readonly round: number
  /** Reported fixed by the fixer. */
  readonly claimedFixed: readonly string[]
  /** Reported fixed and no longer open after the re-review. */
  readonly confirmedFixed: readonly string[]
  /** Reported fixed and still open: stuck from this round on. */
  readonly newlyStuck: readonly string[]
  /** Not fixed, with the fixer's reason (the reasons stay with the caller). */
  readonly rejected: readonly string[]
}

export interface FixHistory {
  readonly rounds: readonly RoundRecord[]
  /** Stuck finding id → the round it got stuck in. */
  readonly stuck: ReadonlyMap<string, number>
}

export const EMPTY_FIX_HISTORY: FixHistory = { rounds: [], stuck: new Map() }

export interface ReReview {
  /** The round just re-reviewed: the one after the last recorded round. */
  readonly round: number
  readonly claimedFixed: readonly string[]
  readonly rejected: readonly string[]
  /** Ids of the findings open after the re-review (any score). */
  readonly stillOpen: ReadonlySet<string>
}

/** The history with round `review.round` added. Throws when rounds are skipped or repeated. */
export function afterReReview(history: FixHistory, review: ReReview): FixHistory {
  const expected = history.rounds.length + 1
  if (review.round !== expected) {
    throw new Error(`afterReReview: round is ${review.round}, expected ${expected}`)
  }
  const claimed = [...new Set(review.claimedFixed)]
  const newlyStuck = claimed.filter((id) => review.stillOpen.has(id) && !history.stuck.has(id))
  const stuck = new Map(history.stuck)
  for (const id of newlyStuck) stuck.set(id, review.round)
  const record: RoundRecord = {
    round: review.round,
    claimedFixed: claimed,
    confirmedFixed: claimed.filter((id) => !review.stillOpen.has(id)),
    newlyStuck,
    rejected: [...new Set(review.rejected)]
  }
  return { rounds: [...history.rounds, record], stuck }
}

/** The stuck ids, kept away from the fixer. */
export function stuckIds(history: FixHistory): ReadonlySet<string> {
  return new Set(history.stuck.keys())
}

/** Every id the fixer rejected in some round, also kept away from it. */
export function rejectedIds(history: FixHistory): ReadonlySet<string> {
  return new Set(history.rounds.flatMap((record) => record.rejected))
}

/** Every finding confirmed fixed in some round, in the order they were fixed. */
export function confirmedFixedIds(history: FixHistory): string[] {
  return history.rounds.flatMap((record) => record.confirmedFixed)
}
