/** A stage decision as the post/update tools answer it to the model. */
import type { StageResult } from '../../core/findings/submission-outcome.js'
import type { PostReviewCommentResult } from '../../ports/review-tools.js'

export function toToolResult(result: StageResult): PostReviewCommentResult {
  switch (result.kind) {
    case 'staged':
      return { status: 'staged', finding_id: result.id, score: result.score, note: result.reason }
    case 'suppressed':
      return {
        status: 'suppressed',
        finding_id: result.id,
        score: result.score,
        reason: result.reason
      }
    case 'duplicate':
      return { status: 'duplicate', duplicate_of: result.duplicateOf, reason: result.reason }
    case 'rejected':
      return { status: 'rejected', reason: result.reason }
  }
}
