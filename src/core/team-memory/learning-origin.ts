/**
 * Where a learning was taught, as prompts, refusals and listings name it: a
 * pull request on GitHub ("in PR #12"), or a branch in local mode, where every
 * branch is the local pull request #1 and only its name tells them apart.
 */
import type { LearningBlock } from '../memory/rmcoc.js'

/** "in PR #12", or "on branch feat/x" for a learning taught by a local dismissal. */
export function learningOrigin(learning: LearningBlock): string {
  const { branch, pr } = learning.source
  return branch === undefined ? `in PR #${pr}` : `on branch ${branch}`
}
