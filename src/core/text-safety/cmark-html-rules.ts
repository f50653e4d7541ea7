/**
 * Raw HTML read as GitHub's renderer reads it (cmark-gfm, CommonMark 0.29
 * with GitHub's extensions), where markdown-it follows CommonMark 0.31:
 *
 * - HTML blocks: the first kind (content up to an end tag) is opened by
 *   `<script`, `<pre` or `<style` only and closed by `</script>`, `</pre>`
 *   or `</style>`; `<textarea` is no block start and `</textarea>` no end.
 *   `<search>` is no block-level tag name. Inside a table any kind of HTML
 *   block ends the table, the seventh kind (a lone tag) included, since a
 *   table is no paragraph.
 * - Inline HTML: a declaration is `<!`, upper-case letters, whitespace,
 *   anything but `>`, then `>`; a comment is `<!--`, text that does not
 *   start with `>` or `->`, holds no `--` and does not end with `-`, then
 *   `-->`. Anything else starting with `<` is text, so what follows it is
 *   parsed as markdown (a `<!a` before an image does not hide the image's
 *   alt text from the parse).
 */
import type MarkdownIt from 'markdown-it'
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs'
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs'
import blockNames from 'markdown-it/lib/common/html_blocks.mjs'
import { HTML_OPEN_CLOSE_TAG_RE } from 'markdown-it/lib/common/html_re.mjs'

const BLOCK_NAMES = blockNames.filter((name) => name !== 'search')

interface HtmlBlockKind {
  readonly start: RegExp
  readonly end: RegExp
  /** Whether a block of this kind can interrupt a paragraph. */
  readonly interrupts: boolean
}

const BLANK = /^$/

const HTML_BLOCK_KINDS: readonly HtmlBlockKind[] = [
  {
    start: /^<(?:script|pre|style)(?=\s|>|$)/i,
    end: /<\/(?:script|pre|style)>/i,
    interrupts: true
  },
  { start: /^<!--/, end: /-->/, interrupts: true },
  { start: /^<\?/, end: /\?>/, interrupts: true },
  { start: /^<![A-Z]/, end: />/, interrupts: true },
  { start: /^<!\[CDATA\[/, end: /\]\]>/, interrupts: true },
  {
    start: new RegExp(`^</?(?:${BLOCK_NAMES.join('|')})(?=\\s|/?>|$)`, 'i'),
    end: BLANK,
    interrupts: true
  },
  { start: new RegExp(`${HTML_OPEN_CLOSE_TAG_RE.source}\\s*$`), end: BLANK, interrupts: false }
]

function lineAt(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line])
}

/** The end of a block of `kind` opened on `startLine`: the line after its last. */
function blockEnd(state: StateBlock, kind: HtmlBlockKind, startLine: number, endLine: number) {
  if (kind.end.test(lineAt(state, startLine))) return startLine + 1
  let next = startLine + 1
  for (; next < endLine; next += 1) {
    if (state.sCount[next]! < state.blkIndent) break
    const text = lineAt(state, next)
    if (kind.end.test(text)) return text.length === 0 ? next : next + 1
  }
  return next
}

function htmlBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean) {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false
  const text = lineAt(state, startLine)
  if (!text.startsWith('<')) return false
  const kind = HTML_BLOCK_KINDS.find((k) => k.start.test(text))
  if (kind === undefined) return false
  if (silent) return kind.interrupts || (state.parentType as string) === 'table'
  const next = blockEnd(state, kind, startLine, endLine)
  state.line = next
  const token = state.push('html_block', '', 0)
  token.map = [startLine, next]
  token.content = state.getLines(startLine, next, state.blkIndent, true)
  return true
}

const ATTRIBUTE = `(?:\\s+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:\\s*=\\s*(?:[^"'=<>\`\\x00-\\x20]+|'[^']*'|"[^"]*"))?)`
const INLINE_HTML = new RegExp(
  '^(?:' +
    [
      `<[A-Za-z][A-Za-z0-9-]*${ATTRIBUTE}*\\s*/?>`,
      '</[A-Za-z][A-Za-z0-9-]*\\s*>',
      '<!--(?!>|->)(?:(?!--)[\\s\\S])*?(?<!-)-->',
      '<\\?[\\s\\S]*?\\?>',
      '<![A-Z]+\\s+[^>]*>',
      '<!\\[CDATA\\[[\\s\\S]*?\\]\\]>'
    ].join('|') +
    ')'
)

/** markdown-it counts raw `<a>` tags so that no link is made inside one; its types omit the field. */
type LinkCounting = StateInline & { linkLevel: number }

function htmlInline(inline: StateInline, silent: boolean): boolean {
  const state = inline as LinkCounting
  if (state.src.charCodeAt(state.pos) !== 0x3c || state.pos + 2 >= state.posMax) return false
  const match = INLINE_HTML.exec(state.src.slice(state.pos))
  if (match === null) return false
  if (!silent) {
    const token = state.push('html_inline', '', 0)
    token.content = match[0]
    if (/^<a[>\s]/i.test(match[0])) state.linkLevel += 1
    if (/^<\/a\s*>/i.test(match[0])) state.linkLevel -= 1
  }
  state.pos += match[0].length
  return true
}

/** Replaces markdown-it's raw HTML rules (block and inline) with GitHub's reading. */
export function useCmarkHtmlRules(md: MarkdownIt): void {
  md.block.ruler.at('html_block', htmlBlock, { alt: ['paragraph', 'reference', 'blockquote'] })
  md.inline.ruler.at('html_inline', htmlInline)
}
