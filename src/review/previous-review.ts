/**
 * What a later run tells the agent about the earlier review (seed 003 task
 * 4.3): every earlier thread, and the commits since the last reviewed head
 * with the files they changed, so the agent verifies the threads and focuses
 * on what is new.
 */
import type { PullRequestData } from '../core/pr-data.js'
import type { RunState } from '../core/threads.js'
import type { ReviewGateway } from '../ports/review-gateway.js'
import type { PreviousReview } from './prompts.js'

export async function previousReviewOf(
  state: RunState,
  pr: PullRequestData,
  gateway: ReviewGateway
): Promise<PreviousReview | undefined> {
  if (state.threads.length === 0) return undefined
  const from = state.metadata.last_reviewed_sha
  const changedFiles =
    from === null || from.toLowerCase() === pr.headSha.toLowerCase()
      ? undefined
      : await gateway.compareFiles(from, pr.headSha)
  return { threads: state.threads, commitRange: { from, to: pr.headSha, changedFiles } }
}
