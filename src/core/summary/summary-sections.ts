/**
 * The markdown of one run: verdict and scope, notices, findings, earlier
 * threads, pass summaries, in that order. The findings (each counted as
 * published) come before the pass summaries and are budgeted to the room
 * left, so a cut at the size cap loses pass-summary tail, never a finding.
 */
import { scopeLine } from './run-scope.js'
import {
  IN_SUMMARY_CHARS,
  inSummaryEntries,
  minimumInSummaryChars
} from './summary-findings-budget.js'
import type { SummaryInput } from './summary-input.js'
import { oneLine, quote, shortSha, shorten, where } from './summary-text.js'
import type { Verdict } from '../findings/verdict.js'

/** Characters of one pass summary shown; the rest is elided. */
const PASS_SUMMARY_CHARS = 3000
/**
 * Kept free below the room: the sanitizer backs a cut up to the previous
 * line end (up to 1,000 characters) and adds its notice.
 */
const CUT_RESERVE = 1_500
/** The sanitizer may lengthen text (a wrapped mention, a redaction marker). */
const GROWTH = 1.02

export const VERDICT_TITLES: Record<Verdict, string> = {
  approve: '✅ Approve',
  request_changes: '🟠 Request changes',
  needs_major_work: '🔴 Needs major work'
}

export const VERDICT_HEADING = '## OpenCode review: '

function verdictSection(input: SummaryInput): string[] {
  return [
    `${VERDICT_HEADING}${VERDICT_TITLES[input.verdict.verdict]}`,
    `Reviewed head \`${input.headSha.slice(0, 12)}\`.`,
    ...(input.scope === undefined ? [] : [scopeLine(input.scope)]),
    input.verdict.reasons.map((reason) => `- ${reason}`).join('\n')
  ]
}

function newerHeadNotice(input: SummaryInput): string[] {
  if (input.newerHead === undefined) return []
  const newer = shortSha(input.newerHead)
  const pushed = newer === undefined ? 'A newer head was' : `A newer head \`${newer}\` was`
  return [
    `> [!NOTE]\n> ${pushed} pushed while this review ran; it will be reviewed next. This review was published against the head it reviewed, \`${input.headSha.slice(0, 12)}\`.`
  ]
}

function noticeSection(input: SummaryInput): string[] {
  const out = newerHeadNotice(input)
  if (input.consolidationIncomplete) {
    const unfinished = input.passes
      .filter((p) => !p.completed)
      .map((p) => `pass ${p.number}${p.note === undefined ? '' : ` (${oneLine(p.note)})`}`)
    out.push(
      `> [!WARNING]\n> Consolidation did not finish${unfinished.length > 0 ? `: ${unfinished.join(', ')} did not complete` : ''}. The findings staged so far are published as they were.`
    )
  }
  if (input.warnings.length > 0) {
    out.push('### Warnings', input.warnings.map((w) => `- ${oneLine(w)}`).join('\n'))
  }
  return out
}

function postedSection(input: SummaryInput): string[] {
  const c = input.counts
  const fileLevel = input.posted.filter((p) => p.placement === 'file').length
  const out = [
    '### Findings',
    `Posted inline: ${input.posted.length}${fileLevel > 0 ? ` (${fileLevel} at file level)` : ''} · in this summary: ${input.inSummary.length} · suppressed below the threshold: ${c.suppressed} · duplicates: ${c.duplicates} · withdrawn: ${c.withdrawn} · combined: ${c.combined} · rejected: ${c.rejected}${(c.refuted ?? 0) > 0 ? ` · refuted by both confirmers: ${c.refuted}` : ''}${(c.heldBackByLearnings ?? 0) > 0 ? ` · held back by team learnings: ${c.heldBackByLearnings}` : ''}`
  ]
  if (input.posted.length > 0) {
    out.push(
      input.posted
        .map(
          (p) =>
            `- **${p.score}**${p.confirmation === undefined ? '' : ` (${p.confirmation})`} ${where(p.path, p.line)}: ${oneLine(p.finding)}`
        )
        .join('\n')
    )
  }
  return out
}

const IN_SUMMARY_HEADING = '### Findings that could not go inline'

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

/** Characters of the parts that are never cut, apart from the in-summary entries. */
function fixedChars(input: SummaryInput): number {
  const parts = [
    ...verdictSection(input),
    ...noticeSection(input),
    ...postedSection(input),
    IN_SUMMARY_HEADING,
    ...threadsSection(input)
  ]
  return Math.ceil(parts.reduce((sum, part) => sum + part.length + 2, 0) * GROWTH)
}

/** The least room this run's text needs so that no finding is cut. */
export function requiredRunChars(input: SummaryInput): number {
  return (
    fixedChars(input) + Math.ceil(minimumInSummaryChars(input.inSummary) * GROWTH) + CUT_RESERVE
  )
}

/**
 * The run's markdown for a body with `room` characters for text: the
 * in-summary entries get what the never-cut parts leave (at most
 * IN_SUMMARY_CHARS); pass summaries follow and are what a cut would lose.
 */
export function composeRunText(input: SummaryInput, room: number): string {
  const budget = Math.min(
    IN_SUMMARY_CHARS,
    Math.floor((room - fixedChars(input) - CUT_RESERVE) / GROWTH)
  )
  const inSummary =
    input.inSummary.length === 0
      ? []
      : [IN_SUMMARY_HEADING, ...inSummaryEntries(input.inSummary, budget)]
  return [
    ...verdictSection(input),
    ...noticeSection(input),
    ...postedSection(input),
    ...inSummary,
    ...threadsSection(input),
    ...passesSection(input)
  ].join('\n\n')
}
