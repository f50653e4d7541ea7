/**
 * Prints the inline content of one paragraph, heading or table cell from
 * its parsed tokens, keeping only: text, emphasis, strong, strikethrough,
 * code spans, line breaks and links to http(s) URLs, e-mail addresses and
 * repository paths. Everything else is printed as the text it shows:
 *
 * - an image becomes its alt text, or, when GitHub hosts it, a plain link;
 * - raw HTML becomes text (html-text.ts);
 * - a link to another kind of URL becomes its text;
 * - inside a link, links and images become their text.
 *
 * Text is escaped (markdown-text.ts), so nothing in it can open markup; the
 * only markup is what this printer writes. Emphasis delimiters are written
 * so that they open and close where the printer put them (`*`, or the
 * author's `_`): surrounding spaces move outside, and a letter right
 * outside a delimiter that could not open or close next to it is written
 * as a character reference.
 */
import type Token from 'markdown-it/lib/token.mjs'
import { isGitHubHosted, NO_ALT } from './image-beacons.js'
import { htmlAsText } from './html-text.js'
import { printLink, isAllowedHref } from './markdown-links.js'
import { InlineOut } from './inline-out.js'
import { printCodeSpan, printText } from './markdown-text.js'

export interface InlineContext {
  /** Inside a heading or table cell: line breaks become spaces. */
  readonly oneLine: boolean
  /** Inside a table cell: `|` in code spans is escaped. */
  readonly table: boolean
  /** Inside a link: no links, no images (mentions are defused there too, should a reader not see the link). */
  readonly inLink: boolean
}

/** Inline tokens as a tree: an `_open` token holds what comes before its `_close`. */
export interface InlineNode {
  readonly type: string
  readonly content: string
  readonly markup: string
  readonly attr: (name: string) => string
  readonly children: readonly InlineNode[]
}

function node(token: Token, children: InlineNode[]): InlineNode {
  return {
    type: token.type.replace(/_open$/, ''),
    content: token.content,
    markup: token.markup,
    attr: (name) => String(token.attrGet(name) ?? ''),
    children
  }
}

export function nestInline(tokens: readonly Token[]): InlineNode[] {
  const root: InlineNode[] = []
  const stack: InlineNode[][] = [root]
  for (const token of tokens) {
    const level = stack[stack.length - 1] ?? root
    if (token.nesting === 1) {
      const children: InlineNode[] = []
      level.push(node(token, children))
      stack.push(children)
    } else if (token.nesting === -1) {
      if (stack.length > 1) stack.pop()
    } else level.push(node(token, token.type === 'image' ? nestInline(token.children ?? []) : []))
  }
  return root
}

/** The text a reader sees of some inline nodes (alt text, link text), on one line. */
export function shownText(nodes: readonly InlineNode[]): string {
  return nodes
    .map((item) => {
      if (item.type === 'softbreak' || item.type === 'hardbreak') return ' '
      if (/^(?:text|text_special|code_inline|html_inline)$/.test(item.type)) return item.content
      return shownText(item.children)
    })
    .join('')
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]/u

/** Makes the printed text end in whitespace or ASCII punctuation, so a delimiter after it can open. */
function allowOpener(out: InlineOut): void {
  if (out.atLineStart()) return
  if (!/[\s!-/:-@[-`{-~]/.test(out.lastChar())) out.encodeLast()
}

const DELIMITERS: Readonly<Record<string, string>> = { em: '*', strong: '**', s: '~~' }

function printDelimited(item: InlineNode, ctx: InlineContext, out: InlineOut): void {
  // The author's `_` is kept; it neither opens nor closes inside a word, so its neighbours are settled always.
  const underscore = item.markup === '_' || item.markup === '__'
  const delimiter = underscore ? item.markup : (DELIMITERS[item.type] ?? '')
  const children = [...item.children]
  const first = children[0]
  const lead = first?.type === 'text' ? (/^\s+/.exec(first.content)?.[0] ?? '') : ''
  if (first !== undefined && lead !== '')
    children[0] = { ...first, content: first.content.slice(lead.length) }
  const last = children.at(-1)
  const trail = last?.type === 'text' ? (/\s+$/.exec(last.content)?.[0] ?? '') : ''
  if (last !== undefined && trail !== '') {
    children[children.length - 1] = { ...last, content: last.content.slice(0, -trail.length) }
  }
  out.plain(lead, true)
  const inner = new InlineOut(false)
  printNodes(children, ctx, inner)
  if (inner.text !== '') {
    if (underscore || !LETTER_OR_DIGIT.test(inner.text)) allowOpener(out)
    out.markup(`${delimiter}${inner.text}${delimiter}`)
    const end = Array.from(inner.text.slice(-2)).at(-1) ?? ''
    out.encodeNext = underscore || !LETTER_OR_DIGIT.test(end)
  }
  out.plain(trail, true)
}

function printImage(item: InlineNode, ctx: InlineContext, out: InlineOut): void {
  const alt = shownText(item.children).replace(/\s+/g, ' ').trim()
  const src = item.attr('src')
  const shown = alt === '' ? NO_ALT : alt
  if (!ctx.inLink && isGitHubHosted(src)) {
    printLink(printText(shown, false), src, undefined, out)
  } else out.plain(shown, true)
}

function printLinkNode(item: InlineNode, ctx: InlineContext, out: InlineOut): void {
  const href = item.attr('href')
  // A joiner the sanitizer put after an `@` is not part of an address: such a "link" stays text.
  const joined = item.markup === 'linkify' && shownText(item.children).includes('\u2060')
  if (ctx.inLink || joined || !isAllowedHref(href)) {
    printNodes(item.children, ctx, out)
    return
  }
  const auto = item.markup === 'linkify' || item.markup === 'autolink'
  const inner = new InlineOut(false)
  printNodes(item.children, { ...ctx, inLink: true }, inner)
  printLink(inner.text, href, auto ? shownText(item.children) : undefined, out)
}

function printNode(item: InlineNode, ctx: InlineContext, out: InlineOut): void {
  switch (item.type) {
    case 'text':
    case 'text_special':
      out.plain(item.content, true)
      return
    case 'code_inline':
      out.markup(printCodeSpan(item.content, ctx.table))
      return
    case 'softbreak':
    case 'hardbreak':
      if (ctx.oneLine) out.plain(' ', false)
      else out.lineBreak(item.type === 'hardbreak')
      return
    case 'em':
    case 'strong':
    case 's':
      printDelimited(item, ctx, out)
      return
    case 'link':
      printLinkNode(item, ctx, out)
      return
    case 'image':
      printImage(item, ctx, out)
      return
    case 'html_inline':
      htmlAsText(item.content, true, out)
      return
    default:
      printNodes(item.children, ctx, out)
  }
}

export function printNodes(nodes: readonly InlineNode[], ctx: InlineContext, out: InlineOut): void {
  for (const item of nodes) printNode(item, ctx, out)
}

/** The inline content as safe markdown; `lineStart`: it begins a line. */
export function printInline(
  nodes: readonly InlineNode[],
  ctx: InlineContext,
  lineStart = true
): string {
  const out = new InlineOut(lineStart)
  printNodes(nodes, ctx, out)
  // Readers drop spaces at the end of a paragraph; printing them would not read back.
  return out.text.replace(/[ \t]+$/, '')
}
