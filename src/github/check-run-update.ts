/**
 * Completing the review's check run (PATCH) and appending its annotations:
 * GitHub takes at most 50 per request and appends those of each update to
 * the run's. An update whose outcome is unknown (5xx) is re-read before it
 * is sent again: status/conclusion are idempotent, but a re-sent batch of
 * annotations would be appended twice, so the run's annotations_count tells
 * whether the batch arrived. Failing to append annotations leaves the run
 * completed with those it has, and says so in the log: the verdict and the
 * record matter more than the annotations.
 */
import { annotationBatches, type CheckRunAnnotation } from '../core/reports/check-annotations.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import {
  CHECK_RUN_PERMISSION,
  type CheckRunCompletion,
  type CheckRunUpdate
} from '../ports/review-gateway.js'
import { describeApiError, httpStatus, isPermissionDenied } from './api-errors.js'
import { RestCheckRun, type RestCheckRunData } from './check-runs.js'
import { parseResponse } from './parse-response.js'
import type { WriteContext } from './write-context.js'
import { NO_AUTOMATIC_RETRY, writeOnce } from './write-once.js'

/**
 * GitHub refuses output.summary and output.text beyond 65,535; it counts
 * UTF-8 bytes ("exceeds a maximum bytesize"), so a text of fewer characters
 * can still be too long once it holds non-ASCII characters.
 */
export const MAX_OUTPUT_BYTES = 65_535

/** GitHub's timestamps have whole seconds. */
export function now(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z')
}

interface OutputFields {
  readonly title: string
  readonly summary: string
  readonly text: string
}

/** Refuses, before any request, an output GitHub would reject with a 422. */
export function checkOutputLimits(output: OutputFields): void {
  if (output.title.trim() === '')
    throw new Error('Check run output.title is empty: GitHub requires one')
  for (const field of ['summary', 'text'] as const) {
    const bytes = Buffer.byteLength(output[field], 'utf8')
    if (bytes > MAX_OUTPUT_BYTES)
      throw new Error(
        `Check run output.${field} is ${bytes} bytes of UTF-8: GitHub accepts at most ${MAX_OUTPUT_BYTES}`
      )
  }
}

/** The output object of a request: GitHub wants title and summary in every update. */
export function checkRunOutput(output: OutputFields, annotations: readonly CheckRunAnnotation[]) {
  return {
    title: output.title,
    summary: output.summary,
    ...(output.text === '' ? {} : { text: output.text }),
    ...(annotations.length === 0 ? {} : { annotations: [...annotations] })
  }
}

const annotationsOf = (run: RestCheckRunData) => run.output.annotations_count ?? 0

/** PATCHes the run once; after a 5xx, a re-read run that `arrived` approves counts as updated. */
async function patchOnce(
  ctx: WriteContext,
  checkRunId: number,
  fields: Record<string, unknown>,
  arrived: (run: RestCheckRunData) => boolean
): Promise<RestCheckRunData> {
  const { owner, repo } = ctx.pr
  const where = `/repos/${owner}/${repo}/check-runs/${checkRunId}`
  return writeOnce({
    what: `an update of check run ${checkRunId}`,
    attempts: ctx.attempts,
    pause: ctx.pause,
    create: async () => {
      const response = await ctx.client.request(
        'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}',
        { owner, repo, check_run_id: checkRunId, ...fields, request: NO_AUTOMATIC_RETRY }
      )
      return parseResponse(RestCheckRun, response.data, `PATCH ${where}`)
    },
    findExisting: async () => {
      const response = await ctx.client.request(
        'GET /repos/{owner}/{repo}/check-runs/{check_run_id}',
        { owner, repo, check_run_id: checkRunId }
      )
      const run = parseResponse(RestCheckRun, response.data, `GET ${where}`)
      return arrived(run) ? run : undefined
    }
  })
}

/**
 * Appends `batches` to a run that has `already` annotations from this call;
 * the number it has at the end. Stops at the first batch that fails.
 */
export async function appendAnnotations(
  ctx: WriteContext,
  checkRunId: number,
  output: OutputFields,
  already: number,
  batches: readonly (readonly CheckRunAnnotation[])[]
): Promise<number> {
  const total = already + batches.flat().length
  let sent = already
  for (const batch of batches) {
    const expected = sent + batch.length
    try {
      await patchOnce(
        ctx,
        checkRunId,
        { output: checkRunOutput(output, batch) },
        (run) => annotationsOf(run) >= expected
      )
    } catch (error) {
      ctx.log(
        `Check run ${checkRunId} keeps ${sent} of ${total} annotations: appending the next ${batch.length} failed (${getErrorMessage(error)})`
      )
      return sent
    }
    sent = expected
  }
  return sent
}

/** Completes a started check run with its conclusion, output and every annotation. */
export async function completeCheckRun(
  ctx: WriteContext,
  checkRunId: number,
  input: CheckRunCompletion
): Promise<CheckRunUpdate> {
  checkOutputLimits(input)
  const [first = [], ...rest] = annotationBatches(input.annotations ?? [])
  let run: RestCheckRunData
  try {
    run = await patchOnce(
      ctx,
      checkRunId,
      {
        status: 'completed',
        conclusion: input.conclusion,
        completed_at: now(),
        output: checkRunOutput(input, first)
      },
      (found) => found.status === 'completed' && annotationsOf(found) >= first.length
    )
  } catch (error) {
    if (!isPermissionDenied(error) && httpStatus(error) !== 404) throw error
    const warning =
      `Could not complete check run ${checkRunId} (${describeApiError(error)}): ` +
      `the workflow token needs ${CHECK_RUN_PERMISSION}; the run record falls back to the summary comment.`
    ctx.log(warning)
    return { kind: 'forbidden', warning }
  }
  const annotationsSent = await appendAnnotations(ctx, checkRunId, input, first.length, rest)
  return { kind: 'updated', id: run.id, url: run.html_url ?? run.url, annotationsSent }
}
