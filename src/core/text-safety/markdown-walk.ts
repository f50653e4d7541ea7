/**
 * The line bookkeeping of one reading (markdown-plan.ts): which lines a
 * block the parser read accounts for, and which are of unknown context —
 * where another reader (GitHub) may see different markup, so only rules
 * that hold whatever the markup is apply there:
 *
 * - lines no block claims (link reference definitions, which the parser
 *   takes out of the tokens, and bare list markers);
 * - after a definition or a bare list marker, the lines up to the next
 *   blank one: GitHub continues the definition's paragraph or the item
 *   there, this parser does not;
 * - after a definition, indented code too: the list the definition sits in
 *   may go on past blank lines for GitHub, which reads those lines as text;
 * - after an unknown line that may open an HTML block, the lines up to the
 *   next blank one (where such a block ends).
 */
import { isStructureLine } from './html-guard.js'
import type { InlineSource } from './inline-align.js'
import { unknownEdits } from './markdown-inline.js'
import { insertion, type Edit } from './text-edits.js'

export interface Walk {
  readonly source: InlineSource
  /** Lines a block the parser read accounts for. */
  readonly claimed: Uint8Array
  /** Lines of unknown context (see the file comment). */
  readonly unknown: Uint8Array
  /** Lines of indented code blocks. */
  readonly indented: Uint8Array
  readonly edits: Edit[]
}

export function newWalk(source: InlineSource): Walk {
  const lines = source.starts.length
  return {
    source,
    claimed: new Uint8Array(lines),
    unknown: new Uint8Array(lines),
    indented: new Uint8Array(lines),
    edits: []
  }
}

/** Flags the lines of `map` ([first, end)) in `flag` (claimed by default). */
export function claim(
  walk: Walk,
  map: readonly [number, number] | null,
  flag: Uint8Array = walk.claimed
): void {
  if (map !== null) flag.fill(1, map[0], map[1])
}

export function lineAt(source: InlineSource, index: number): string {
  const start = source.starts[index] ?? 0
  const next = source.starts[index + 1]
  return source.text.slice(start, next === undefined ? undefined : next - 1)
}

/** A line that holds only container markers and spaces. */
export const BLANK = /^[ \t>]*$/
/** A line that may start an HTML block for some reader (after container markers or a pipe). */
export const HTML_LINE = /^[ \t>*+\-.)0-9]*\|?[ \t]*</
/** A line that may open a fenced block (after container markers). */
export const FENCE_LINE = /^[ \t>*+\-.)0-9]*?(`{3,}|~{3,})/
/** An unclaimed line that starts a link reference definition (after container markers). */
const DEFINITION = /^[ \t>*+\-.)0-9]*\[/
/** A list item marker alone on its line. */
const BARE_ITEM = /^[ \t>]*(?:[*+-]|\d{1,9}[.)])[ \t]*$/

/**
 * An indented code block is code only when nothing may continue into it: a
 * paragraph's next line, however indented, continues the paragraph, and
 * the line before may be one for another reader (a definition). So it is
 * trusted after a blank line (or at the start); otherwise it is unknown,
 * and so are the lines before it up to a blank one, which another reader
 * may continue into it.
 */
export function claimIndentedCode(walk: Walk, map: [number, number] | null): void {
  if (map === null) return
  let first = map[0]
  while (first > 0 && !BLANK.test(lineAt(walk.source, first - 1))) first -= 1
  claim(walk, map)
  claim(walk, map, walk.indented)
  if (first < map[0]) claim(walk, [first, map[1]], walk.unknown)
}

/** Marks the lines of unknown context (see the file comment). */
export function markUnknownLines(walk: Walk): void {
  let spill = false
  let definitionSeen = false
  for (let index = 0; index < walk.claimed.length; index += 1) {
    const line = lineAt(walk.source, index)
    if (BLANK.test(line)) {
      spill = false
      continue
    }
    const claimed = walk.claimed[index] === 1
    if (!claimed || spill || (definitionSeen && walk.indented[index] === 1)) walk.unknown[index] = 1
    if (!claimed && DEFINITION.test(line)) spill = definitionSeen = true
    if (!claimed && BARE_ITEM.test(line)) spill = true
    if (walk.unknown[index] === 1 && HTML_LINE.test(line)) spill = true
  }
}

/** Whether the edit falls on a line that is not unknown. */
function onKnownLine(walk: Walk, edit: Edit): boolean {
  const { starts } = walk.source
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((starts[middle] ?? 0) <= edit.at) low = middle
    else high = middle - 1
  }
  return walk.unknown[low] !== 1
}

/**
 * Edits for a line of unknown context: the rules for unknown text, and a
 * backslash before a fence run it starts with, so that no reader opens a
 * fenced block there. The bot's own structure lines are left as they are.
 */
function unknownLineEdits(line: string, start: number): Edit[] {
  if (isStructureLine(line)) return []
  const edits = unknownEdits(line, start)
  const fence = FENCE_LINE.exec(line)
  if (fence !== null) {
    edits.push(insertion(start + fence[0].length - (fence[1] ?? '').length, '\\'))
  }
  return edits
}

/** The walk's edits with those on unknown lines replaced by the rules for unknown text. */
export function finalEdits(walk: Walk): Edit[] {
  const edits = walk.edits.filter((edit) => onKnownLine(walk, edit))
  for (let index = 0; index < walk.unknown.length; index += 1) {
    if (walk.unknown[index] !== 1) continue
    edits.push(...unknownLineEdits(lineAt(walk.source, index), walk.source.starts[index] ?? 0))
  }
  return edits
}
