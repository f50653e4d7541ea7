/**
 * The job summary's notes on what kind of run it was and where its results
 * went: the PR comment, a threads-only run, the scope, a newer head, a clean
 * run of several discovery runs, findings held back by team learnings,
 * unsigned state ignored, outcome rates and the run record's home.
 */
import type { JobSummaryInput } from '../core/reports/run-report.js'
import { plural, shortSha } from '../core/summary/summary-text.js'
import { CHECK_RUN_PERMISSION } from '../ports/review-gateway.js'
import { findingRows } from './job-summary-findings.js'
import { outcomesNote } from './job-summary-outcomes.js'
import { cell } from './summary-cell.js'

/** A SHA as inline code; anything that is not one is not printed. */
function sha(value: string): string {
  const short = shortSha(value)
  return short === undefined ? 'an unknown commit' : `<code>${short}</code>`
}

function scopeNote(input: JobSummaryInput, secrets: readonly string[]): string | undefined {
  const scope = input.scope
  if (scope === undefined) return undefined
  if (scope.kind === 'full') {
    return `<p><strong>Scope:</strong> full review — ${cell(scope.reason, secrets)}</p>`
  }
  const head = input.headSha === undefined ? undefined : shortSha(input.headSha)
  const from = shortSha(scope.from)
  const range =
    head === undefined || from === undefined
      ? `the changes since ${sha(scope.from)}`
      : `<code>${from}..${head}</code>`
  return `<p><strong>Scope:</strong> incremental review of ${range} (${plural(scope.changedFiles, 'file')} changed, ${scope.unchangedFiles} unchanged)</p>`
}

const RECORD_HOMES = {
  'check-run': 'kept in a check run on the reviewed head.',
  'summary-comment': 'kept in the summary comment on the pull request, not in a check run.',
  none: 'not kept: neither a check run nor the summary comment holds it, so the next run cannot tell what this one reviewed.'
} as const

function recordNotes(input: JobSummaryInput, secrets: readonly string[]): string[] {
  if (input.recordHome === undefined) return []
  const notes = [`<p><strong>Run record:</strong> ${RECORD_HOMES[input.recordHome]}</p>`]
  if (input.recordHome !== 'check-run') {
    // Without a reason from the caller, the usual one: the workflow's token may not write checks.
    const warning =
      input.recordWarning === undefined
        ? `The check run could not be written; the workflow may lack the ${CHECK_RUN_PERMISSION} permission.`
        : cell(input.recordWarning, secrets)
    notes.push(`<p>⚠️ <strong>Warning:</strong> ${warning}</p>`)
  }
  return notes
}

/**
 * What kind of run this was and where its results went: the PR comment,
 * threads-only runs, the scope, a newer head, the run record. HTML lines,
 * every piece of text from outside escaped.
 */
export function runNotes(input: JobSummaryInput, secrets: readonly string[] = []): string[] {
  const threadsOnly = input.mode === 'threads-only'
  const notes = threadsOnly
    ? [
        '<p><strong>Threads only:</strong> this run only answered a reply in a review thread; the code was not reviewed again.</p>',
        input.prCommentPosted
          ? '<p>The answer was posted in the thread.</p>'
          : '<p>No answer was posted in the thread.</p>'
      ]
    : [
        input.prCommentPosted
          ? '<p>Summary comment posted on the pull request.</p>'
          : '<p>No summary comment on the pull request: nothing to say (silence rule).</p>'
      ]
  const scope = scopeNote(input, secrets)
  if (scope !== undefined) notes.push(scope)
  if (input.newerHead !== undefined) {
    notes.push(
      `<p><strong>Newer head:</strong> ${sha(input.newerHead)} was pushed while this run reviewed; it will be reviewed next. Everything was published against the head reviewed.</p>`
    )
  }
  const discoveryRuns = (input.reviewers ?? []).filter((r) => r.discoveryRun !== undefined).length
  if (discoveryRuns > 1 && findingRows(input, secrets).length === 0) {
    notes.push(`<p><strong>Clean:</strong> ${discoveryRuns} discovery runs found nothing.</p>`)
  }
  const heldBack =
    input.refused.filter((r) => r.kind === 'learning').length +
    input.stage.filter((f) => f.state === 'held-back').length
  if (heldBack > 0) {
    notes.push(
      `<p><strong>Held back by team learnings:</strong> ${plural(heldBack, 'finding')} the team taught the bot not to raise (listed below).</p>`
    )
  }
  if ((input.unverifiedState ?? 0) > 0) {
    notes.push(
      `<p><strong>Unsigned state ignored:</strong> ${input.unverifiedState} comment(s) or check run(s) carried bot state without a valid <code>state_key</code> signature.</p>`
    )
  }
  const outcomes = outcomesNote(input)
  if (outcomes !== undefined) notes.push(outcomes)
  return [...notes, ...recordNotes(input, secrets)]
}
