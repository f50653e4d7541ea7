/**
 * Whether a pull request's head branch lives in the repository it targets.
 * The workflow token can write only to its own repository, so a fix can be
 * committed only to such a branch: a PR from a fork (or from a deleted fork)
 * is refused, and so is a PR whose repositories are not known.
 */
import type { PullRequestData } from './pr-data.js'

export function isSameRepositoryPullRequest(
  pr: Pick<PullRequestData, 'headRepository' | 'baseRepository'>
): boolean {
  const head = pr.headRepository
  const base = pr.baseRepository
  if (head === undefined || head === null || base === undefined) return false
  // GitHub's owner and repository names are case-insensitive.
  return head.toLowerCase() === base.toLowerCase()
}
