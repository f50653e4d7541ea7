/** PR metadata and its reviews through REST. */
import { z } from 'zod'
import type { PullRequestData } from '../core/pull-request/pr-data.js'
import type { PullRequestRef } from '../ports/review-gateway.js'
import type { GitHubClient } from './octokit.js'
import { parseResponse } from './parse-response.js'
import { restAuthor, RestPullRequest, RestReview } from './rest-schemas.js'

export async function getPullRequest(
  client: GitHubClient,
  pr: PullRequestRef
): Promise<PullRequestData> {
  const source = `GET /repos/${pr.owner}/${pr.repo}/pulls/${pr.number}`
  const { data: raw } = await client.rest.pulls.get({
    owner: pr.owner,
    repo: pr.repo,
    pull_number: pr.number
  })
  const data = parseResponse(RestPullRequest, raw, source)
  const reviews = parseResponse(
    z.array(RestReview),
    await client.paginate(client.rest.pulls.listReviews, {
      owner: pr.owner,
      repo: pr.repo,
      pull_number: pr.number,
      per_page: 100
    }),
    `${source}/reviews`
  )
  return {
    number: data.number,
    title: data.title,
    body: data.body ?? '',
    draft: data.draft ?? false,
    author: restAuthor(data.user),
    headSha: data.head.sha,
    baseSha: data.base.sha,
    headRef: data.head.ref,
    baseRef: data.base.ref,
    headRepository: data.head.repo?.full_name ?? null,
    baseRepository: data.base.repo.full_name,
    requestedReviewers: [
      ...(data.requested_reviewers ?? []).map((user) => user.login),
      // Teams belong to the repository owner's organization.
      ...(data.requested_teams ?? []).map((team) => `${pr.owner}/${team.slug}`)
    ],
    reviews: reviews.map((review) => ({
      author: restAuthor(review.user),
      state: review.state,
      authorAssociation: review.author_association,
      submittedAt: review.submitted_at ?? null
    }))
  }
}
