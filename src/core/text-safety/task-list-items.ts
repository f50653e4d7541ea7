/**
 * GitHub's task list items, read at block level as GitHub's renderer reads
 * them: on a line that starts (after spaces) with a list marker, spaces,
 * `[ ]`, `[x]` or `[X]` and a space or tab, the box is a checkbox and the
 * rest of the line starts a paragraph (no other block: `# x`, `> x` or
 * `<div>` there is paragraph text), whose start can be a reference
 * definition; a box with nothing after it leaves the item's first line
 * blank (an indented line after it is code). Not in a block quote's line,
 * and not for an item opened after another on the same line.
 */
import type MarkdownIt from 'markdown-it'
import paragraph from 'markdown-it/lib/rules_block/paragraph.mjs'
import reference from 'markdown-it/lib/rules_block/reference.mjs'
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs'

const TASK_LINE = /^[ \t]*(?:[-+*]|\d{1,9}[.)])[ \t]+\[[ xX]\][ \t]/
const BOX = /^\[([ xX])\][ \t]*/

function lineStart(src: string, at: number): number {
  return src.lastIndexOf('\n', at - 1) + 1
}

function isItemFirstLine(state: StateBlock, line: number): boolean {
  const last = state.tokens.at(-1)
  return last?.type === 'list_item_open' && last.map?.[0] === line
}

/** Emits the checkbox, then reads the rest of the line as a definition or a paragraph. */
function taskListItem(state: StateBlock, line: number, end: number, silent: boolean): boolean {
  if (silent || !isItemFirstLine(state, line)) return false
  const start = state.bMarks[line]! + state.tShift[line]!
  const lineEnd = state.eMarks[line]!
  if (!TASK_LINE.test(state.src.slice(lineStart(state.src, start), lineEnd))) return false
  const box = BOX.exec(state.src.slice(start, lineEnd))
  if (box === null) return false
  const checked = box[1] !== ' '
  const token = state.push('html_block', '', 0)
  token.content = `<input type="checkbox"${checked ? ' checked=""' : ''} disabled="" />`
  token.map = [line, line + 1]
  // The line now starts after the box (paragraph text is taken from the line's start).
  state.bMarks[line] = start + box[0].length
  state.tShift[line] = 0
  if (start + box[0].length < lineEnd)
    return reference(state, line, end, false) || paragraph(state, line, end)
  state.line = line + 1
  return true
}

/** Adds the task list rule to `md`, before every other block rule (`table` is the first). */
export function useTaskListItems(md: MarkdownIt): void {
  md.block.ruler.before('table', 'task_list_item', taskListItem)
}
