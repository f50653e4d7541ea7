/**
 * Splits markdown into the fenced code blocks the sanitizer may trust as code
 * and the text around them.
 *
 * Only a fence CommonMark cannot end early is trusted: a top-level fence (no
 * block quote or list marker before it, at most 3 spaces of indentation, not
 * inside a possible HTML block). A fence opened inside a block quote or list
 * item ends when that container ends — e.g. at the first line without `>` or
 * with too little indentation — so what this module would call its content
 * can be prose on GitHub. Such fences stay in the text segments, and the
 * sanitizer treats their lines as prose. Indentation of 2 or 3 spaces could
 * place a fence inside a list item, so it is trusted only while no list item
 * has appeared before it; 0 or 1 space always ends any open container.
 *
 * A trusted fence closes with a run of the same character at least as long,
 * indented at most 3 spaces; unclosed, it runs to the end of the text.
 */

export interface TextSegment {
  readonly kind: 'text'
  readonly text: string
}

export interface FenceSegment {
  readonly kind: 'fence'
  /** Indentation (0-3 spaces) before the opening run. */
  readonly prefix: string
  /** The opening run, e.g. "```" or "~~~~". */
  readonly marker: string
  /** Everything after the opening run on its line (the info string, untrimmed). */
  readonly info: string
  /** Lines between the opening and closing line. */
  readonly lines: readonly string[]
  /** The closing line, or undefined when the fence was never closed. */
  readonly closing: string | undefined
}

export type MarkdownSegment = TextSegment | FenceSegment

const TOP_OPENING = /^( {0,3})(`{3,}|~{3,})([^\n]*)$/
/** A list item marker at the start of a line (after indentation or quote markers). */
const LIST_ITEM = /^[ \t>]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/
/** A line that may start an HTML block (CommonMark types 6 and 7 end at a blank line). */
const HTML_START = /^[ \t>]*</
/**
 * A fence-like line in any container: quote markers, list markers, a footnote
 * label and indentation before a run of 3+ backticks or tildes. Deliberately
 * broader than CommonMark; used for rewriting, never for trusting.
 */
export const ANY_FENCE_LINE = /^((?:[ \t>*+\-.)0-9]|\[\^[^\]\n]*\]:)*)(`{3,}|~{3,})([^\n]*)$/

/** A backtick fence's info string may not contain backticks (CommonMark). */
function validInfo(marker: string, info: string): boolean {
  return !(marker.startsWith('`') && info.includes('`'))
}

function isClosing(line: string, marker: string): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line)
  const run = match?.[1]
  return run !== undefined && run[0] === marker[0] && run.length >= marker.length
}

/** Line-based split; "\r\n" is kept inside lines so joining restores the input. */
export function splitFences(markdown: string): MarkdownSegment[] {
  const lines = markdown.split('\n')
  const segments: MarkdownSegment[] = []
  let text: string[] = []
  let index = 0
  let listSeen = false
  let htmlOpen = false
  const flushText = (): void => {
    if (text.length > 0) segments.push({ kind: 'text', text: text.join('\n') })
    text = []
  }
  while (index < lines.length) {
    const line = lines[index] ?? ''
    const bare = line.replace(/\r$/, '')
    const opening = TOP_OPENING.exec(bare)
    const indent = opening?.[1]?.length ?? 0
    const trusted =
      opening !== null &&
      validInfo(opening[2] ?? '', opening[3] ?? '') &&
      !htmlOpen &&
      (indent <= 1 || !listSeen)
    if (!trusted) {
      if (LIST_ITEM.test(bare)) listSeen = true
      if (bare.trim() === '') htmlOpen = false
      else if (HTML_START.test(bare)) htmlOpen = true
      text.push(line)
      index += 1
      continue
    }
    flushText()
    const marker = opening[2] ?? '```'
    const body: string[] = []
    let closing: string | undefined
    index += 1
    while (index < lines.length) {
      const inner = lines[index] ?? ''
      index += 1
      if (isClosing(inner.replace(/\r$/, ''), marker)) {
        closing = inner
        break
      }
      body.push(inner)
    }
    segments.push({
      kind: 'fence',
      prefix: opening[1] ?? '',
      marker,
      info: opening[3] ?? '',
      lines: body,
      closing
    })
  }
  flushText()
  return segments
}

/** Inverse of splitFences for segments it produced (possibly edited). */
export function joinFences(segments: readonly MarkdownSegment[]): string {
  return segments
    .map((segment) => {
      if (segment.kind === 'text') return segment.text
      const lines = [`${segment.prefix}${segment.marker}${segment.info}`, ...segment.lines]
      if (segment.closing !== undefined) lines.push(segment.closing)
      return lines.join('\n')
    })
    .join('\n')
}

/**
 * The line that closes a fence left open at the end of `markdown`, or
 * undefined. A trusted fence closes with its marker; a fence in a container
 * (seen loosely) closes with its quote markers kept and list markers turned
 * into spaces, which stays inside the item whether or not one is open.
 */
export function openFenceCloser(markdown: string): string | undefined {
  const last = splitFences(markdown).at(-1)
  if (last === undefined) return undefined
  if (last.kind === 'fence') return last.closing === undefined ? last.marker : undefined
  let open: { prefix: string; marker: string } | undefined
  for (const raw of last.text.split('\n')) {
    const match = ANY_FENCE_LINE.exec(raw.replace(/\r$/, ''))
    if (match === null) continue
    const marker = match[2] ?? '```'
    const info = match[3] ?? ''
    if (open === undefined) {
      if (validInfo(marker, info)) open = { prefix: match[1] ?? '', marker }
    } else if (info.trim() === '' && marker[0] === open.marker[0]) {
      if (marker.length >= open.marker.length) open = undefined
    }
  }
  if (open === undefined) return undefined
  return `${open.prefix.replace(/[^> \t]/g, ' ')}${open.marker}`
}

/** The longest run of `char` in `text` (0 when absent). */
export function longestRun(text: string, char: '`' | '~'): number {
  let longest = 0
  let current = 0
  for (const c of text) {
    current = c === char ? current + 1 : 0
    if (current > longest) longest = current
  }
  return longest
}
