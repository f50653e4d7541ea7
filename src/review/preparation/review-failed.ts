/** The review could not complete: the step fails, with what was published so far. */
import type { ReviewOutcome } from '../../ports/review-engine.js'

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
