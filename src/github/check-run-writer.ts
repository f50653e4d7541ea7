/**
 * Creating the review's check run on the commit it reviews: in_progress as
 * the review starts, or completed in one go. Created at most once per call:
 * each call tags its run with a random external_id, and after an unknown
 * outcome (5xx) the runs of that name on that commit are re-read and a run
 * carrying the tag counts as created. Without checks: write (403, or 404
 * for a token that cannot see checks at all) nothing is written and the
 * caller is told to keep the record in the summary comment instead.
 */
import { randomUUID } from 'node:crypto'
import { annotationBatches } from '../core/reports/check-annotations.js'
import {
  CHECK_RUN_PERMISSION,
  type CheckRunInput,
  type CheckRunResult,
  type CheckRunStart
} from '../ports/review-gateway.js'
import { describeApiError, httpStatus, isPermissionDenied } from './api-errors.js'
import { appendAnnotations, checkRunOutput, checkOutputLimits, now } from './check-run-update.js'
import { fetchCheckRuns, RestCheckRun, type RestCheckRunData } from './check-runs.js'
import { parseResponse } from './parse-response.js'
import type { WriteContext } from './write-context.js'
import { NO_AUTOMATIC_RETRY, writeOnce } from './write-once.js'

export { MAX_OUTPUT_BYTES } from './check-run-update.js'

/** Refuses, before any request, what GitHub would reject with a 422 after the review is done. */
export function checkCheckRunInput(input: CheckRunInput | CheckRunStart): void {
  if (input.name.trim() === '') throw new Error('Check run name is empty: GitHub requires one')
  checkOutputLimits({ text: '', ...input })
}

function created(run: RestCheckRunData): CheckRunResult {
  return { kind: 'created', id: run.id, url: run.html_url ?? run.url }
}

/** The answer to a create GitHub refused for want of a permission. */
function forbidden(ctx: WriteContext, what: string, error: unknown): CheckRunResult {
  const warning =
    `Could not create ${what} (${describeApiError(error)}): ` +
    `the workflow token needs ${CHECK_RUN_PERMISSION}; the run record falls back to the summary comment.`
  ctx.log(warning)
  return { kind: 'forbidden', warning }
}

/** POSTs one check run exactly once; `fields` are everything but the commit, name and tag. */
async function postCheckRun(
  ctx: WriteContext,
  target: { readonly headSha: string; readonly name: string },
  fields: Record<string, unknown>
): Promise<CheckRunResult> {
  const { owner, repo } = ctx.pr
  const what = `check run "${target.name}" on ${target.headSha}`
  const externalId = randomUUID()
  return writeOnce({
    what,
    attempts: ctx.attempts,
    pause: ctx.pause,
    create: async () => {
      let data: unknown
      try {
        data = (
          await ctx.client.request('POST /repos/{owner}/{repo}/check-runs', {
            owner,
            repo,
            head_sha: target.headSha,
            name: target.name,
            external_id: externalId,
            ...fields,
            request: NO_AUTOMATIC_RETRY
          })
        ).data
      } catch (error) {
        // Only the create's own refusal means "not allowed": a re-read that
        // fails after a 5xx leaves the outcome unknown and stays an error.
        if (isPermissionDenied(error) || httpStatus(error) === 404)
          return forbidden(ctx, what, error)
        throw error
      }
      return created(parseResponse(RestCheckRun, data, `POST /repos/${owner}/${repo}/check-runs`))
    },
    // The external_id is this call's own: no time window is needed to tell
    // this run from an earlier run's identical one.
    findExisting: async () => {
      const runs = await fetchCheckRuns(ctx.client, ctx.pr, target.headSha, target.name)
      const found = runs.find((run) => run.external_id === externalId)
      return found && created(found)
    }
  })
}

/** A completed check run; annotations beyond the first 50 are appended by updates. */
export async function createCheckRun(
  ctx: WriteContext,
  input: CheckRunInput
): Promise<CheckRunResult> {
  checkCheckRunInput(input)
  const [first = [], ...rest] = annotationBatches(input.annotations ?? [])
  const result = await postCheckRun(ctx, input, {
    status: 'completed',
    conclusion: input.conclusion,
    completed_at: now(),
    output: checkRunOutput(input, first)
  })
  if (result.kind === 'created') await appendAnnotations(ctx, result.id, input, first.length, rest)
  return result
}

/** An in_progress check run linking the workflow run, completed later by completeCheckRun. */
export function startCheckRun(ctx: WriteContext, input: CheckRunStart): Promise<CheckRunResult> {
  checkCheckRunInput(input)
  return postCheckRun(ctx, input, {
    status: 'in_progress',
    started_at: now(),
    details_url: input.detailsUrl,
    output: { title: input.title, summary: input.summary }
  })
}
