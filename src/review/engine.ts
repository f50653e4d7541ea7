/**
 * The seam between "we should review PR #n" and the review itself.
 * main.ts hands every authorized ReviewRequest to a ReviewEngine.
 */
import type { Config } from '../config/config.js'
import type { ReviewRequest } from '../trigger/review-request.js'

export type Verdict = 'approve' | 'request_changes' | 'needs_major_work'

export type ReviewOutcome =
  | {
      readonly kind: 'reviewed'
      readonly verdict: Verdict
      readonly findingsPosted: number
      readonly findingsSuppressed: number
      readonly threadsResolved: number
    }
  | { readonly kind: 'skipped'; readonly reason: string }

export interface ReviewEngine {
  review(request: ReviewRequest, config: Config): Promise<ReviewOutcome>
}

/**
 * Placeholder until the four-pass engine is wired in. It never claims a
 * review happened: the run ends as skipped, with a reason that says so.
 */
export const unwiredReviewEngine: ReviewEngine = {
  async review(request) {
    return {
      kind: 'skipped',
      reason: `review-engine-not-wired: PR #${request.prNumber} was accepted for review, but this build has no review engine yet`
    }
  }
}
