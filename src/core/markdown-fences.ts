/**
 * Splits markdown into fenced code blocks and the text between them, the way
 * GitHub reads them closely enough for the sanitizer: a fence opens with three
 * or more backticks or tildes (optionally after indentation or blockquote
 * markers) and closes with a run of the same character at least as long.
 * An unclosed fence runs to the end of the text, as on GitHub.
 */

export interface TextSegment {
  readonly kind: 'text'
  readonly text: string
}

export interface FenceSegment {
  readonly kind: 'fence'
  /** Indentation / blockquote markers before the opening run. */
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

const OPENING = /^([ \t>]*)(`{3,}|~{3,})(.*)$/

function isClosing(line: string, marker: string): boolean {
  const match = /^[ \t>]*(`{3,}|~{3,})[ \t]*$/.exec(line)
  const run = match?.[1]
  return run !== undefined && run[0] === marker[0] && run.length >= marker.length
}

/** Line-based split; "\r\n" is kept inside lines so joining restores the input. */
export function splitFences(markdown: string): MarkdownSegment[] {
  const lines = markdown.split('\n')
  const segments: MarkdownSegment[] = []
  let text: string[] = []
  let index = 0
  const flushText = (): void => {
    if (text.length > 0) segments.push({ kind: 'text', text: text.join('\n') })
    text = []
  }
  while (index < lines.length) {
    const line = lines[index] ?? ''
    const opening = OPENING.exec(line.replace(/\r$/, ''))
    // A backtick fence's info string may not contain backticks (CommonMark).
    if (opening === null || (opening[2]?.startsWith('`') && opening[3]?.includes('`'))) {
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
