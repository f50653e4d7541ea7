/**
 * The check run that keeps the run record on the reviewed head: its title
 * is the verdict, its summary the run's markdown (no history: each check run
 * belongs to one head), and its text the record (summary rmcoc block and
 * marker) that the next run reads back with parseRmcoc.
 */
import { formatBotComment } from './rmcoc.js'
import { sanitizeComment } from './sanitize.js'
import type { SummaryInput } from './summary-input.js'
import { summaryBlock } from './summary-record.js'
import { VERDICT_TITLES, composeRunText } from './summary-sections.js'
import type { Verdict } from './verdict.js'

/** GitHub's limit for output.summary and output.text. */
export const CHECK_RUN_OUTPUT_CHARS = 65_535

export type CheckRunConclusion = 'success' | 'neutral' | 'action_required'

export interface CheckRunOutput {
  readonly title: string
  readonly summary: string
  readonly text: string
  readonly conclusion: CheckRunConclusion
}

/**
 * The verdict never fails the check: a failing check blocks merges wherever
 * branch protection requires it, and the humans decide whether the bot's
 * findings block a merge. needs_major_work asks for attention without
 * failing; request_changes stays neutral.
 */
const CONCLUSIONS: Record<Verdict, CheckRunConclusion> = {
  approve: 'success',
  request_changes: 'neutral',
  needs_major_work: 'action_required'
}

export function composeCheckRunOutput(
  input: SummaryInput,
  secrets: readonly string[] = []
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
    conclusion: CONCLUSIONS[input.verdict.verdict]
  }
}
