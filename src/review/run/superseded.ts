/**
 * A push can land between the event and the run: the checkout is then the
 * event's head while the PR already has a newer one, whose own
 * `synchronize` run reviews it. Reviewing the old checkout against the new
 * head would comment on code the PR no longer holds, and failing would turn
 * an ordinary race red: the older run steps aside instead.
 */
import type { ReviewEngineDeps } from '../../ports/review-engine.js'
import type { ReviewRequest } from '../../core/pull-request/review-request.js'
import type { PreparedRun } from '../preparation/prepare-run.js'

/** The skip reason when this run's head was superseded; undefined otherwise. */
export async function supersededBy(
  request: ReviewRequest,
  prepared: PreparedRun,
  deps: ReviewEngineDeps
): Promise<string | undefined> {
  const eventHead = request.headSha?.toLowerCase()
  const prHead = prepared.context.pr.headSha.toLowerCase()
  if (eventHead === undefined || eventHead === prHead) return undefined
  let checkout
  try {
    checkout = await deps.checkoutHead()
  } catch {
    // Unreadable HEAD: the checkout guard reports it with the fix.
    return undefined
  }
  if (checkout.kind !== 'commit' || checkout.sha.toLowerCase() !== eventHead) return undefined
  return `superseded: the pull request head moved from ${eventHead} to ${prHead} after this event; the run for the newer head reviews it`
}
