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
