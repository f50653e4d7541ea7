/**
 * The conclusion of the review's check run, from the verdict and the
 * `fail_on` input. Only `failure` blocks a merge where branch protection
 * requires the check (success, neutral and skipped pass), so the input alone
 * decides what blocks: with `never` a verdict that asks for changes is
 * `neutral` (visible, never blocking). A review that did not complete never
 * claims `success`: it reviewed less than the head.
 */
import type { Verdict } from '../findings/verdict.js'

/** Which verdicts fail the check: the `fail_on` input. */
export type FailOn = 'never' | 'request_changes' | 'needs_major_work'

export type CheckConclusion = 'success' | 'neutral' | 'failure'

export interface ConclusionInput {
  readonly verdict: Verdict
  readonly failOn: FailOn
  /** False when a pass failed or timed out: the findings staged so far were published. */
  readonly complete: boolean
}

/** The verdicts each `fail_on` value fails, from the least to the most strict. */
const FAILING: Record<FailOn, readonly Verdict[]> = {
  never: [],
  needs_major_work: ['needs_major_work'],
  request_changes: ['request_changes', 'needs_major_work']
}

export function checkConclusion(input: ConclusionInput): CheckConclusion {
  if (FAILING[input.failOn].includes(input.verdict)) return 'failure'
  return input.verdict === 'approve' && input.complete ? 'success' : 'neutral'
}

/**
 * A review that could not complete: with a `fail_on` gate the check fails
 * (an unreviewed head must not pass the gate); without one it stays
 * neutral, since the step's own failure already shows.
 */
export function failedRunConclusion(failOn: FailOn): CheckConclusion {
  return failOn === 'never' ? 'neutral' : 'failure'
}
