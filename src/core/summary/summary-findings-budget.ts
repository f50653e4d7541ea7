/**
 * "Findings that could not go inline" within a character budget. Every such
 * finding counts as published, so each must appear: assessments shrink as
 * the count grows, and past the budget only one line per finding is left.
 * The budget shrinks further when the run record or the rest of the run's
 * text leaves less room in the comment.
 */
import type { SummaryFinding, SummaryFindingReason } from './summary-input.js'
import { oneLine, quoteWithin, shorten, where } from './summary-text.js'

/** The most this section takes, however much room the comment has. */
export const IN_SUMMARY_CHARS = 36_000
const ASSESSMENT_CHARS = 1500
/** Below this, an assessment says too little to be worth its quote. */
const MIN_ASSESSMENT_CHARS = 200
/** The shortest finding text kept on a one-line entry. */
const MIN_FINDING_CHARS = 60
/** Each part is joined with "\n\n". */
const JOIN = 2

const REASON_TEXT: Record<SummaryFindingReason, string> = {
  max_comments: 'over the max_comments limit',
  'not-in-diff': 'its file is not part of this PR’s diff',
  'rejected-by-github': 'GitHub refused the inline comment'
}

/** The score, and the confirmation outcome when the finding was confirmed. */
const scoreOf = (f: SummaryFinding): string =>
  f.confirmation === undefined ? `score ${f.score}` : `score ${f.score}, ${f.confirmation}`

function findingTitle(f: SummaryFinding): string {
  return `#### \`${f.id}\` ${where(f.path, f.line)}, ${scoreOf(f)} (${REASON_TEXT[f.reason]})`
}

const lineHead = (f: SummaryFinding): string =>
  `- \`${f.id}\` ${where(f.path, f.line)}, ${scoreOf(f)} (${REASON_TEXT[f.reason]}): `

const leftOutNote = (count: number): string =>
  `_${count} findings: assessments left out to fit the comment._`

/** What the one-line form takes at its shortest: the least this section can need. */
export function minimumInSummaryChars(findings: readonly SummaryFinding[]): number {
  if (findings.length === 0) return 0
  const lines = findings.reduce(
    (sum, f) =>
      sum + lineHead(f).length + Math.min(oneLine(f.finding).length, MIN_FINDING_CHARS + 2) + 1,
    0
  )
  return lines + JOIN + leftOutNote(findings.length).length
}

/** One list line per finding (id, location, score and the finding, shortened). */
function oneLineEntries(findings: readonly SummaryFinding[], budget: number): string[] {
  const fixed = findings.reduce((sum, f) => sum + lineHead(f).length + 1, 0)
  const notes = JOIN + leftOutNote(findings.length).length
  const perFinding = Math.max(
    MIN_FINDING_CHARS,
    Math.floor((budget - fixed - notes) / findings.length) - 2
  )
  return [
    findings
      .map((f) => `${lineHead(f)}${shorten(oneLine(f.finding), Math.min(300, perFinding))}`)
      .join('\n'),
    leftOutNote(findings.length)
  ]
}

/**
 * One entry per finding, within `budget` characters: title, finding and an
 * assessment shortened to fit; when even short assessments do not fit, one
 * list line per finding.
 */
export function inSummaryEntries(
  findings: readonly SummaryFinding[],
  budget: number = IN_SUMMARY_CHARS
): string[] {
  if (findings.length === 0) return []
  const heads = findings.map((f) => [findingTitle(f), `**${oneLine(f.finding)}**`])
  const headChars = heads.flat().reduce((sum, part) => sum + part.length + JOIN, 0)
  // A quote adds "> " per line: 10% slack.
  const perAssessment = Math.min(
    ASSESSMENT_CHARS,
    Math.floor(((Math.min(budget, IN_SUMMARY_CHARS) - headChars) / findings.length - JOIN) * 0.9)
  )
  if (perAssessment < MIN_ASSESSMENT_CHARS) {
    return oneLineEntries(findings, Math.min(budget, IN_SUMMARY_CHARS))
  }
  return findings.flatMap((f, i) => [...(heads[i] ?? []), quoteWithin(f.assessment, perAssessment)])
}
