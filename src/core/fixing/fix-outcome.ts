/**
 * After each round's re-review (and once before the first round): go on, or
 * stop and say how the loop ended. The findings left are what
 * fix-candidates.ts selects from the re-reviewed state, so the loop stops on
 * the same rules that choose what the fixer is given.
 */
import { z } from 'zod'
import { formatZodIssues } from '../errors/zod-issues.js'
import type { FixCandidates } from './fix-candidates.js'
import type { FixStatus } from './fix-types.js'

/** The most rounds one fix-mode run may take (fix, verify, commit, re-review). */
export const MAX_FIX_ROUNDS = 3

export const maxRoundsSchema = z.number().int().min(1).max(MAX_FIX_ROUNDS)

/** `fix_max_rounds`: an integer from 1 to MAX_FIX_ROUNDS. */
export function checkMaxRounds(
  value: unknown
):
  { readonly ok: true; readonly value: number } | { readonly ok: false; readonly problem: string } {
  const parsed = maxRoundsSchema.safeParse(value)
  if (parsed.success) return { ok: true, value: parsed.data }
  const issues = formatZodIssues(parsed.error.issues, value, { root: 'fix_max_rounds' })
  return { ok: false, problem: issues.join('; ') }
}

export interface RoundEnd {
  /** The round just re-reviewed; 0 before the first round. */
  readonly round: number
  readonly maxRounds: number
  /** The findings at or above the threshold still open (fix-candidates.ts). */
  readonly left: FixCandidates
}

export type FixDecision =
  { readonly next: 'continue' } | { readonly next: 'stop'; readonly status: FixStatus }

/**
 * In order: nothing left (converged; nothing_to_fix before the first round),
 * only findings set aside for a person left, stuck or rejected by the fixer
 * (manual intervention), the round cap reached (round_cap), else another
 * round.
 */
export function decideAfterRound(end: RoundEnd): FixDecision {
  const workable = end.left.toFix.length + end.left.deferred.length
  const setAside = end.left.stuck.length + end.left.rejected.length
  if (workable === 0 && setAside === 0) {
    return { next: 'stop', status: end.round === 0 ? 'nothing_to_fix' : 'converged' }
  }
  if (workable === 0) return { next: 'stop', status: 'manual_intervention_required' }
  if (end.round >= end.maxRounds) return { next: 'stop', status: 'round_cap' }
  return { next: 'continue' }
}
