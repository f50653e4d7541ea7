/** Conversation comments on the PR (where the bot's summary lives). */
import { z } from 'zod'
import type { IssueCommentData } from '../core/pull-request/pr-data.js'
import type { PullRequestRef } from '../ports/review-gateway.js'
import type { GitHubClient } from './octokit.js'
import { parseResponse } from './parse-response.js'
import { restAuthor, RestComment } from './rest-schemas.js'

export type RestIssueComment = z.output<typeof RestComment>

/** Issue comments, oldest first; `since` (ISO) keeps those updated since then. */
export async function fetchIssueComments(
  client: GitHubClient,
  pr: PullRequestRef,
  since?: string
): Promise<RestIssueComment[]> {
  return parseResponse(
    z.array(RestComment),
    await client.paginate(client.rest.issues.listComments, {
      owner: pr.owner,
      repo: pr.repo,
      issue_number: pr.number,
      per_page: 100,
      ...(since === undefined ? {} : { since })
    }),
    `GET /repos/${pr.owner}/${pr.repo}/issues/${pr.number}/comments`
  )
}

export async function listIssueComments(
  client: GitHubClient,
  pr: PullRequestRef
): Promise<IssueCommentData[]> {
  return (await fetchIssueComments(client, pr)).map((comment) => ({
    id: comment.id,
    nodeId: comment.node_id,
    author: restAuthor(comment.user),
    body: comment.body ?? '',
    createdAt: comment.created_at
  }))
}
