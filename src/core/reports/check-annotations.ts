/**
 * The findings of a run as check-run annotations: each finding published on
 * a file of the PR (on a line, or at file level on the line it names) is
 * one annotation on that line, its level from the score. Annotations are
 * shown as plain text, so the model's text is sanitized as plain text and
 * cut to GitHub's limits. GitHub takes at most 50 annotations per request.
 */
import { cutAt } from '../text-safety/sanitize-lines.js'
import { sanitizePlainText } from '../text-safety/sanitize.js'

/** GitHub refuses more annotations in one create or update request. */
export const ANNOTATIONS_PER_REQUEST = 50
/** GitHub's limit for an annotation's title (characters). */
export const ANNOTATION_TITLE_CHARS = 255
/** GitHub's limit for an annotation's message: 64 KB of UTF-8. */
export const ANNOTATION_MESSAGE_BYTES = 65_535

export type AnnotationLevel = 'notice' | 'warning' | 'failure'

/** One annotation as GitHub's check-run output takes it. */
export interface CheckRunAnnotation {
  readonly path: string
  readonly start_line: number
  readonly end_line: number
  readonly annotation_level: AnnotationLevel
  readonly title: string
  readonly message: string
}

/** A finding published on a file of the PR. */
export interface AnnotatedFinding {
  readonly path: string
  /** The line of the new file the finding names. */
  readonly line: number
  readonly score: number
  readonly finding: string
  readonly assessment: string
}

/** 9-10 blocks (failure), 7-8 is a warning, anything lower a notice. */
export function annotationLevel(score: number): AnnotationLevel {
  if (score >= 9) return 'failure'
  if (score >= 7) return 'warning'
  return 'notice'
}

const ELLIPSIS = '…'
const utf8 = new TextEncoder()

/** `text` within `maxBytes` of UTF-8, cut at a character with an ellipsis when longer. */
export function cutToBytes(text: string, maxBytes: number): string {
  if (utf8.encode(text).length <= maxBytes) return text
  const room = maxBytes - utf8.encode(ELLIPSIS).length
  let low = 0
  let high = Math.min(text.length, room)
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (utf8.encode(cutAt(text, mid)).length <= room) low = mid
    else high = mid - 1
  }
  return `${cutAt(text, low)}${ELLIPSIS}`
}

function titleOf(finding: string, secrets: readonly string[]): string {
  const line = sanitizePlainText(finding, { secrets }).replace(/\s+/g, ' ').trim()
  const title = line === '' ? 'Finding' : line
  return title.length <= ANNOTATION_TITLE_CHARS
    ? title
    : `${cutAt(title, ANNOTATION_TITLE_CHARS - ELLIPSIS.length)}${ELLIPSIS}`
}

export function findingAnnotation(
  finding: AnnotatedFinding,
  secrets: readonly string[] = []
): CheckRunAnnotation {
  const text = `${finding.finding.trim()}\n\n${finding.assessment.trim()}\n\nScore ${finding.score}/10.`
  const line = Math.max(1, Math.trunc(finding.line))
  return {
    path: finding.path,
    start_line: line,
    end_line: line,
    annotation_level: annotationLevel(finding.score),
    title: titleOf(finding.finding, secrets),
    message: cutToBytes(sanitizePlainText(text, { secrets }), ANNOTATION_MESSAGE_BYTES)
  }
}

/** The annotations in request-sized batches, in order; [] for none. */
export function annotationBatches<T>(
  annotations: readonly T[],
  size = ANNOTATIONS_PER_REQUEST
): T[][] {
  const batches: T[][] = []
  for (let start = 0; start < annotations.length; start += size)
    batches.push(annotations.slice(start, start + size))
  return batches
}

/** What publication says of one finding it posted on a file of the PR. */
export interface PublishedOnFile {
  readonly id: string
  readonly path: string
  /** null when posted at file level. */
  readonly line: number | null
}

/** What the stage holds of a finding: the line it names and its text. */
export interface StagedText {
  readonly id: string
  readonly line: number
  readonly score: number
  readonly finding: string
  readonly assessment: string
}

/**
 * One annotation per finding this run posted on a file, in publication
 * order; a file-level comment is annotated on the line the finding names.
 * A finding the stage no longer holds is left out rather than guessed.
 */
export function publishedAnnotations(
  posted: readonly PublishedOnFile[],
  staged: readonly StagedText[],
  secrets: readonly string[] = []
): CheckRunAnnotation[] {
  const byId = new Map(staged.map((finding) => [finding.id, finding]))
  return posted.flatMap((entry) => {
    const finding = byId.get(entry.id)
    if (finding === undefined) return []
    return [
      findingAnnotation({ ...finding, path: entry.path, line: entry.line ?? finding.line }, secrets)
    ]
  })
}
