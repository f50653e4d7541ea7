/**
 * One place where GitHub's renderer and CommonMark read the same markdown
 * differently: inside a list item or block quote, a paragraph's lazy
 * continuation line (one that lacks the container's `>` or indentation)
 * holding only an HTML tag. CommonMark keeps it in the paragraph (such a tag
 * cannot interrupt one); GitHub's renderer closes the container and starts a
 * raw HTML block there, so tags on the following lines hide what they hold
 * and a fence after it is no code block. Giving the line a blank line before
 * it makes a CommonMark parser read it as GitHub does.
 */
import type MarkdownIt from 'markdown-it'
import type Token from 'markdown-it/lib/token.mjs'
import { HTML_OPEN_CLOSE_TAG_RE } from 'markdown-it/lib/common/html_re.mjs'

const TAG_LINE = new RegExp(`^ {0,3}(?:${HTML_OPEN_CLOSE_TAG_RE.source.slice(1)})\\s*$`)
const QUOTE_MARKERS = /^(?: {0,3}> ?)*/

/** Passes at most: each one separates every line found, later ones the lines that reveals. */
const MAX_PASSES = 8

interface Container {
  readonly quotes: number
  /** Indentation a line needs to continue the innermost list item or footnote; 0 outside them. */
  readonly indent: number
}

const LIST_ITEM_START = /^( {0,3})(?:[-+*]|\d{1,9}[.)])( {1,4}(?=\S)|[ \t]*$)/

function contentIndent(token: Token, lines: readonly string[]): number {
  if (token.type !== 'list_item_open' || token.map === null) return 4
  const raw = lines[token.map[0]] ?? ''
  const start = LIST_ITEM_START.exec(raw.slice(QUOTE_MARKERS.exec(raw)?.[0].length ?? 0))
  return start === null ? 2 : Math.max(2, start[0].length)
}

const ITEM_OPEN = new Set(['list_item_open', 'footnote_reference_open'])
const ITEM_CLOSE = new Set(['list_item_close', 'footnote_reference_close'])

/** Lines (0-based) of paragraphs inside a container that are lazy and hold only a tag. */
function lazyTagLines(tokens: readonly Token[], lines: readonly string[]): number[] {
  const found: number[] = []
  let quotes = 0
  const indents: number[] = []
  for (const token of tokens) {
    if (token.type === 'blockquote_open') quotes += 1
    else if (token.type === 'blockquote_close') quotes -= 1
    else if (ITEM_OPEN.has(token.type)) indents.push(contentIndent(token, lines))
    else if (ITEM_CLOSE.has(token.type)) indents.pop()
    else if (token.type === 'paragraph_open' && token.map !== null && quotes + indents.length > 0)
      found.push(...lazyIn(token.map, lines, { quotes, indent: indents.at(-1) ?? 0 }))
  }
  return found
}

function lazyIn(map: [number, number], lines: readonly string[], inside: Container): number[] {
  const found: number[] = []
  for (let line = map[0] + 1; line < map[1]; line += 1) {
    const raw = lines[line] ?? ''
    const prefix = QUOTE_MARKERS.exec(raw)?.[0] ?? ''
    const markers = (prefix.match(/>/g) ?? []).length
    const rest = raw.slice(prefix.length)
    const indent = /^ */.exec(rest)?.[0].length ?? 0
    const lazy = markers < inside.quotes || indent < inside.indent
    if (lazy && TAG_LINE.test(rest)) found.push(line)
  }
  return found
}

/** `text` with a blank line (keeping its quote markers) before each lazy tag line. */
export function separateLazyHtmlLines(md: MarkdownIt, text: string): string {
  let current = text
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const lines = current.split('\n')
    const found = lazyTagLines(md.parse(current, {}), lines)
    if (found.length === 0) return current
    for (const line of found.reverse()) {
      const prefix = QUOTE_MARKERS.exec(lines[line] ?? '')?.[0] ?? ''
      lines.splice(line, 0, prefix.trimEnd())
    }
    current = lines.join('\n')
  }
  return current
}
