/** Learnings newest first: the most recent teaching is the team's current word. */
import type { LearningBlock } from '../memory/rmcoc.js'

function taughtAt(learning: LearningBlock): number {
  const time = Date.parse(learning.created_at)
  return Number.isNaN(time) ? 0 : time
}

/** True when `a` was taught after `b`. */
export function newer(a: LearningBlock, b: LearningBlock): boolean {
  return taughtAt(a) > taughtAt(b)
}

/** A copy, newest first; equal times keep their order. */
export function newestFirst(learnings: readonly LearningBlock[]): LearningBlock[] {
  return [...learnings].sort((a, b) => taughtAt(b) - taughtAt(a))
}
