/**
 * Finds the last run record: the check run our earlier runs left on a
 * reviewed head, or the record in the summary comment (the fallback when the
 * token could not create check runs). A check run is looked for on the
 * event's previous head first (after a force-push it is no longer one of the
 * PR's commits), then on the PR's commits newest first, a bounded number of
 * them: the newest reviewed head is almost always among the last few.
 */
import { getErrorMessage } from '../../core/errors/error-message.js'
import type {
  CheckRunData,
  IssueCommentData,
  PullRequestData
} from '../../core/pull-request/pr-data.js'
import {
  latestRunRecord,
  newestRunRecord,
  runRecordFromCheckRun,
  type RunRecord
} from '../../core/memory/run-record-reader.js'
import type { ReviewLog } from '../../ports/agent-session.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'

/** The check run's name: the visible check of the review, and the run record's home. */
export const CHECK_RUN_NAME = 'review-my-code-bot'
/** The name earlier versions gave it: their records still count. */
export const LEGACY_CHECK_RUN_NAME = 'OpenCode review'

/** Commits looked at for a check run, at most (one request each). */
export const MAX_COMMITS_SEARCHED = 12

export interface RunRecordLookupInput {
  readonly gateway: ReviewGateway
  readonly pr: PullRequestData
  readonly issueComments: readonly IssueCommentData[]
  readonly botLogins: readonly string[]
  /** The head before this push, from a synchronize event. */
  readonly beforeSha?: string | undefined
  readonly log: ReviewLog
}

async function candidateShas(input: RunRecordLookupInput): Promise<string[]> {
  let commits: string[] = []
  try {
    commits = await input.gateway.listCommits()
  } catch (error) {
    input.log.warning(`Could not list the PR's commits: ${getErrorMessage(error)}`)
  }
  const ordered = [input.beforeSha, input.pr.headSha, ...commits.reverse()]
  const seen = new Set<string>()
  const shas: string[] = []
  for (const sha of ordered) {
    if (sha === undefined || seen.has(sha.toLowerCase())) continue
    seen.add(sha.toLowerCase())
    shas.push(sha)
  }
  return shas.slice(0, MAX_COMMITS_SEARCHED)
}

async function checkRunRecord(input: RunRecordLookupInput): Promise<RunRecord | undefined> {
  for (const sha of await candidateShas(input)) {
    const runs: CheckRunData[] = []
    for (const name of [CHECK_RUN_NAME, LEGACY_CHECK_RUN_NAME])
      runs.push(...(await input.gateway.listCheckRuns(sha, name)))
    const records: RunRecord[] = []
    for (const run of runs) {
      const read = runRecordFromCheckRun(run, input.botLogins)
      if ('ignored' in read)
        input.log.debug(`Check run ${run.id} on ${sha} ignored: ${read.reason}`)
      else records.push(read)
    }
    const newest = newestRunRecord(records)
    if (newest !== undefined) return newest
  }
  return undefined
}

/** The newest record of the two homes; null when no earlier run left one. */
export async function findRunRecord(input: RunRecordLookupInput): Promise<RunRecord | null> {
  let fromChecks: RunRecord | undefined
  try {
    fromChecks = await checkRunRecord(input)
  } catch (error) {
    input.log.warning(`Could not read the run record's check runs: ${getErrorMessage(error)}`)
  }
  const fromComment = latestRunRecord(input.issueComments, input.botLogins).record
  const candidates = [fromChecks, fromComment].filter((r): r is RunRecord => r !== undefined)
  return newestRunRecord(candidates) ?? null
}
