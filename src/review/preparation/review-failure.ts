/**
 * The review cannot complete: say so on the PR (with the run link), then
 * fail the step. The failure comment carries no run record, so the next run
 * does not take this head as reviewed.
 */
import { getErrorMessage } from '../../core/errors/error-message.js'
import { composeFailureComment } from '../../core/summary/summary.js'
import type { ReviewEngineDeps } from '../../ports/review-engine.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'
import { ReviewFailedError } from './review-failed.js'

export async function failReview(
  gateway: ReviewGateway,
  deps: Pick<ReviewEngineDeps, 'runUrl' | 'secrets' | 'log'>,
  reason: string
): Promise<never> {
  try {
    await gateway.postIssueComment(composeFailureComment(reason, deps.runUrl, deps.secrets))
  } catch (error) {
    deps.log.warning(`Could not post the failure comment: ${getErrorMessage(error)}`)
  }
  throw new ReviewFailedError(`Review failed: ${reason}`)
}
