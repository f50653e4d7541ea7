/**
 * The publication plan after pass 4: where each finding goes and the exact,
 * sanitized body it goes with. Nothing is dropped: every finding given is
 * either planned inline (on its line, a nearby line, or the file) or handed
 * to the summary with the reason, so `inline + toSummary` is the input.
 *
 * Decision: a line outside the diff moves to the nearest commentable line
 * only within MOVE_WINDOW lines (further away the comment would point at
 * unrelated code); the body says where it came from. A file of the PR with
 * no line close enough gets a file-level comment; a file outside the PR goes
 * to the summary (GitHub refuses comments there).
 */
import { recordedConfirmation } from './confirmation.js'
import { confirmationReasons, detailsSection, withConfirmationNote } from './confirmation-note.js'
import type { StagedFinding } from './finding-shapes.js'
import type { DiffIndex } from '../diff/hunks.js'
import { formatBotComment, type FindingBlock } from '../memory/rmcoc.js'
import { sanitizeComment, sanitizeText } from '../text-safety/sanitize.js'

/** How far (in lines) a finding may move to reach a commentable line. */
export const MOVE_WINDOW = 5

export interface PublicationInput {
  /** The findings to publish (FindingStage.publishable()); ordered most severe first here again. */
  readonly findings: readonly StagedFinding[]
  readonly diff: DiffIndex
  /** Paths of the PR's changed files (new paths). */
  readonly changedPaths: ReadonlySet<string> | readonly string[]
  /** How many findings may go inline (line or file level); the rest go to the summary. */
  readonly maxComments: number
  /** Exact values of the run's secrets, redacted from every body. */
  readonly secrets?: readonly string[]
  readonly moveWindow?: number
}

/** A comment as the gateway posts it: on a RIGHT-side line, or on the file when `fileLevel`. */
export interface PlannedComment {
  readonly path: string
  /** Absent for a file-level comment. */
  readonly line?: number
  readonly side?: 'RIGHT'
  readonly fileLevel: boolean
  readonly body: string
}

export interface PlannedInline {
  readonly findingId: string
  readonly finding: StagedFinding
  readonly comment: PlannedComment
  /** The finding's own line when the comment moved to a nearby line or to the file. */
  readonly movedFrom?: number
}

export type SummaryReason = 'max_comments' | 'not-in-diff'

export interface SummaryEntry {
  readonly finding: StagedFinding
  readonly reason: SummaryReason
}

export interface PublicationPlan {
  readonly inline: readonly PlannedInline[]
  readonly toSummary: readonly SummaryEntry[]
}

/** Where a finding can be commented, before the max_comments cap. */
export type Placement =
  | { readonly kind: 'line'; readonly line: number }
  | { readonly kind: 'moved'; readonly line: number; readonly from: number }
  | { readonly kind: 'file'; readonly from: number }
  | { readonly kind: 'summary' }

export function placeFinding(
  finding: Pick<StagedFinding, 'file' | 'line'>,
  diff: DiffIndex,
  changedPaths: ReadonlySet<string>,
  moveWindow = MOVE_WINDOW
): Placement {
  if (!changedPaths.has(finding.file)) return { kind: 'summary' }
  if (diff.isCommentable(finding.file, finding.line, 'RIGHT')) {
    return { kind: 'line', line: finding.line }
  }
  const nearest = diff.nearestCommentableLine(finding.file, finding.line, 'RIGHT')
  if (nearest !== undefined && Math.abs(nearest - finding.line) <= moveWindow) {
    return { kind: 'moved', line: nearest, from: finding.line }
  }
  return { kind: 'file', from: finding.line }
}

/** Cuts to the schema's limit, so a sanitized field that grew stays a valid block. */
function clip(text: string, max: number): string {
  const trimmed = text.trim()
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`
}

/**
 * The finding's rmcoc block. Its text fields are sanitized first: the block
 * is composed around the capped text and is itself never sanitized again.
 */
export function findingBlock(
  finding: StagedFinding,
  secrets: readonly string[] = []
): FindingBlock {
  const clean = (text: string, max: number) => clip(sanitizeText(text, { secrets }), max)
  const category = finding.category === undefined ? '' : clean(finding.category, 40)
  return {
    kind: 'finding',
    finding: clean(finding.finding, 500),
    assessment: clean(finding.assessment, 4000),
    score: finding.score,
    ...(finding.baseScore < finding.score ? { base_score: finding.baseScore } : {}),
    ...(category === '' ? {} : { category }),
    id: finding.id,
    ...(finding.reviewers === undefined || finding.reviewers.length === 0
      ? {}
      : { reviewers: [...finding.reviewers] }),
    ...recordedConfirmation(finding.confirmation),
    ...confirmationWhy(finding, clean)
  }
}

/** The record keeps why a finding was confirmed or not, bounded. */
function confirmationWhy(
  finding: StagedFinding,
  clean: (text: string, max: number) => string
): { confirmation_why?: string } {
  const confirmation = finding.confirmation
  if (confirmation === undefined || confirmation.outcome === 'refuted') return {}
  const why = confirmation.consensus?.explanation ?? confirmation.note
  const text = clean(why, 1000)
  return text === '' ? {} : { confirmation_why: text }
}

/** A finding several reviewer models raised says so (one model's finding says nothing). */
export function agreementNote(finding: Pick<StagedFinding, 'reviewers'>): string {
  const named = finding.reviewers ?? []
  if (named.length < 2) return ''
  return `_Raised by ${named.length} reviewer models: ${named.map((name) => `\`${name}\``).join(', ')}._`
}

function placementNote(placement: Placement): string {
  if (placement.kind === 'moved') {
    return `_(moved from line ${placement.from}, which is not part of the diff)_`
  }
  if (placement.kind === 'file') {
    return `_(line ${placement.from} is not part of the diff; this comment is on the file)_`
  }
  return ''
}

/** The full body of one finding's comment: sanitized text, rmcoc block, marker. */
export function findingCommentBody(
  finding: StagedFinding,
  secrets: readonly string[] = [],
  note = ''
): string {
  const block = findingBlock(finding, secrets)
  const agreed = agreementNote(finding)
  const confirmed = withConfirmationNote(finding.body, finding.file, finding.confirmation)
  const body = agreed === '' ? confirmed : `${confirmed}\n\n${agreed}`
  const text = note === '' ? body : `${note}\n\n${body}`
  const reasons = confirmationReasons(finding.file, finding.confirmation)
  const details = detailsSection(
    'Why it is unconfirmed: what each check found',
    reasons === '' ? '' : sanitizeText(reasons, { secrets })
  )
  return sanitizeComment({
    text,
    secrets,
    compose: (t) => formatBotComment(`${t}${details}`, block)
  })
}

function checkMaxComments(value: number): void {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`max_comments must be a whole number of 0 or more, got ${String(value)}`)
  }
}

export function planPublication(input: PublicationInput): PublicationPlan {
  checkMaxComments(input.maxComments)
  const changed = new Set(input.changedPaths)
  const secrets = input.secrets ?? []
  // Stable sort: equal scores keep the stage's order.
  const ordered = [...input.findings].sort((a, b) => b.score - a.score)
  const inline: PlannedInline[] = []
  const toSummary: SummaryEntry[] = []
  for (const finding of ordered) {
    const placement = placeFinding(finding, input.diff, changed, input.moveWindow)
    if (placement.kind === 'summary') {
      toSummary.push({ finding, reason: 'not-in-diff' })
      continue
    }
    if (inline.length >= input.maxComments) {
      toSummary.push({ finding, reason: 'max_comments' })
      continue
    }
    const body = findingCommentBody(finding, secrets, placementNote(placement))
    const comment: PlannedComment =
      placement.kind === 'file'
        ? { path: finding.file, fileLevel: true, body }
        : { path: finding.file, line: placement.line, side: 'RIGHT', fileLevel: false, body }
    inline.push({
      findingId: finding.id,
      finding,
      comment,
      ...(placement.kind === 'line' ? {} : { movedFrom: placement.from })
    })
  }
  return { inline, toSummary }
}
