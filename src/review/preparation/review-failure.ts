/**
 * A review that cannot complete. `ReviewFailedError` fails the step with what
 * was published so far; `failReview` first says so on the PR (with the run
 * link). The failure comment carries no run record, so the next run does not
 * take this head as reviewed.
 */
import { getErrorMessage } from '../../core/errors/error-message.js'
import { composeFailureComment } from '../../core/summary/summary.js'
import type { ReviewEngineDeps, ReviewOutcome } from '../../ports/review-engine.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'

export class ReviewFailedError extends Error {
  override name = 'ReviewFailedError'
  constructor(
    message: string,
    /** What was published before the failure, so the outputs still tell it. */
    readonly outcome?: ReviewOutcome
  ) {
    super(message)
  }
}

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
