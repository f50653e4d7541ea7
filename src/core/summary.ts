/**
 * The run's summary comment (verdict, what happened to findings and threads,
 * the passes' own summaries) and the silence rule: a run with nothing to say
 * posts no PR comment at all. The summary's rmcoc block (kind "summary",
 * head SHA, counts) is the run record the next run reads back.
 *
 * Everything the model wrote (pass summaries, findings, assessments) is
 * untrusted: it goes through the one sanitizer and is quoted, so a stray
 * heading or an unclosed fence stays inside its quote (a fence ends with
 * the block quote that contains it).
 */
import type { StageCounts } from './finding-stage.js'
import { BOT_MARKER } from './marker.js'
import { formatBotComment, type SummaryBlock } from './rmcoc.js'
import { sanitizeComment } from './sanitize.js'
import type { Verdict, VerdictDecision } from './verdict.js'

export interface PassReport {
  readonly number: number
  /** The model's pass summary (untrusted); empty when the pass gave none. */
  readonly summary: string
  /** submit_pass_results was called for this pass. */
  readonly completed: boolean
  readonly hasBlockingIssues?: boolean
  /** Why the pass did not complete, e.g. "timed out after 10 minutes". */
  readonly note?: string
}

export interface PostedFinding {
  readonly id: string
  readonly path: string
  /** null when posted at file level. */
  readonly line: number | null
  readonly score: number
  readonly finding: string
  readonly placement: 'line' | 'file'
}

/** Why a finding is in the summary rather than inline. */
export type SummaryFindingReason = 'max_comments' | 'not-in-diff' | 'rejected-by-github'

export interface SummaryFinding {
  readonly id: string
  readonly path: string
  readonly line: number
  readonly score: number
  readonly finding: string
  readonly assessment: string
  readonly reason: SummaryFindingReason
}

export interface RunCounts extends StageCounts {
  readonly threadsResolved: number
  readonly threadsFollowedUp: number
  readonly threadsEscalated: number
  readonly threadsConceded: number
}

export interface ResolvedThreadNote {
  readonly file: string
  readonly line: number | null
  readonly finding: string
  readonly reason: string
}

/** Open bot threads after this run (for the run record). */
export interface OpenThreadCounts {
  readonly pending: number
  readonly disputed: number
  readonly escalated: number
}

export interface SummaryInput {
  readonly headSha: string
  readonly verdict: VerdictDecision
  readonly passes: readonly PassReport[]
  readonly posted: readonly PostedFinding[]
  readonly inSummary: readonly SummaryFinding[]
  readonly counts: RunCounts
  readonly openThreads: OpenThreadCounts
  readonly resolvedThreads: readonly ResolvedThreadNote[]
  /** E.g. the token may not resolve threads; shown as is (sanitized). */
  readonly warnings: readonly string[]
  /** A pass failed or timed out: the stage was published without a finished consolidation. */
  readonly consolidationIncomplete: boolean
}

/** Characters of one untrusted fragment shown in the summary; the rest is elided. */
const PASS_SUMMARY_CHARS = 3000
const ASSESSMENT_CHARS = 1500
/**
 * Room for "Findings that could not go inline". Every such finding counts as
 * published, so each must appear: assessments shrink as the count grows, and
 * past this budget only one line per finding is left.
 */
const IN_SUMMARY_CHARS = 36_000
/** Below this, an assessment says too little to be worth its quote. */
const MIN_ASSESSMENT_CHARS = 200
/** The shortest finding text kept on a one-line entry. */
const MIN_FINDING_CHARS = 60

const VERDICT_TITLES: Record<Verdict, string> = {
  approve: '✅ Approve',
  request_changes: '🟠 Request changes',
  needs_major_work: '🔴 Needs major work'
}

const REASON_TEXT: Record<SummaryFindingReason, string> = {
  max_comments: 'over the max_comments limit',
  'not-in-diff': 'its file is not part of this PR’s diff',
  'rejected-by-github': 'GitHub refused the inline comment'
}

/**
 * Silence: no finding posted or moved to the summary, no thread changed, no
 * warning. Such a run posts no PR comment; the job summary still reports.
 */
export function shouldPostSummary(input: SummaryInput): boolean {
  const c = input.counts
  const threadChanges =
    c.threadsResolved + c.threadsFollowedUp + c.threadsEscalated + c.threadsConceded
  return (
    input.posted.length > 0 ||
    input.inSummary.length > 0 ||
    threadChanges > 0 ||
    input.resolvedThreads.length > 0 ||
    input.warnings.length > 0
  )
}

function shorten(text: string, max: number): string {
  const trimmed = text.trim()
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max).trimEnd()} …`
}

/** Quotes untrusted text so its markdown cannot escape into the summary's layout. */
function quote(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line.trim() === '' ? '>' : `> ${line}`))
    .join('\n')
}

/** Quotes `text` shortened so the quote, markers included, stays within `max` characters. */
function quoteWithin(text: string, max: number): string {
  let chars = max
  for (let attempt = 0; attempt < 4 && chars > 0; attempt += 1) {
    const quoted = quote(shorten(text, chars))
    if (quoted.length <= max) return quoted
    chars -= quoted.length - max + 8
  }
  // Many short lines: one line, then, cannot grow by more than its marker.
  return quote(shorten(text.replace(/\s+/g, ' '), Math.max(0, max - 8)))
}

/** One line of untrusted text (a finding title): no line breaks to start a block. */
function oneLine(text: string): string {
  return shorten(text.replace(/\s+/g, ' '), 300)
}

const where = (path: string, line: number | null) =>
  line === null ? `\`${path}\`` : `\`${path}:${line}\``

function verdictSection(input: SummaryInput): string[] {
  return [
    `## OpenCode review: ${VERDICT_TITLES[input.verdict.verdict]}`,
    `Reviewed head \`${input.headSha.slice(0, 12)}\`.`,
    input.verdict.reasons.map((reason) => `- ${reason}`).join('\n')
  ]
}

function noticeSection(input: SummaryInput): string[] {
  const out: string[] = []
  if (input.consolidationIncomplete) {
    const unfinished = input.passes
      .filter((p) => !p.completed)
      .map((p) => `pass ${p.number}${p.note === undefined ? '' : ` (${p.note})`}`)
    out.push(
      `> [!WARNING]\n> Consolidation did not finish${unfinished.length > 0 ? `: ${unfinished.join(', ')} did not complete` : ''}. The findings staged so far are published as they were.`
    )
  }
  if (input.warnings.length > 0) {
    out.push('### Warnings', input.warnings.map((w) => `- ${oneLine(w)}`).join('\n'))
  }
  return out
}

function findingsSection(input: SummaryInput): string[] {
  const c = input.counts
  const fileLevel = input.posted.filter((p) => p.placement === 'file').length
  const out = [
    '### Findings',
    `Posted inline: ${input.posted.length}${fileLevel > 0 ? ` (${fileLevel} at file level)` : ''} · in this summary: ${input.inSummary.length} · suppressed below the threshold: ${c.suppressed} · duplicates: ${c.duplicates} · withdrawn: ${c.withdrawn} · combined: ${c.combined} · rejected: ${c.rejected}`
  ]
  if (input.posted.length > 0) {
    out.push(
      input.posted
        .map((p) => `- **${p.score}** ${where(p.path, p.line)}: ${oneLine(p.finding)}`)
        .join('\n')
    )
  }
  if (input.inSummary.length > 0) {
    out.push('### Findings that could not go inline', ...inSummaryEntries(input.inSummary))
  }
  return out
}

function findingTitle(f: SummaryFinding): string {
  return `#### \`${f.id}\` ${where(f.path, f.line)}, score ${f.score} (${REASON_TEXT[f.reason]})`
}

/**
 * One entry per finding, within IN_SUMMARY_CHARS: title, finding and an
 * assessment shortened to fit; when even short assessments do not fit, one
 * list line per finding (id, location, score and the finding, shortened).
 */
function inSummaryEntries(findings: readonly SummaryFinding[]): string[] {
  const heads = findings.map((f) => [findingTitle(f), `**${oneLine(f.finding)}**`])
  // Each part is joined with "\n\n"; a quote adds "> " per line (counted as 2% slack).
  const headChars = heads.flat().reduce((sum, part) => sum + part.length + 2, 0)
  const perAssessment = Math.min(
    ASSESSMENT_CHARS,
    Math.floor(((IN_SUMMARY_CHARS - headChars) / findings.length - 2) * 0.9)
  )
  if (perAssessment >= MIN_ASSESSMENT_CHARS) {
    return findings.flatMap((f, i) => [
      ...(heads[i] ?? []),
      quoteWithin(f.assessment, perAssessment)
    ])
  }
  const lineHead = (f: SummaryFinding) =>
    `- \`${f.id}\` ${where(f.path, f.line)}, score ${f.score} (${REASON_TEXT[f.reason]}): `
  const fixed = findings.reduce((sum, f) => sum + lineHead(f).length + 1, 0)
  const perFinding = Math.max(
    MIN_FINDING_CHARS,
    Math.floor((IN_SUMMARY_CHARS - fixed) / findings.length) - 2
  )
  return [
    findings
      .map((f) => `${lineHead(f)}${shorten(oneLine(f.finding), Math.min(300, perFinding))}`)
      .join('\n'),
    `_${findings.length} findings: assessments left out to fit the comment._`
  ]
}

function threadsSection(input: SummaryInput): string[] {
  const c = input.counts
  const total = c.threadsResolved + c.threadsFollowedUp + c.threadsEscalated + c.threadsConceded
  if (total === 0 && input.resolvedThreads.length === 0) return []
  const out = [
    '### Earlier threads',
    `Resolved: ${c.threadsResolved} · conceded: ${c.threadsConceded} · followed up: ${c.threadsFollowedUp} · escalated: ${c.threadsEscalated}`
  ]
  if (input.resolvedThreads.length > 0) {
    out.push(
      input.resolvedThreads
        .map((t) => `- ${where(t.file, t.line)} ${oneLine(t.finding)}: ${oneLine(t.reason)}`)
        .join('\n')
    )
  }
  return out
}

function passesSection(input: SummaryInput): string[] {
  if (input.passes.length === 0) return []
  const out = ['### Passes']
  for (const pass of [...input.passes].sort((a, b) => a.number - b.number)) {
    const state = pass.completed
      ? pass.hasBlockingIssues === true
        ? 'completed, blocking issues'
        : 'completed'
      : `did not complete${pass.note === undefined ? '' : `: ${oneLine(pass.note)}`}`
    out.push(`**Pass ${pass.number}** (${state})`)
    if (pass.summary.trim() !== '') out.push(quote(shorten(pass.summary, PASS_SUMMARY_CHARS)))
  }
  return out
}

export function summaryBlock(input: SummaryInput): SummaryBlock {
  return {
    kind: 'summary',
    head_sha: input.headSha,
    counts: {
      // Every finding published this run, inline or here (as the verdict counts them).
      posted: input.posted.length + input.inSummary.length,
      suppressed: input.counts.suppressed,
      resolved: input.counts.threadsResolved + input.counts.threadsConceded,
      pending: input.openThreads.pending,
      disputed: input.openThreads.disputed,
      escalated: input.openThreads.escalated
    }
  }
}

/**
 * The summary comment: sanitized markdown + the rmcoc summary block + the
 * marker. The findings (each counted as published) come before the pass
 * summaries and are budgeted to IN_SUMMARY_CHARS, so a cut at the size cap
 * loses pass-summary tail, never a finding. The cap is only reached with
 * long pass summaries on top of a full findings budget.
 */
export function composeSummaryComment(
  input: SummaryInput,
  secrets: readonly string[] = []
): string {
  const text = [
    ...verdictSection(input),
    ...noticeSection(input),
    ...findingsSection(input),
    ...threadsSection(input),
    ...passesSection(input)
  ].join('\n\n')
  const block = summaryBlock(input)
  return sanitizeComment({ text, secrets, compose: (t) => formatBotComment(t, block) })
}

/**
 * "The review could not complete": short, marked as the bot's, with no
 * summary block, so it does not count as a reviewed head.
 */
export function composeFailureComment(
  reason: string,
  runUrl: string,
  secrets: readonly string[] = []
): string {
  const text = [
    '## OpenCode review: ⚠️ the review could not complete',
    quote(shorten(reason, 1000)),
    `No findings were published for this run. Details are in [the workflow run](${runUrl}).`
  ].join('\n\n')
  return sanitizeComment({ text, secrets, compose: (t) => `${t}\n\n${BOT_MARKER}` })
}
