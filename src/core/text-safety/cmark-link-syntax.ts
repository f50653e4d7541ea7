/**
 * Link destinations and titles read as GitHub's renderer (cmark-gfm,
 * CommonMark 0.29) reads them, for inline links, images and reference
 * definitions alike:
 *
 * - A destination in `<...>` ends at the first `>` not escaped by `\`; a
 *   line break or `<` before it makes it none. A bare destination runs to
 *   whitespace or to a `)` that closes no `(` it opened; `\` escapes only
 *   ASCII punctuation (so `\` before a line break is a destination of its
 *   own), more than 32 open parentheses make it none, and parentheses left
 *   open are accepted.
 * - A title is the longest `"..."`, `'...'` or `(...)` whose content holds
 *   the closing character only escaped (and, in `(...)`, no unescaped `(`),
 *   where a `\` may also be an ordinary character: `"a\"` is a title.
 * - A reference definition belongs to a paragraph: a line after it indented
 *   as code continues that paragraph instead of starting a code block.
 */
import type MarkdownIt from 'markdown-it'
import paragraph from 'markdown-it/lib/rules_block/paragraph.mjs'
import reference from 'markdown-it/lib/rules_block/reference.mjs'
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs'
import type { ParseLinkDestinationResult } from 'markdown-it/lib/helpers/parse_link_destination.mjs'
import type { ParseLinkTitleResult } from 'markdown-it/lib/helpers/parse_link_title.mjs'

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/
const WHITESPACE = /[ \t\n\v\f\r]/
const MAX_OPEN_PARENTHESES = 32

type Unescape = (text: string) => string

function bracketedEnd(str: string, start: number, max: number): number | undefined {
  for (let pos = start + 1; pos < max; pos += 1) {
    const ch = str[pos]
    if (ch === '>') return pos + 1
    if (ch === '\n' || ch === '<') return undefined
    if (ch === '\\') pos += 1
  }
  return undefined
}

function bareEnd(str: string, start: number, max: number): number | undefined {
  let open = 0
  let pos = start
  while (pos < max) {
    const ch = str[pos]!
    if (ch === '\\' && pos + 1 < max && ASCII_PUNCTUATION.test(str[pos + 1]!)) pos += 2
    else if (WHITESPACE.test(ch)) break
    else if (ch === '(') {
      open += 1
      if (open > MAX_OPEN_PARENTHESES) return undefined
      pos += 1
    } else if (ch === ')') {
      if (open === 0) break
      open -= 1
      pos += 1
    } else pos += 1
  }
  return pos === start ? undefined : pos
}

function destinationParser(unescape: Unescape) {
  return (str: string, start: number, max: number): ParseLinkDestinationResult => {
    const bracketed = str[start] === '<'
    const end = bracketed ? bracketedEnd(str, start, max) : bareEnd(str, start, max)
    if (end === undefined) return { ok: false, pos: 0, str: '' }
    const raw = bracketed ? str.slice(start + 1, end - 1) : str.slice(start, end)
    return { ok: true, pos: end, str: unescape(raw) }
  }
}

const ESCAPED = String.raw`\\[!-/:-@[-\`{-~]`
const TITLES: Readonly<Record<string, { complete: RegExp; unfinished: RegExp }>> = {
  '"': { complete: new RegExp(`^"(?:${ESCAPED}|[^"])*"`), unfinished: /^"/ },
  "'": { complete: new RegExp(`^'(?:${ESCAPED}|[^'])*'`), unfinished: /^'/ },
  '(': {
    complete: new RegExp(`^\\((?:${ESCAPED}|[^()])*\\)`),
    unfinished: new RegExp(`^\\((?:${ESCAPED}|[^()])*$`)
  }
}

interface TitleState extends ParseLinkTitleResult {
  /** Where the title's opening character is in `str`. */
  readonly open: number
}

function titleParser(unescape: Unescape) {
  return (str: string, start: number, max: number, prev?: ParseLinkTitleResult): TitleState => {
    const open = prev !== undefined && 'open' in prev ? (prev as TitleState).open : start
    const failed = { ok: false, can_continue: false, pos: 0, str: '', marker: 0, open }
    const forms = TITLES[str[open] ?? '']
    if (forms === undefined || open >= max) return failed
    const text = str.slice(open, max)
    const match = forms.complete.exec(text)
    const marker = str.charCodeAt(open)
    if (match === null) return { ...failed, marker, can_continue: forms.unfinished.test(text) }
    const pos = open + match[0].length
    return {
      ok: true,
      can_continue: false,
      pos,
      str: unescape(match[0].slice(1, -1)),
      marker,
      open
    }
  }
}

function definition(state: StateBlock, line: number, end: number, silent: boolean): boolean {
  if (!reference(state, line, end, silent)) return false
  const next = state.line
  if (silent || next >= end || state.isEmpty(next)) return true
  if (state.sCount[next]! - state.blkIndent >= 4) paragraph(state, next, end)
  return true
}

/** Makes `md` read link destinations and titles as GitHub's renderer does. */
export function useCmarkLinkSyntax(md: MarkdownIt): void {
  const unescape: Unescape = (text) => md.utils.unescapeAll(text)
  md.helpers.parseLinkDestination = destinationParser(unescape)
  md.helpers.parseLinkTitle = titleParser(unescape)
  md.block.ruler.at('reference', definition)
}
