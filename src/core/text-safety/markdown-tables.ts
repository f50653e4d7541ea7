/**
 * Tables in one reading (markdown-plan.ts). The parser gives cells no lines
 * of their own, so a row's cells are placed one after the other in the row
 * (inline-align.ts), and a row with text outside its cells is unknown.
 * Readers also disagree on where tables start and end: a table right after
 * a paragraph, one with a row that another reader takes for the start of an
 * HTML or fenced block, and a paragraph with a line shaped like a delimiter
 * row are all of unknown context (markdown-walk.ts).
 */
import { BLANK, claim, FENCE_LINE, HTML_LINE, lineAt, type Walk } from './markdown-walk.js'

/** The table row being read and where its next cell's text is searched from. */
export interface RowCursor {
  line: number
  from: number
}

/** A line that could be a table's delimiter row for some reader. */
const DELIMITER_ROW = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/

/** Whether a paragraph's content has a line shaped like a delimiter row (after its first). */
export function mayHideTable(content: string): boolean {
  return content
    .split('\n')
    .slice(1)
    .some((line) => DELIMITER_ROW.test(line))
}

/** Claims a table's lines, or marks them (and a paragraph right before) unknown. */
export function claimTable(walk: Walk, map: [number, number] | null): void {
  if (map === null) return
  let first = map[0]
  while (first > 0 && !BLANK.test(lineAt(walk.source, first - 1))) first -= 1
  let doubted = first < map[0]
  for (let line = map[0]; line < map[1] && !doubted; line += 1) {
    const text = lineAt(walk.source, line)
    doubted = HTML_LINE.test(text) || FENCE_LINE.test(text)
  }
  claim(walk, map)
  if (doubted) claim(walk, [first, map[1]], walk.unknown)
}

/**
 * Whether only pipes and spaces (and, before the first cell, container
 * markers) lie between the previous cell and this one, which starts at
 * source offset `start`.
 */
export function cellFollows(walk: Walk, row: RowCursor, start: number): boolean {
  const lineStart = walk.source.starts[row.line] ?? 0
  const gap = walk.source.text.slice(lineStart + row.from, start)
  return (row.from === 0 ? /^[ \t>*+\-.)0-9|]*$/ : /^[ \t|]*$/).test(gap)
}

/** At a row's end: text after its last cell makes the row unknown. */
export function endRow(walk: Walk, row: RowCursor): void {
  if (!/^[ \t|]*$/.test(lineAt(walk.source, row.line).slice(row.from))) {
    walk.unknown[row.line] = 1
  }
}
