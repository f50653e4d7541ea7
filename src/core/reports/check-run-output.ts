/**
 * The outputs of the review's check run on the reviewed head. While the
 * review runs it says so and links the workflow run. Completed, its title
 * is the verdict, its summary the run's markdown (no history: each check run
 * belongs to one head), and its text the record (summary rmcoc block and
 * marker) that the next run reads back with parseRmcoc. A run that could
 * not complete says why, and carries no record.
 */
import {
  checkConclusion,
  failedRunConclusion,
  type CheckConclusion,
  type FailOn
} from './check-conclusion.js'
import { formatBotComment } from '../memory/rmcoc.js'
import { sanitizeComment } from '../text-safety/sanitize.js'
import type { SummaryInput } from '../summary/summary-input.js'
import { summaryBlock } from '../summary/run-record-block.js'
import { VERDICT_TITLES, composeRunText } from '../summary/summary-sections.js'

/** GitHub's limit for output.summary and output.text. */
export const CHECK_RUN_OUTPUT_CHARS = 65_535

export interface CheckRunOutput {
  readonly title: string
  readonly summary: string
  readonly text: string
  readonly conclusion: CheckConclusion
}

/** The title and summary while the review runs. */
export function composeStartedOutput(headSha: string, runUrl: string) {
  return {
    title: 'Review in progress',
    summary: `Reviewing head \`${headSha.slice(0, 12)}\`: follow [the workflow run](${runUrl}).`
  }
}

/** A review that could not complete: the reason (sanitized, as the step reports it), the run link, no record. */
export function composeFailedOutput(
  reason: string,
  runUrl: string,
  failOn: FailOn,
  secrets: readonly string[] = []
): CheckRunOutput {
  const summary = sanitizeComment({
    text: `${reason}\n\nDetails are in [the workflow run](${runUrl}).`,
    secrets,
    maxChars: CHECK_RUN_OUTPUT_CHARS
  })
  return {
    title: 'Review could not complete',
    summary,
    text: '',
    conclusion: failedRunConclusion(failOn)
  }
}

export function composeCheckRunOutput(
  input: SummaryInput,
  secrets: readonly string[] = [],
  failOn: FailOn = 'never'
): CheckRunOutput {
  const block = summaryBlock(input, secrets)
  const summary = sanitizeComment({
    text: composeRunText(input, CHECK_RUN_OUTPUT_CHARS),
    secrets,
    maxChars: CHECK_RUN_OUTPUT_CHARS
  })
  // Only the record and the marker; composed through the sanitizer, which
  // fails closed if a secret reached the block.
  const text = sanitizeComment({
    text: '',
    secrets,
    compose: (t) => formatBotComment(t, block),
    maxChars: CHECK_RUN_OUTPUT_CHARS
  })
  return {
    title: VERDICT_TITLES[input.verdict.verdict],
    summary,
    text,
    conclusion: checkConclusion({
      verdict: input.verdict.verdict,
      failOn,
      complete: !input.consolidationIncomplete
    })
  }
}
