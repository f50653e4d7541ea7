/**
 * A new finding held against the team's learnings before it is staged: a
 * learning that covers it refuses it with the reason naming the learning;
 * a security finding or one scored 9-10 goes on with the learning's note
 * shown under its comment.
 */
import type { LearningBlock } from '../../core/memory/rmcoc.js'
import { matchLearning } from '../../core/team-memory/learning-match.js'
import type { PostReviewCommentArgs } from '../../ports/review-tools.js'

export type LearningScreen =
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'pass'; readonly body: string }

export function screenByLearnings(
  args: PostReviewCommentArgs,
  learnings: readonly LearningBlock[]
): LearningScreen {
  if (learnings.length === 0) return { kind: 'pass', body: args.body }
  const match = matchLearning(
    {
      path: args.file,
      category: args.category,
      finding: args.assessment.finding,
      score: args.assessment.score
    },
    learnings
  )
  if (match === undefined) return { kind: 'pass', body: args.body }
  if (match.decision === 'refuse') return { kind: 'refused', reason: match.reason }
  return { kind: 'pass', body: `${args.body.trimEnd()}\n\n> ${match.note}` }
}
