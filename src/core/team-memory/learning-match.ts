/**
 * A new finding against what the team taught. It matches a learning when
 * the category is the same (ignoring case), its path lies in the learning's
 * scope and its wording overlaps the finding the learning came from as much
 * as a duplicate's would. A match refuses the finding, naming the learning;
 * but a security finding, or one scored 9-10, is never refused by a
 * learning: it goes out with the learning shown beside it.
 */
import { findingSimilarity, OVERLAP_THRESHOLD } from '../findings/dedupe.js'
import { isSecurityCategory } from '../findings/scoring.js'
import type { LearningBlock } from '../memory/rmcoc.js'
import { sameCategory } from './finding-category.js'
import { inScope } from './scope-glob.js'
import { newer } from './learning-order.js'
import { learningOrigin } from './learning-origin.js'

/** Scores from this one up are never refused by a learning. */
export const NEVER_REFUSED_FROM_SCORE = 9

export interface NewFinding {
  readonly path: string
  readonly category?: string | undefined
  readonly finding: string
  readonly score: number
}

export type LearningMatch =
  | { readonly decision: 'refuse'; readonly learning: LearningBlock; readonly reason: string }
  | {
      readonly decision: 'publish-with-learning'
      readonly learning: LearningBlock
      readonly note: string
    }

/** "L-0a1b2c3d4e (“rule”), taught by alice in PR #12" (or "on branch feat/x" locally). */
export function describeLearning(learning: LearningBlock): string {
  return `${learning.id} (“${learning.rule}”), taught by ${learning.taught_by} ${learningOrigin(learning)}`
}

/** The matching learning with the most overlap; the newer one on a tie. */
function bestMatch(
  finding: NewFinding,
  learnings: readonly LearningBlock[]
): LearningBlock | undefined {
  let best: { learning: LearningBlock; overlap: number } | undefined
  for (const learning of learnings) {
    if (!sameCategory(finding.category, learning.scope.category)) continue
    if (!inScope(learning.scope.path, finding.path)) continue
    const overlap = findingSimilarity(finding.finding, learning.finding)
    if (overlap < OVERLAP_THRESHOLD) continue
    const better =
      best === undefined ||
      overlap > best.overlap ||
      (overlap === best.overlap && newer(learning, best.learning))
    if (better) best = { learning, overlap }
  }
  return best?.learning
}

/** The decision for a finding that matches a learning; undefined when none matches. */
export function matchLearning(
  finding: NewFinding,
  learnings: readonly LearningBlock[]
): LearningMatch | undefined {
  const learning = bestMatch(finding, learnings)
  if (learning === undefined) return undefined
  if (isSecurityCategory(finding.category) || finding.score >= NEVER_REFUSED_FROM_SCORE) {
    const why = isSecurityCategory(finding.category)
      ? 'a security finding'
      : `scored ${finding.score}`
    return {
      decision: 'publish-with-learning',
      learning,
      note: `Team learning ${describeLearning(learning)}, covers this finding; it is published anyway because it is ${why}, which a learning never refuses.`
    }
  }
  return {
    decision: 'refuse',
    learning,
    reason: `Refused: the team taught that this is not an issue here, learning ${describeLearning(learning)}.`
  }
}
