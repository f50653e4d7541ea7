/**
 * The job summary's findings table: every finding of the run, one row each,
 * with what became of it (posted, moved, suppressed, refused, held back by a
 * team learning), its agreement and its confirmation outcome. Published
 * findings come first, then by score; every cell is escaped.
 */
import type { ConfirmationAnswer } from '../core/findings/confirmation.js'
import type { StagedFinding } from '../core/findings/finding-shapes.js'
import type { JobSummaryInput } from '../core/reports/run-report.js'
import { cell } from './summary-cell.js'

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
