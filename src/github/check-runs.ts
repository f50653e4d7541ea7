/**
 * Reading check runs of one name on one commit (where earlier runs left
 * their records). Every run counts, not only the latest per name: a forged
 * run from another app must not hide the Actions app's own record.
 */
import { z } from 'zod'
import type { CheckRunData } from '../core/pull-request/pr-data.js'
import type { PullRequestRef } from '../ports/review-gateway.js'
import { describeApiError, httpStatus, isPermissionDenied } from './api-errors.js'
import type { GitHubClient } from './octokit.js'
import { parseResponse } from './parse-response.js'

/** The fields of GitHub's check-run object the gateway relies on. */
export const RestCheckRun = z.object({
  id: z.number().int(),
  name: z.string(),
  head_sha: z.string().min(1),
  status: z.string(),
  conclusion: z.string().nullable(),
  completed_at: z.string().nullable(),
  external_id: z.string().nullable(),
  url: z.string(),
  html_url: z.string().nullable(),
  // annotations_count is always sent by GitHub; a run read without it counts as having none.
  output: z.object({ text: z.string().nullable(), annotations_count: z.number().int().optional() }),
  // An integration may be absent, and its slug is optional in GitHub's schema.
  app: z.object({ slug: z.string().optional() }).nullable()
})

export type RestCheckRunData = z.output<typeof RestCheckRun>

/**
 * Every check run named `name` on `sha` (filter=all: older runs of the same
 * name included), newest first. Errors are the caller's to interpret.
 */
export async function fetchCheckRuns(
  client: GitHubClient,
  pr: PullRequestRef,
  sha: string,
  name: string
): Promise<RestCheckRunData[]> {
  const runs = parseResponse(
    z.array(RestCheckRun),
    await client.paginate(client.rest.checks.listForRef, {
      owner: pr.owner,
      repo: pr.repo,
      ref: sha,
      check_name: name,
      filter: 'all',
      per_page: 100
    }),
    `GET /repos/${pr.owner}/${pr.repo}/commits/${sha}/check-runs`
  )
  // GitHub promises no order; ids grow with creation time.
  return runs.sort((a, b) => b.id - a.id)
}

export function toCheckRunData(run: RestCheckRunData): CheckRunData {
  return {
    id: run.id,
    name: run.name,
    appSlug: run.app?.slug ?? null,
    headSha: run.head_sha,
    status: run.status,
    conclusion: run.conclusion,
    completedAt: run.completed_at,
    text: run.output.text ?? ''
  }
}

/**
 * Check runs as the review reads them: a commit GitHub does not know (404,
 * 422: force-pushed away and collected) or a token that may not read checks
 * (403) simply has no earlier record, which the log explains.
 */
export async function listCheckRuns(
  client: GitHubClient,
  pr: PullRequestRef,
  sha: string,
  name: string,
  log: (message: string) => void
): Promise<CheckRunData[]> {
  try {
    return (await fetchCheckRuns(client, pr, sha, name)).map(toCheckRunData)
  } catch (error) {
    const status = httpStatus(error)
    if (status === 404 || status === 422) {
      log(
        `No check runs read on ${sha}: GitHub does not know the commit (${describeApiError(error)})`
      )
      return []
    }
    if (isPermissionDenied(error)) {
      log(
        `No check runs read on ${sha} (${describeApiError(error)}): the workflow token needs checks: read`
      )
      return []
    }
    throw error
  }
}
