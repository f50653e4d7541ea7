/**
 * Prints a new markdown document from the parsed model text, block by
 * block, from an allowlist: paragraphs, headings, block quotes, lists (task
 * items included), fenced code, tables and thematic breaks. Raw HTML blocks
 * become paragraphs of their text (html-text.ts); link reference
 * definitions are not printed (the links that use them are printed as
 * inline links). Blocks are separated by a blank line, so none can
 * continue or interrupt another; containers prefix every line of what they
 * hold.
 *
 * Code is printed byte for byte in a backtick fence longer than any
 * backtick run that starts one of its lines, so no line ends it; indented
 * code is fenced too. The info string keeps its words but loses what
 * could be markup; `suggestion` (GitHub's commit button) is dropped, and
 * `rmcoc` where the bot's state block must not be forged.
 */
import type Token from 'markdown-it/lib/token.mjs'
import { isStructureLine, htmlAsText } from './html-text.js'
import { InlineOut } from './inline-out.js'
import { nestInline, printInline, type InlineNode } from './markdown-inline.js'
import { parseMarkdown } from './markdown-parse.js'

export interface PrintOptions {
  /** Drop `rmcoc` info strings (the human part of a bot comment must not forge the state block). */
  readonly stateBlocks: boolean
  /** Keep structure lines at the top level (see SanitizeOptions.structureLines). */
  readonly structureLines: boolean
}

interface Cursor {
  readonly tokens: readonly Token[]
  index: number
  readonly options: PrintOptions
}

interface Block {
  readonly lines: readonly string[]
  /** The list marker used, so that the next list next to this one uses another (or lists merge). */
  readonly marker?: string
  /** Only kept structure lines: stays next to another such block, as the composer wrote them. */
  readonly structure?: boolean
}

const BLOCK_TEXT = { oneLine: false, table: false, inLink: false } as const
const TASK = /^\[([ xX])\][ \t]+(?=\S)/

function inlineNodes(token: Token | undefined): InlineNode[] {
  return nestInline(token?.children ?? [])
}

function printParagraph(cursor: Cursor, task: boolean): Block {
  const nodes = inlineNodes(cursor.tokens[cursor.index + 1])
  cursor.index += 3
  const first = nodes[0]
  const box = task && first?.type === 'text' ? TASK.exec(first.content) : null
  if (first === undefined || box === null)
    return { lines: splitLines(printInline(nodes, BLOCK_TEXT)) }
  const rest = [{ ...first, content: first.content.slice(box[0].length) }, ...nodes.slice(1)]
  const checked = box[1] === ' ' ? '[ ] ' : '[x] '
  return { lines: splitLines(checked + printInline(rest, BLOCK_TEXT, false)) }
}

function splitLines(text: string): string[] {
  return text === '' ? [] : text.split('\n')
}

function printHeading(cursor: Cursor): Block {
  const token = cursor.tokens[cursor.index]
  const level = Number(token?.tag.slice(1) ?? 1)
  const content = printInline(
    inlineNodes(cursor.tokens[cursor.index + 1]),
    { ...BLOCK_TEXT, oneLine: true },
    false
  )
  cursor.index += 3
  const marker = '#'.repeat(level)
  return { lines: [content === '' ? marker : `${marker} ${content}`] }
}

/** The longest backtick run that starts a line (after indentation): only such a run can close a fence. */
function longestLeadingRun(lines: readonly string[]): number {
  return Math.max(0, ...lines.map((line) => /^[ \t]*(`*)/.exec(line)?.[1]?.length ?? 0))
}

function cleanInfo(info: string, options: PrintOptions): string {
  const words = info.trim()
  const lang = words.split(/\s/)[0]?.toLowerCase() ?? ''
  if (lang.startsWith('suggestion') || (options.stateBlocks && lang.startsWith('rmcoc'))) return ''
  return words.replace(/[`\\&<>]/g, '').trim()
}

function printCode(cursor: Cursor): Block {
  const token = cursor.tokens[cursor.index]
  cursor.index += 1
  const content = token?.content ?? ''
  const body = content === '' ? [] : content.replace(/\n$/, '').split('\n')
  const fence = '`'.repeat(Math.max(3, longestLeadingRun(body) + 1))
  const info = token?.type === 'fence' ? cleanInfo(token.info, cursor.options) : ''
  return { lines: [`${fence}${info}`, ...body, fence] }
}

/** An HTML block as paragraphs of text, structure lines kept where allowed (html-text.ts). */
function printHtmlBlock(cursor: Cursor, topLevel: boolean): Block {
  const content = cursor.tokens[cursor.index]?.content ?? ''
  cursor.index += 1
  const keep = topLevel && cursor.options.structureLines
  const groups: string[][] = []
  let paragraph: string[] = []
  let kept: string[] = []
  const flush = (): void => {
    if (kept.length > 0) groups.push(kept)
    kept = []
    if (paragraph.length === 0) return
    const out = new InlineOut(true)
    htmlAsText(paragraph.join('\n'), true, out)
    const text = out.text.replace(/[ \t]+$/, '')
    if (text !== '') groups.push(text.split('\n'))
    paragraph = []
  }
  for (const line of content.replace(/\n$/, '').split('\n')) {
    if (keep && isStructureLine(line)) {
      if (paragraph.length > 0) flush()
      kept.push(line)
    } else {
      if (kept.length > 0) flush()
      if (line.trim() === '') flush()
      else paragraph.push(line)
    }
  }
  flush()
  const lines = groups.flatMap((group, index) => (index === 0 ? group : ['', ...group]))
  return { lines, structure: keep && lines.every(isStructureLine) }
}

function alignment(token: Token | undefined): string {
  const style = String(token?.attrGet('style') ?? '')
  if (style.includes('center')) return ':---:'
  if (style.includes('left')) return ':---'
  if (style.includes('right')) return '---:'
  return '---'
}

function printTable(cursor: Cursor): Block {
  const open = cursor.tokens[cursor.index]
  const rows: string[][] = []
  const aligns: string[] = []
  let row: string[] = []
  cursor.index += 1
  for (; cursor.index < cursor.tokens.length; cursor.index += 1) {
    const token = cursor.tokens[cursor.index]
    if (token === undefined || (token.type === 'table_close' && token.level === open?.level)) break
    if (token.type === 'tr_open') row = []
    else if (token.type === 'tr_close') rows.push(row)
    else if (token.type === 'th_open') aligns.push(alignment(token))
    else if (token.type === 'inline') {
      row.push(
        printInline(inlineNodes(token), { oneLine: true, table: true, inLink: false }, false)
      )
    }
  }
  cursor.index += 1
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`
  const [head = [], ...body] = rows
  return { lines: [line(head), line(aligns), ...body.map(line)] }
}

function printQuote(cursor: Cursor): Block {
  const open = cursor.tokens[cursor.index]
  cursor.index += 1
  const inner = joinBlocks(printChildren(cursor, 'blockquote_close', open?.level ?? 0), true)
  return { lines: inner.map((line) => (line === '' ? '>' : `> ${line}`)) }
}

/** The marker for a list next to `previous`: another one than it used, or lists would merge. */
function listMarker(ordered: boolean, previous: Block | undefined): string {
  if (ordered) return previous?.marker === '.' ? ')' : '.'
  return previous?.marker === '-' ? '*' : '-'
}

/** markdown-it hides the paragraphs of a tight list's items; the first one tells (a bounded look). */
function isTight(cursor: Cursor, level: number): boolean {
  const end = Math.min(cursor.tokens.length, cursor.index + 64)
  for (let at = cursor.index + 1; at < end; at += 1) {
    const token = cursor.tokens[at]
    if (token === undefined || token.level < level + 1) break
    if (token.type === 'paragraph_open' && token.level === level + 2) return token.hidden
  }
  return true
}

function printList(cursor: Cursor, previous: Block | undefined): Block {
  const open = cursor.tokens[cursor.index]
  const ordered = open?.type === 'ordered_list_open'
  const marker = listMarker(ordered, previous)
  const start = Number(open?.attrGet('start') ?? 1)
  const level = open?.level ?? 0
  const tight = isTight(cursor, level)
  const closeType = ordered ? 'ordered_list_close' : 'bullet_list_close'
  cursor.index += 1
  const items: string[][] = []
  while (cursor.index < cursor.tokens.length) {
    const token = cursor.tokens[cursor.index]
    cursor.index += 1
    if (token === undefined || (token.type === closeType && token.level === level)) break
    if (token.type !== 'list_item_open') continue
    const number = start + items.length > 999_999_999 ? start : start + items.length
    const bullet = ordered ? `${number}${marker}` : marker
    const lines = joinBlocks(printChildren(cursor, 'list_item_close', token.level, true), !tight)
    const indent = ' '.repeat(bullet.length + 1)
    const [first, ...rest] = lines
    items.push([
      first === undefined || first === '' ? bullet : `${bullet} ${first}`,
      ...rest.map((line) => (line === '' ? '' : `${indent}${line}`))
    ])
  }
  return {
    lines: items.flatMap((item, index) => (index > 0 && !tight ? ['', ...item] : item)),
    marker
  }
}

function printBlock(
  cursor: Cursor,
  previous: Block | undefined,
  depth: number,
  task: boolean
): Block {
  const token = cursor.tokens[cursor.index]
  switch (token?.type) {
    case 'paragraph_open':
      return printParagraph(cursor, task)
    case 'heading_open':
      return printHeading(cursor)
    case 'fence':
    case 'code_block':
      return printCode(cursor)
    case 'html_block':
      return printHtmlBlock(cursor, depth === 0)
    case 'hr':
      cursor.index += 1
      return { lines: ['***'] }
    case 'table_open':
      return printTable(cursor)
    case 'blockquote_open':
      return printQuote(cursor)
    case 'bullet_list_open':
    case 'ordered_list_open':
      return printList(cursor, previous)
    default:
      cursor.index += 1
      return { lines: [] }
  }
}

/** The last block that printed something (one that printed nothing does not separate lists). */
function lastPrinted(blocks: readonly Block[]): Block | undefined {
  return blocks.findLast((block) => block.lines.length > 0)
}

/** The blocks up to the close token of the container opened at `level` (or to the end). */
function printChildren(cursor: Cursor, closeType: string, level: number, item = false): Block[] {
  const blocks: Block[] = []
  while (cursor.index < cursor.tokens.length) {
    const token = cursor.tokens[cursor.index]
    if (token?.type === closeType && token.level === level) {
      cursor.index += 1
      break
    }
    blocks.push(printBlock(cursor, lastPrinted(blocks), level + 1, item && blocks.length === 0))
  }
  return blocks
}

function joinBlocks(blocks: readonly Block[], blankLines: boolean): string[] {
  const lines: string[] = []
  let previous: Block | undefined
  for (const block of blocks) {
    if (block.lines.length === 0) continue
    const adjacent = previous?.structure === true && block.structure === true
    if (lines.length > 0 && blankLines && !adjacent) lines.push('')
    lines.push(...block.lines)
    previous = block
  }
  return lines
}

/** The model's markdown printed anew (see the file comment). */
export function printMarkdown(text: string, options: PrintOptions): string {
  const cursor: Cursor = { tokens: parseMarkdown(text), index: 0, options }
  const blocks: Block[] = []
  while (cursor.index < cursor.tokens.length) {
    blocks.push(printBlock(cursor, lastPrinted(blocks), 0, false))
  }
  return joinBlocks(blocks, true).join('\n')
}
