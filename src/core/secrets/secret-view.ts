/**
 * The text as a reader sees it, for secret matching. A token can be split by
 * what does not show once GitHub renders the comment — zero-width and other
 * format characters, HTML comments, markdown backslash escapes (`ghp\_…`
 * renders as `ghp_…`) — or spelled with character references (`gh&#112;_…`).
 * Secrets are matched on a view where those pieces are dropped or decoded,
 * and each match is mapped back to the original text, swallowing whatever was
 * hidden inside it.
 */

/** A half-open range [start, end) of the original text. */
export type Span = readonly [start: number, end: number]

/** A piece of the original text and what it is in the view ('' when it renders as nothing). */
type Piece = readonly [start: number, end: number, view: string]

/**
 * Pieces that render differently from how they are written: Unicode format
 * characters (zero-width space and joiners, soft hyphen, bidi marks, word
 * joiner, BOM, tag characters …), the combining grapheme joiner, variation
 * selectors and the Hangul fillers; numeric character references and the
 * named references of invisible characters; a backslash before ASCII
 * punctuation (CommonMark drops it). HTML comments are found by
 * commentPieces. Every quantifier is bounded.
 */
const PIECE =
  /[\p{Cf}\u115F\u1160\u3164\uFFA0]|\u034F|[\uFE00-\uFE0F]|&#(?:[xX]0{0,8}[0-9A-Fa-f]{1,6}|0{0,8}[0-9]{1,7});|&(?:ZeroWidthSpace|NegativeVeryThinSpace|NegativeThinSpace|NegativeMediumSpace|NegativeThickSpace|zwj|zwnj|shy|NoBreak|lrm|rlm|InvisibleTimes|InvisibleComma|ApplyFunction|it|ic|af);|\\(?=[!-/:-@[-`{-~])/gu

const INVISIBLE = /^(?:[\p{Cf}\u115F\u1160\u3164\uFFA0]|\u034F|[\uFE00-\uFE0F])$/u

/**
 * What a piece is in the view: nothing for an invisible character or a
 * reference to one, the character for a reference to printable ASCII (enough
 * to spell any token), undefined (keep as written) for any other reference.
 */
function viewOf(piece: string): string | undefined {
  if (!piece.startsWith('&#')) return ''
  const hex = piece[2] === 'x' || piece[2] === 'X'
  const code = Number.parseInt(piece.slice(hex ? 3 : 2, -1), hex ? 16 : 10)
  if (code > 0x10ffff) return undefined
  const char = String.fromCodePoint(code)
  if (INVISIBLE.test(char)) return ''
  return code >= 0x20 && code < 0x7f ? char : undefined
}

/**
 * Closed HTML comments, found with indexOf from left to right so the scan is
 * linear: once a `<!--` has no `-->` after it, no later one has either.
 */
function commentPieces(text: string): Piece[] {
  const pieces: Piece[] = []
  let from = 0
  for (;;) {
    const open = text.indexOf('<!--', from)
    if (open < 0) return pieces
    const close = text.indexOf('-->', open + 4)
    if (close < 0) return pieces
    pieces.push([open, close + 3, ''])
    from = close + 3
  }
}

/** The pieces of the text that differ in the view, sorted, without overlaps. */
function pieces(text: string): Piece[] {
  const found: Piece[] = commentPieces(text)
  for (const match of text.matchAll(PIECE)) {
    const view = viewOf(match[0])
    if (view !== undefined) found.push([match.index, match.index + match[0].length, view])
  }
  found.sort((a, b) => a[0] - b[0])
  const kept: Piece[] = []
  for (const piece of found) {
    const last = kept[kept.length - 1]
    if (!last || piece[0] >= last[1]) kept.push(piece)
  }
  return kept
}

export interface TextView {
  /** The text as rendered: hidden pieces dropped, references decoded. */
  readonly text: string
  /** The span of the original text that a match [start, end) of the view covers. */
  readonly originSpan: (start: number, end: number) => Span
}

/**
 * Builds the view; the original text itself when nothing differs. The view is
 * a list of runs: text copied as written (each character maps to itself) or
 * one decoded reference (its character maps to the whole reference).
 */
export function visibleView(original: string): TextView {
  const found = pieces(original)
  if (found.length === 0) return { text: original, originSpan: (start, end) => [start, end] }
  const viewStarts: number[] = []
  const runs: { origin: number; originEnd: number; copied: boolean }[] = []
  const parts: string[] = []
  let viewLength = 0
  const addRun = (origin: number, originEnd: number, text: string, copied: boolean): void => {
    if (text.length === 0) return
    viewStarts.push(viewLength)
    runs.push({ origin, originEnd, copied })
    parts.push(text)
    viewLength += text.length
  }
  let cursor = 0
  for (const [start, end, view] of found) {
    addRun(cursor, start, original.slice(cursor, start), true)
    addRun(start, end, view, false)
    cursor = end
  }
  addRun(cursor, original.length, original.slice(cursor), true)
  /** The run holding view offset `index`, by binary search. */
  const runAt = (index: number): number => {
    let low = 0
    let high = viewStarts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if (viewStarts[mid]! <= index) low = mid
      else high = mid - 1
    }
    return low
  }
  const startOf = (index: number): number => {
    const i = runAt(index)
    const run = runs[i]!
    return run.copied ? run.origin + index - viewStarts[i]! : run.origin
  }
  const endOf = (index: number): number => {
    const i = runAt(index)
    const run = runs[i]!
    return run.copied ? run.origin + index - viewStarts[i]! + 1 : run.originEnd
  }
  return {
    text: parts.join(''),
    originSpan: (start, end) => [startOf(start), endOf(end - 1)]
  }
}

/** Replaces each span (merged where they overlap or touch) with `replacement`. */
export function replaceSpans(original: string, spans: Span[], replacement: string): string {
  if (spans.length === 0) return original
  const sorted = [...spans].sort((a, b) => a[0] - b[0] || b[1] - a[1])
  const out: string[] = []
  let cursor = 0
  let open: [number, number] | undefined
  for (const [start, end] of sorted) {
    if (open && start <= open[1]) {
      open[1] = Math.max(open[1], end)
      continue
    }
    if (open) {
      out.push(original.slice(cursor, open[0]), replacement)
      cursor = open[1]
    }
    open = [start, end]
  }
  if (open) out.push(original.slice(cursor, open[0]), replacement)
  out.push(original.slice(open ? open[1] : cursor))
  return out.join('')
}
