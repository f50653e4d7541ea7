/**
 * Deduplication, so one issue never gets two comments: a finding repeats an existing thread, or a
 * finding already accepted in this run, when it sits on the same path, on a
 * line within LINE_WINDOW, and its significant words overlap by at least
 * half (Dice coefficient over stop-word-free, lightly normalised words).
 */

/** Lines apart that still count as "the same place" (models drift by a line or two). */
export const LINE_WINDOW = 3
/** Minimum word overlap (Dice coefficient, 0..1). */
export const OVERLAP_THRESHOLD = 0.5

export interface DedupeItem {
  readonly path: string
  /** null for a file-level comment: matches only other file-level comments. */
  readonly line: number | null
  readonly finding: string
}

// English function words plus review filler that says nothing about the issue.
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before
  being below between both but by can cannot could did do does doing down during each else
  etc few for from further had has have having he her here hers him his how i if in into is
  it its itself just me more most must my no nor not now of off on once only or other our
  ours out over own same she should so some such than that the their them then there these
  they this those through to too under until up very was we were what when where which while
  who whom why will with would you your yours
  may might maybe possible possibly potential potentially likely issue issues problem
  problems concern please consider code line lines instead without`
    .split(/\s+/)
    .filter((word) => word !== '')
)

/** Strips a plural ending so "checks" meets "check" and "queries" meets "query". */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) {
    return word.slice(0, -1)
  }
  return word
}

/** The significant words of a text: identifiers split, lower-cased, stop words and 1-letter words dropped. */
export function significantWords(text: string): Set<string> {
  const spaced = text
    .normalize('NFKC')
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
  const words = new Set<string>()
  for (const raw of spaced.split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length < 2 || STOP_WORDS.has(raw)) continue
    words.add(stem(raw))
  }
  return words
}

/** Dice coefficient of the two texts' significant words (0 when either has none). */
export function findingSimilarity(a: string, b: string): number {
  const left = significantWords(a)
  const right = significantWords(b)
  if (left.size === 0 || right.size === 0) return 0
  let shared = 0
  for (const word of left) if (right.has(word)) shared += 1
  return (2 * shared) / (left.size + right.size)
}

function samePlace(a: DedupeItem, b: DedupeItem): boolean {
  if (a.path !== b.path) return false
  if (a.line === null || b.line === null) return a.line === b.line
  return Math.abs(a.line - b.line) <= LINE_WINDOW
}

/**
 * The existing item the candidate duplicates (the most similar one when
 * several qualify), or undefined. `view` maps items of another shape (e.g.
 * rebuilt threads) onto path, line and finding.
 */
export function isDuplicate<T extends DedupeItem>(
  candidate: DedupeItem,
  existing: readonly T[]
): T | undefined
export function isDuplicate<T>(
  candidate: DedupeItem,
  existing: readonly T[],
  view: (item: T) => DedupeItem
): T | undefined
export function isDuplicate<T>(
  candidate: DedupeItem,
  existing: readonly T[],
  view: (item: T) => DedupeItem = (item) => item as unknown as DedupeItem
): T | undefined {
  let best: T | undefined
  let bestScore = -1
  for (const item of existing) {
    const other = view(item)
    if (!samePlace(candidate, other)) continue
    const score = findingSimilarity(candidate.finding, other.finding)
    if (score >= OVERLAP_THRESHOLD && score > bestScore) {
      best = item
      bestScore = score
    }
  }
  return best
}
