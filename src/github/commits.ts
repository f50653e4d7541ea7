/**
 * The commits of a pull request, oldest first, through the paginated commits
 * API. GitHub lists at most 250 of them (the oldest); a list that long may be
 * cut short, so the caller is told in the log rather than left to assume the
 * head is among them.
 */
import { z } from 'zod'
import type { PullRequestRef } from '../ports/review-gateway.js'
import type { GitHubClient } from './octokit.js'
import { parseResponse } from './parse-response.js'

/** The most commits GitHub serves for one pull request. */
export const MAX_LISTED_COMMITS = 250

const RestCommit = z.object({ sha: z.string().min(1) })

export async function listCommits(
  client: GitHubClient,
  pr: PullRequestRef,
  log: (message: string) => void
): Promise<string[]> {
  const commits = parseResponse(
    z.array(RestCommit),
    await client.paginate(client.rest.pulls.listCommits, {
      owner: pr.owner,
      repo: pr.repo,
      pull_number: pr.number,
      per_page: 100
    }),
    `GET /repos/${pr.owner}/${pr.repo}/pulls/${pr.number}/commits`
  )
  if (commits.length >= MAX_LISTED_COMMITS)
    log(
      `GitHub lists only the first ${MAX_LISTED_COMMITS} commits of #${pr.number}; later commits (the head among them) are missing from the list`
    )
  return commits.map((commit) => commit.sha)
}
