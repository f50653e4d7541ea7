/**
 * The job summary (the run page on GitHub): verdict, what kind of run it was
 * (scope, threads only, a newer head) and where the run record went, every
 * finding with what became of it, threads resolved, and per-pass time,
 * tokens and dollars with their total. It reports even when the PR got no comment (the silence rule), so
 * silence is never mistaken for a review that did not run.
 *
 * core.summary puts table cells into HTML as given, and the run page of a
 * public repository is public: model text is sanitized (secrets, mentions)
 * and HTML-escaped here.
 */
import type { ConfirmationAnswer } from '../core/findings/confirmation.js'
import * as core from '@actions/core'
import type { StagedFinding } from '../core/findings/finding-shapes.js'
import { formatUsd, sumUsage } from '../core/reports/model-usage.js'
import type { JobSummaryInput, PassMetrics } from '../core/reports/run-report.js'
import { cell } from './summary-cell.js'
import { dryRunSection } from './job-summary-dry-run.js'
import { outcomesNote } from './job-summary-outcomes.js'
import { REVIEWER_HEADERS, reviewerRows } from './job-summary-reviewers.js'
import { plural, shortSha } from '../core/summary/summary-text.js'
import { CHECK_RUN_PERMISSION } from '../ports/review-gateway.js'

export type {
  JobSummaryInput,
  PassMetrics,
  RecordHome,
  RefusedFinding,
  RunMode
} from '../core/reports/run-report.js'

export type FindingDisposition =
  | 'posted inline'
  | 'posted at file level'
  | 'moved to summary'
  | 'not published'
  | 'suppressed'
  | 'duplicate'
  | 'withdrawn'
  | 'combined'
  | 'refuted'
  | 'rejected'
  | 'held back by a team learning'

export type FindingRow = readonly [string, string, FindingDisposition, string]

function disposition(
  finding: StagedFinding,
  placements: JobSummaryInput['placements']
): FindingDisposition {
  if (finding.state === 'held-back') return 'held back by a team learning'
  if (finding.state !== 'staged') return finding.state
  const placed = placements[finding.id]
  if (placed === 'line') return 'posted inline'
  if (placed === 'file') return 'posted at file level'
  if (placed === 'summary') return 'moved to summary'
  return 'not published'
}

const ORDER: readonly FindingDisposition[] = [
  'posted inline',
  'posted at file level',
  'moved to summary',
  'not published',
  'suppressed',
  'withdrawn',
  'combined',
  'refuted',
  'duplicate',
  'rejected',
  'held back by a team learning'
]

/** A finding several reviewer models raised names them (its agreement). */
function withAgreement(finding: StagedFinding, text: string): string {
  const named = finding.reviewers ?? []
  return named.length < 2 ? text : `${text} (raised by ${named.join(', ')})`
}

/** Most characters of one confirmer's reasoning in a job summary cell. */
const REASON_CHARS = 400

function reasonOf(name: string, answer: ConfirmationAnswer | undefined): string {
  if (answer === undefined) return `${name}: no answer`
  const text = answer.reasoning.trim()
  const shown = text.length <= REASON_CHARS ? text : `${text.slice(0, REASON_CHARS - 1)}…`
  return `${name} ${answer.verdict}: ${shown}`
}

/**
 * The finding with its confirmation outcome and why, when it was confirmed;
 * a refuted or unconfirmed one with both checks' reasons.
 */
function withOutcome(finding: StagedFinding): string {
  const confirmation = finding.confirmation
  if (confirmation === undefined) return finding.finding
  const drafted = finding.drafted === true ? '; comment drafted from the confirmed reasoning' : ''
  const outcome = `${finding.finding} (${confirmation.outcome}: ${confirmation.note}${drafted})`
  const answers = confirmation.answers
  if (confirmation.outcome === 'confirmed' || answers === undefined) return outcome
  return `${outcome}. ${reasonOf('A', answers.a)}; ${reasonOf('B', answers.b)}`
}

/** Every finding of the run, one row each, published ones first, then by score. */
export function findingRows(input: JobSummaryInput, secrets: readonly string[] = []): FindingRow[] {
  const row = (
    file: string,
    line: number,
    score: number,
    what: FindingDisposition,
    finding: string
  ): FindingRow => [cell(`${file}:${line}`, secrets), String(score), what, cell(finding, secrets)]
  const rows = [
    ...input.stage.map((f) => ({
      score: f.score,
      row: row(
        f.file,
        f.line,
        f.score,
        disposition(f, input.placements),
        withAgreement(
          f,
          f.state === 'held-back' ? `${f.finding} (${f.note ?? ''})` : withOutcome(f)
        )
      )
    })),
    ...input.refused.map((r) => ({
      score: r.score,
      row: row(
        r.file,
        r.line,
        r.score,
        r.kind === 'learning' ? 'held back by a team learning' : r.kind,
        `${r.finding} (${r.reason})`
      )
    }))
  ]
  return rows
    .sort((a, b) => ORDER.indexOf(a.row[2]) - ORDER.indexOf(b.row[2]) || b.score - a.score)
    .map((r) => r.row)
}

const seconds = (ms: number): string => (ms / 1000).toFixed(1)

/** One row per pass, in pass order: status, seconds, tokens and dollars. */
export function passRows(
  passes: readonly PassMetrics[],
  secrets: readonly string[] = []
): string[][] {
  return [...passes]
    .sort((a, b) => a.number - b.number)
    .map((p) => [
      cell(p.label ?? String(p.number), secrets),
      (p.completed
        ? 'completed'
        : `did not complete${p.note === undefined ? '' : `: ${cell(p.note, secrets)}`}`) +
        (p.requests === undefined ? '' : ` (${plural(p.requests, 'model request')})`),
      seconds(p.durationMs),
      String(p.inputTokens),
      String(p.outputTokens),
      formatUsd(p.costUsd)
    ])
}

/** The run's total over every pass, the figures the action's outputs carry. */
export function passTotalRow(passes: readonly PassMetrics[]): string[] {
  const usage = sumUsage(passes)
  const ms = passes.reduce((sum, p) => sum + p.durationMs, 0)
  // The status cell is not left empty: core.summary writes an empty cell unclosed (`<td>`).
  return [
    '<strong>Total</strong>',
    plural(passes.length, 'pass', 'passes'),
    seconds(ms),
    String(usage.inputTokens),
    String(usage.outputTokens),
    formatUsd(usage.costUsd)
  ]
}

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
