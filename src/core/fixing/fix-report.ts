/**
 * The fix report: one PR comment per fix-mode run. How the loop ended, the
 * rounds and commits, each finding it was given (fixed with its commit,
 * rejected with the fixer's reason, stuck, deferred), the verification
 * commands' results, then the `fix-report` rmcoc block and the marker.
 *
 * Finding texts, the fixer's descriptions and reasons and the commands'
 * output are untrusted: model text stays on one list line, output in a fence
 * nothing inside can close, and the whole text goes through the one
 * sanitizer (secrets, mentions, HTML, images), as the summary comment does.
 */
import { formatBotComment, type FixReportBlock } from '../memory/rmcoc.js'
import { sanitizeComment } from '../text-safety/sanitize.js'
import type { FixCandidate, FixStatus, FixerUsage } from './fix-types.js'
import { codeSpan, verificationSection, type RoundVerification } from './verification-section.js'

export interface ReportCommit {
  readonly round: number
  readonly oid: string
  /** The commit's page on GitHub. */
  readonly url: string
}

export interface FixReportInput {
  readonly status: FixStatus
  /** Rounds run (0 when the loop did not start) and the configured cap. */
  readonly rounds: number
  readonly maxRounds: number
  /** Why the loop stopped, when the status alone does not say (refused, branch moved, ...). */
  readonly note?: string
  /** Pushed commits, oldest first. */
  readonly commits: readonly ReportCommit[]
  /** What the fixer's turns cost over all rounds (the reviews of the commits report their own). */
  readonly usage?: FixerUsage
  /** Fixed and no longer open after the re-review, with the round whose commit holds the fix. */
  readonly fixed: readonly {
    readonly candidate: FixCandidate
    readonly description: string
    readonly round: number
  }[]
  readonly rejected: readonly { readonly candidate: FixCandidate; readonly reason: string }[]
  /** Reported fixed in `round` but still open after its re-review. */
  readonly stuck: readonly { readonly candidate: FixCandidate; readonly round: number }[]
  /** Over the per-round cap: never given to the fixer. */
  readonly deferred: readonly FixCandidate[]
  readonly verification: readonly RoundVerification[]
}

const STATUS_LINES: Readonly<Record<FixStatus, string>> = {
  converged: '✅ Converged: no open finding at or above the threshold is left.',
  manual_intervention_required:
    '🛑 Manual intervention required: the findings left were rejected by the fixer or did not stay fixed.',
  round_cap: '⏹️ Stopped at the round cap with findings still open.',
  verification_failed: '❌ Verification failed: nothing was pushed for the last round.',
  branch_moved: '⚠️ The branch moved since the review: nothing was pushed over it.',
  refused: '⛔ Fix mode could not run.',
  nothing_to_fix: 'ℹ️ Nothing to fix: no open finding at or above the threshold.'
}

/** Most characters of one model-written text shown (a description, a reason, a finding). */
const MAX_MODEL_TEXT = 300

function oneLine(text: string, max = MAX_MODEL_TEXT): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`
}

const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/

/** The commit as a short SHA in a link to its page; only hex and https links get there. */
function commitLink(commit: ReportCommit): string {
  const short = SHA.test(commit.oid) ? commit.oid.slice(0, 7) : '(unknown commit)'
  return /^https:\/\/\S+$/.test(commit.url) ? `[\`${short}\`](${commit.url})` : `\`${short}\``
}

/** `F2@12` `src/a.ts:12`: the finding. */
function findingLine(c: FixCandidate): string {
  const place = c.line === null ? c.path : `${c.path}:${c.line}`
  return `${codeSpan(c.id)} ${codeSpan(place)} (score ${c.score}): ${oneLine(c.finding)}`
}

function section(title: string, lines: readonly string[]): string {
  return lines.length === 0 ? '' : `### ${title} (${lines.length})\n\n${lines.join('\n')}`
}

function findingSections(input: FixReportInput): string[] {
  const commitOf = (round: number) => input.commits.find((c) => c.round === round)
  const fixed = input.fixed.map(({ candidate, description, round }) => {
    const commit = commitOf(round)
    const where = commit === undefined ? `round ${round}` : commitLink(commit)
    return `- ${findingLine(candidate)}\n  Fixed in ${where}: ${oneLine(description)}`
  })
  const rejected = input.rejected.map(
    ({ candidate, reason }) => `- ${findingLine(candidate)}\n  Not fixed: ${oneLine(reason)}`
  )
  const stuck = input.stuck.map(
    ({ candidate, round }) =>
      `- ${findingLine(candidate)}\n  Reported fixed in round ${round}, still open after the re-review.`
  )
  const deferred = input.deferred.map((candidate) => `- ${findingLine(candidate)}`)
  return [
    section('Fixed', fixed),
    section('Rejected by the fixer', rejected),
    section('Stuck', stuck),
    section('Deferred (over the per-round limit)', deferred)
  ]
}

function headerPart(input: FixReportInput): string {
  const lines = [`## OpenCode fix: ${STATUS_LINES[input.status]}`]
  if (input.note !== undefined && input.note.trim() !== '') lines.push(oneLine(input.note, 1000))
  const commits = input.commits.map((c) => `${commitLink(c)} (round ${c.round})`)
  lines.push(
    `Rounds: ${input.rounds} of at most ${input.maxRounds}.` +
      (commits.length === 0 ? ' No commit was pushed.' : ` Commits: ${commits.join(', ')}.`)
  )
  const { usage } = input
  if (usage !== undefined && usage.inputTokens + usage.outputTokens > 0) {
    lines.push(
      `Fixer cost: ${usage.inputTokens} input / ${usage.outputTokens} output tokens, $${usage.costUsd.toFixed(4)}.`
    )
  }
  return lines.join('\n\n')
}

/** The block: ids and commit SHAs only. */
export function fixReportBlock(input: FixReportInput): FixReportBlock {
  return {
    kind: 'fix-report',
    status: input.status,
    rounds: input.rounds,
    commits: input.commits.map((c) => c.oid),
    fixed: input.fixed.map((f) => f.candidate.id),
    rejected: input.rejected.map((r) => r.candidate.id),
    stuck: input.stuck.map((s) => s.candidate.id)
  }
}

function reportText(input: FixReportInput): string {
  const parts = [
    headerPart(input),
    ...findingSections(input),
    verificationSection(input.verification)
  ]
  return parts.filter((part) => part !== '').join('\n\n')
}

/** The fix report's body, sanitized and capped, with its block and the marker. */
export function composeFixReport(input: FixReportInput, secrets: readonly string[] = []): string {
  const block = fixReportBlock(input)
  const text = reportText(input)
  return sanitizeComment({ text, secrets, compose: (t) => formatBotComment(t, block) })
}

/** The same report, sanitized, without the block and the marker: for a report read by a person only. */
export function fixReportMarkdown(input: FixReportInput, secrets: readonly string[] = []): string {
  return sanitizeComment({ text: reportText(input), secrets })
}
