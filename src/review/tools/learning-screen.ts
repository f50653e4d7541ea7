/**
 * A new finding held against the team's learnings before it is staged: a
 * learning that covers it refuses it with the reason naming the learning;
 * a security finding or one scored 9-10 goes on with the learning's note
 * shown under its comment. A finding re-scored in consolidation is held
 * against them again at its new score.
 */
import type { StagedFinding } from '../../core/findings/finding-shapes.js'
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

/**
 * Why a finding re-scored in consolidation is held back: a learning covers
 * it at its new score (the learning named); undefined when none refuses it.
 */
export function heldBackAfterRescore(
  finding: StagedFinding,
  learnings: readonly LearningBlock[]
): string | undefined {
  if (learnings.length === 0) return undefined
  const match = matchLearning(
    {
      path: finding.file,
      category: finding.category,
      finding: finding.finding,
      score: finding.score
    },
    learnings
  )
  if (match?.decision !== 'refuse') return undefined
  return `Re-scored to ${finding.score} in consolidation, so a team learning applies: ${match.reason}`
}
