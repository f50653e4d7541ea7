/**
 * The review engine: every run starts from the state the earlier runs left
 * on the PR; a reply in a bot thread gets a threads-only run, every other
 * trigger a full review. Talks to GitHub and to the agent only through
 * ports, so it is the same code on a runner and in the tests.
 */
import type { Config } from '../config/config.js'
import type { ReviewEngine, ReviewEngineDeps, ReviewOutcome } from '../ports/review-engine.js'
import type { ReviewRequest } from '../trigger/review-request.js'
import { fullReview } from './full-review.js'
import { prepareRun } from './prepare-run.js'
import { threadsOnlyRun } from './threads-only-run.js'

export class ReviewRunner implements ReviewEngine {
  constructor(private readonly deps: ReviewEngineDeps) {}

  async review(request: ReviewRequest, config: Config): Promise<ReviewOutcome> {
    const prepared = await prepareRun(request, config, this.deps)
    return request.trigger === 'reply'
      ? threadsOnlyRun(prepared, request, config, this.deps)
      : fullReview(prepared, config, this.deps)
  }
}
