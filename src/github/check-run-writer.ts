/**
 * The check run that records a completed review on the commit it reviewed.
 * Created at most once per call: each call tags its run with a random
 * external_id, and after an unknown outcome (5xx) the runs of that name on
 * that commit are re-read and a run carrying the tag counts as created.
 * Without checks: write (403, or 404 for a token that cannot see checks at
 * all) nothing is written and the caller is told to keep the record in the
 * summary comment instead.
 */
import { randomUUID } from 'node:crypto'
import {
  CHECK_RUN_PERMISSION,
  type CheckRunInput,
  type CheckRunResult
} from '../ports/review-gateway.js'
import { describeApiError, httpStatus, isPermissionDenied } from './api-errors.js'
import { fetchCheckRuns, RestCheckRun, type RestCheckRunData } from './check-runs.js'
import { parseResponse } from './parse-response.js'
import type { WriteContext } from './write-context.js'
import { NO_AUTOMATIC_RETRY, writeOnce } from './write-once.js'

/**
 * GitHub refuses output.summary and output.text beyond 65,535; it counts
 * UTF-8 bytes ("exceeds a maximum bytesize"), so a text of fewer characters
 * can still be too long once it holds non-ASCII characters.
 */
export const MAX_OUTPUT_BYTES = 65_535

/** Refuses, before any request, what GitHub would reject with a 422 after the review is done. */
export function checkCheckRunInput(input: CheckRunInput): void {
  for (const field of ['name', 'title'] as const)
    if (input[field].trim() === '')
      throw new Error(
        `Check run ${field === 'title' ? 'output.title' : 'name'} is empty: GitHub requires one`
      )
  for (const field of ['summary', 'text'] as const) {
    const bytes = Buffer.byteLength(input[field], 'utf8')
    if (bytes > MAX_OUTPUT_BYTES)
      throw new Error(
        `Check run output.${field} is ${bytes} bytes of UTF-8: GitHub accepts at most ${MAX_OUTPUT_BYTES}`
      )
  }
}

/** GitHub's timestamps have whole seconds. */
function now(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z')
}

function created(run: RestCheckRunData): CheckRunResult {
  return { kind: 'created', id: run.id, url: run.html_url ?? run.url }
}

/** The answer to a create GitHub refused for want of a permission. */
function forbidden(ctx: WriteContext, input: CheckRunInput, error: unknown): CheckRunResult {
  const warning =
    `Could not create check run "${input.name}" on ${input.headSha} (${describeApiError(error)}): ` +
    `the workflow token needs ${CHECK_RUN_PERMISSION}; the run record falls back to the summary comment.`
  ctx.log(warning)
  return { kind: 'forbidden', warning }
}

export async function createCheckRun(
  ctx: WriteContext,
  input: CheckRunInput
): Promise<CheckRunResult> {
  checkCheckRunInput(input)
  const { owner, repo } = ctx.pr
  const externalId = randomUUID()
  return writeOnce({
    what: `check run "${input.name}" on ${input.headSha}`,
    attempts: ctx.attempts,
    pause: ctx.pause,
    create: async () => {
      let data: unknown
      try {
        data = (
          await ctx.client.rest.checks.create({
            owner,
            repo,
            head_sha: input.headSha,
            name: input.name,
            external_id: externalId,
            status: 'completed',
            conclusion: input.conclusion,
            completed_at: now(),
            output: { title: input.title, summary: input.summary, text: input.text },
            request: NO_AUTOMATIC_RETRY
          })
        ).data
      } catch (error) {
        // Only the create's own refusal means "not allowed": a re-read that
        // fails after a 5xx leaves the outcome unknown and stays an error.
        if (isPermissionDenied(error) || httpStatus(error) === 404)
          return forbidden(ctx, input, error)
        throw error
      }
      return created(parseResponse(RestCheckRun, data, `POST /repos/${owner}/${repo}/check-runs`))
    },
    // The external_id is this call's own: no time window is needed to tell
    // this run from an earlier run's identical one.
    findExisting: async () => {
      const runs = await fetchCheckRuns(ctx.client, ctx.pr, input.headSha, input.name)
      const found = runs.find((run) => run.external_id === externalId)
      return found && created(found)
    }
  })
}
