/**
 * Writes the job summary (the run page on GitHub): verdict, the run's notes
 * (what kind of run it was and where the run record went), every finding with
 * what became of it, threads resolved, and per-pass time, tokens and dollars
 * with their total. It reports even when the PR got no comment (the silence
 * rule), so silence is never mistaken for a review that did not run. Each
 * section's rows come from its own job-summary-*.ts file.
 *
 * core.summary puts table cells into HTML as given, and the run page of a
 * public repository is public: model text is sanitized (secrets, mentions)
 * and HTML-escaped before it reaches a cell.
 */
import * as core from '@actions/core'
import type { JobSummaryInput } from '../core/reports/run-report.js'
import { dryRunSection } from './job-summary-dry-run.js'
import { findingRows } from './job-summary-findings.js'
import { passRows, passTotalRow } from './job-summary-passes.js'
import { REVIEWER_HEADERS, reviewerRows } from './job-summary-reviewers.js'
import { runNotes } from './job-summary-run-notes.js'
import { cell } from './summary-cell.js'

export type {
  JobSummaryInput,
  PassMetrics,
  RecordHome,
  RefusedFinding,
  RunMode
} from '../core/reports/run-report.js'

const header = (...titles: string[]) => titles.map((data) => ({ data, header: true }))

/** Appends the report to the job summary file (GITHUB_STEP_SUMMARY). */
export async function writeJobSummary(
  input: JobSummaryInput,
  secrets: readonly string[] = []
): Promise<void> {
  const summary = core.summary.addHeading('OpenCode review', 2)
  summary.addRaw(
    `<p><strong>Verdict:</strong> ${input.verdict.verdict} — ${input.verdict.reasons.map((r) => cell(r, secrets)).join('; ')}</p>`,
    true
  )
  for (const note of runNotes(input, secrets)) summary.addRaw(note, true)
  if (input.dryRunWrites !== undefined) {
    summary.addRaw(dryRunSection(input.dryRunWrites, secrets), true)
  }
  const rows = findingRows(input, secrets)
  summary.addHeading('Findings', 3)
  if (rows.length === 0) summary.addRaw('<p>No findings.</p>', true)
  else
    summary.addTable([
      header('Location', 'Score', 'Disposition', 'Finding'),
      ...rows.map((r) => [...r])
    ])
  summary.addHeading('Threads resolved', 3)
  if (input.resolvedThreads.length === 0) summary.addRaw('<p>None.</p>', true)
  else
    summary.addTable([
      header('Location', 'Finding', 'Why'),
      ...input.resolvedThreads.map((t) => [
        cell(t.line === null ? t.file : `${t.file}:${t.line}`, secrets),
        cell(t.finding, secrets),
        cell(t.reason, secrets)
      ])
    ])
  const passHeader = header(
    'Pass',
    'Status',
    'Time (s)',
    'Input tokens',
    'Output tokens',
    'Cost (USD)'
  )
  if (input.reviewers === undefined) {
    summary.addHeading('Passes', 3)
    summary.addTable([passHeader, ...passRows(input.passes, secrets), passTotalRow(input.passes)])
  } else {
    // Several reviewer models: what each did and cost, then each one's passes.
    summary.addHeading('Reviewers', 3)
    summary.addTable([header(...REVIEWER_HEADERS), ...reviewerRows(input.reviewers, secrets)])
    for (const reviewer of input.reviewers) {
      summary.addHeading(`Passes of ${cell(reviewer.model, secrets)}`, 4)
      summary.addTable([passHeader, ...passRows(reviewer.passes, secrets)])
    }
    summary.addHeading('All reviewers', 4)
    summary.addTable([passHeader, passTotalRow(input.passes)])
  }
  await summary.write()
}
