/**
 * Where an inline token's content sits in the source. The parser builds the
 * content of a paragraph, heading or table cell from its lines with the
 * container prefixes (`> `, list indentation) and surrounding spaces taken
 * off, so each content line is a piece of one source line: the end of it
 * for a paragraph, the text after the `#`s for a heading, the next cell's
 * text for a table row. Content that cannot be found where it should be
 * (an escaped `\|` in a table cell) is reported as unaligned, and the
 * caller treats its lines as unknown.
 */

/** Which block the inline content belongs to; decides where its lines sit. */
export type InlineHost = 'paragraph' | 'heading' | 'cell'

export interface Alignment {
  /** The source offset of a content offset (offsets in leading spaces map to the text after them). */
  readonly toSource: (at: number) => number
  /** For a table cell: where the cell's text ends in its row (the next cell is searched from there). */
  readonly end: number
}

interface LinePlace {
  /** Offset of the line in the content. */
  readonly content: number
  /** Leading spaces and tabs of the content line (not in the source at that place). */
  readonly lead: number
  /** Source offset of the content line's first character after `lead`. */
  readonly source: number
}

/** Where `core` ends the source line (spaces after it allowed on the last line), or -1. */
function suffixAt(line: string, core: string): number {
  if (line.endsWith(core)) return line.length - core.length
  const trimmed = line.replace(/[ \t]+$/, '')
  return trimmed.endsWith(core) ? trimmed.length - core.length : -1
}

/** Where `core` starts in the source line, or -1 (cells are placed by alignCell). */
function placeOf(line: string, core: string, host: InlineHost): number {
  if (host === 'paragraph') return suffixAt(line, core)
  // An ATX heading: the text starts after the first run of `#` (prefixes hold none) and spaces.
  const hashes = /#+[ \t]*/.exec(line)
  if (hashes === null) return -1
  const after = hashes.index + hashes[0].length
  return line.startsWith(core, after) ? after : -1
}

export interface InlineSource {
  readonly text: string
  /** Offsets where the source's lines start. */
  readonly starts: readonly number[]
}

function sourceLine(source: InlineSource, index: number): string | undefined {
  const start = source.starts[index]
  if (start === undefined) return undefined
  const next = source.starts[index + 1]
  return source.text.slice(start, next === undefined ? source.text.length : next - 1)
}

/**
 * Aligns `content` (from the inline token on source line `firstLine`
 * onwards) with the source; `from` is where to search in a table row.
 */
export function alignInline(
  source: InlineSource,
  content: string,
  firstLine: number,
  host: InlineHost,
  from = 0
): Alignment | undefined {
  if (host === 'cell') return alignCell(source, content, firstLine, from)
  const places: LinePlace[] = []
  let offset = 0
  let end = from
  const lines = content.split('\n')
  for (const [index, contentLine] of lines.entries()) {
    const line = sourceLine(source, firstLine + index)
    const core = contentLine.replace(/^[ \t]+/, '')
    const place = line === undefined ? -1 : placeOf(line, core, host)
    if (place < 0) return undefined
    const lineStart = source.starts[firstLine + index] ?? 0
    places.push({
      content: offset,
      lead: contentLine.length - core.length,
      source: lineStart + place
    })
    end = place + core.length
    offset += contentLine.length + 1
  }
  return { toSource: (at) => sourceOffset(places, at), end }
}

/**
 * A table cell: its text is the next occurrence in the row from `from`
 * (between cells there are only pipes and spaces), searched in place so a
 * row of many cells is not copied once per cell.
 */
function alignCell(
  source: InlineSource,
  content: string,
  line: number,
  from: number
): Alignment | undefined {
  const lineStart = source.starts[line]
  if (lineStart === undefined) return undefined
  const next = source.starts[line + 1]
  const lineEnd = next === undefined ? source.text.length : next - 1
  const core = content.replace(/^[ \t]+/, '')
  const at = source.text.indexOf(core, lineStart + from)
  if (at === -1 || at + core.length > lineEnd) return undefined
  const place: LinePlace = { content: 0, lead: content.length - core.length, source: at }
  return { toSource: (offset) => sourceOffset([place], offset), end: at + core.length - lineStart }
}

function sourceOffset(places: readonly LinePlace[], at: number): number {
  let low = 0
  let high = places.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((places[middle]?.content ?? 0) <= at) low = middle
    else high = middle - 1
  }
  const place = places[low]
  if (place === undefined) return 0
  return place.source + Math.max(0, at - place.content - place.lead)
}
