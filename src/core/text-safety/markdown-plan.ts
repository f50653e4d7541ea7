/**
 * One reading of a comment's markdown and the edits that make it safe to
 * post, block by block as the parser sees them:
 *
 * - fenced code stays as written, and so does indented code after a blank
 *   line;
 * - HTML blocks keep only allowlisted tags (html-guard.ts);
 * - paragraphs, headings and table cells get the inline rules
 *   (markdown-inline.ts), once their content is placed in the source;
 * - lines where another reader may see other markup are of unknown context
 *   and get only rules that hold whatever the markup is (markdown-walk.ts,
 *   markdown-tables.ts).
 *
 * Edits that are not neutral can change how the rest parses (an escaped
 * `<` turns an HTML block into a paragraph), so the caller reads the result
 * again until a reading needs none of them (see markdown-guard.ts).
 */
import type Token from 'markdown-it/lib/token.mjs'
import { htmlBlockEdits } from './html-guard.js'
import { alignInline, type InlineHost, type InlineSource } from './inline-align.js'
import { inlineEdits } from './markdown-inline.js'
import { parseMarkdown, type InlineSpan } from './markdown-parse.js'
import { cellFollows, claimTable, endRow, mayHideTable, type RowCursor } from './markdown-tables.js'
import {
  claim,
  claimIndentedCode,
  finalEdits,
  lineAt,
  markUnknownLines,
  newWalk,
  type Walk
} from './markdown-walk.js'
import { lineStarts, type Edit } from './text-edits.js'

export interface MarkdownPlan {
  readonly edits: readonly Edit[]
  /** True when an edit may change how the text parses (one that is not neutral). */
  readonly structural: boolean
  /** The closing run for a top-level fence left open at the end, if any. */
  readonly openFence: string | undefined
}

type SpansOf = (inline: Token) => readonly InlineSpan[]

/** Places an inline token's content and plans its edits; doubtful content makes its lines unknown. */
function walkInline(
  walk: Walk,
  token: Token,
  host: InlineHost,
  row: RowCursor,
  spansOf: SpansOf
): void {
  const map: [number, number] | null = host === 'cell' ? [row.line, row.line + 1] : token.map
  const from = host === 'cell' ? row.from : 0
  const place = alignInline(walk.source, token.content, map?.[0] ?? 0, host, from)
  const doubted =
    place === undefined ||
    (host === 'cell' && !cellFollows(walk, row, place.toSource(0))) ||
    (host === 'paragraph' && mayHideTable(token.content))
  if (doubted) {
    claim(walk, map, walk.unknown)
    return
  }
  if (host === 'cell') row.from = place.end
  claim(walk, map)
  walk.edits.push(...inlineEdits(token.content, spansOf(token), place))
}

function hostOf(token: Token, current: InlineHost): InlineHost {
  if (token.type === 'paragraph_open') return 'paragraph'
  if (token.type === 'heading_open') return token.markup.startsWith('#') ? 'heading' : 'paragraph'
  if (token.type === 'th_open' || token.type === 'td_open') return 'cell'
  return current
}

function walkTokens(walk: Walk, tokens: readonly Token[], spansOf: SpansOf): void {
  const row: RowCursor = { line: -1, from: 0 }
  let host: InlineHost = 'paragraph'
  for (const token of tokens) {
    host = hostOf(token, host)
    if (token.type === 'tr_open') Object.assign(row, { line: token.map?.[0] ?? -1, from: 0 })
    if (token.type === 'tr_close') endRow(walk, row)
    if (token.type === 'inline') walkInline(walk, token, host, row, spansOf)
    else if (token.type === 'html_block' && token.map !== null) {
      claim(walk, token.map)
      const [first, end] = token.map
      walk.edits.push(...htmlBlockEdits(walk.source.text, walk.source.starts, first, end))
    } else if (token.type === 'code_block') claimIndentedCode(walk, token.map)
    else if (token.type === 'table_open') claimTable(walk, token.map)
    else if (token.type === 'fence' || token.type === 'hr') claim(walk, token.map)
  }
}

/** The marker of a fence at the top level that the text leaves open at its end. */
function openFenceAtEnd(tokens: readonly Token[], source: InlineSource): string | undefined {
  const last = tokens.at(-1)
  if (last?.type !== 'fence' || last.level !== 0 || last.map === null) return undefined
  const [first, end] = last.map
  const run = /^ {0,3}(`+|~+)[ \t]*$/.exec(lineAt(source, end - 1))?.[1]
  const closed =
    end - 1 > first &&
    run !== undefined &&
    run[0] === last.markup[0] &&
    run.length >= last.markup.length
  return closed ? undefined : last.markup
}

/** Reads `text` once and plans the edits that make it safe (see the file comment). */
export function planMarkdown(text: string): MarkdownPlan {
  const parsed = parseMarkdown(text)
  const source: InlineSource = { text, starts: lineStarts(text) }
  const walk = newWalk(source)
  walkTokens(walk, parsed.tokens, parsed.spansOf)
  markUnknownLines(walk)
  const edits = finalEdits(walk)
  return {
    edits,
    structural: edits.some((edit) => edit.neutral !== true),
    openFence: openFenceAtEnd(parsed.tokens, source)
  }
}
