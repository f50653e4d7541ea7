/**
 * Untrusted markdown rendered to HTML the way GitHub renders a comment, as
 * far as what is shown goes: CommonMark with tables and strikethrough, raw
 * HTML passed through (GitHub's HTML sanitizer comes after), footnotes (a
 * definition is shown only when something refers to it), and GFM's
 * tagfilter (a raw `<script`, `<style`, `<textarea`, `<title`, `<xmp`,
 * `<iframe`, `<noembed`, `<noframes` or `<plaintext` tag has its `<` escaped,
 * so its content is shown as text instead of hiding what follows; in
 * inline HTML only the node's own tag is looked at), task list boxes, and a
 * lazy continuation line holding a tag starts an HTML block
 * (lazy-html-lines.ts). Where GitHub's renderer (CommonMark 0.29) and
 * markdown-it (0.31) differ, GitHub's reading is taken: raw HTML
 * (cmark-html-rules.ts), link destinations, titles and definitions
 * (cmark-link-syntax.ts), footnote definitions (cmark-footnote-rules.ts).
 */
import markdownIt, { type PluginSimple } from 'markdown-it'
import footnote from 'markdown-it-footnote'
import { useCmarkFootnoteRules } from './cmark-footnote-rules.js'
import { useCmarkHtmlRules } from './cmark-html-rules.js'
import { useCmarkLinkSyntax } from './cmark-link-syntax.js'
import { separateLazyHtmlLines } from './lazy-html-lines.js'
import { useTaskListItems } from './task-list-items.js'

const FILTERED_TAGS = [
  'title',
  'textarea',
  'style',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'script',
  'plaintext'
]

/**
 * The tagfilter rule: `<`, an optional `/`, one of the tags (any case), then
 * whitespace, `>` or `/>`.
 */
const FILTERED = new RegExp(`<(?=/?(?:${FILTERED_TAGS.join('|')})(?:[\\t\\n\\f\\r ]|/?>))`, 'gi')

function tagfilter(html: string): string {
  return html.replace(FILTERED, '&lt;')
}

/** The tagfilter rule for a node starting with the tag. */
const FILTERED_START = new RegExp(`^${FILTERED.source}`, 'i')

function tagfilterStart(html: string): string {
  return FILTERED_START.test(html) ? `&lt;${html.slice(1)}` : html
}

function createRenderer(): markdownIt {
  const md = markdownIt('default', { html: true, linkify: false, typographer: false })
  // The plugin's type names markdown-it's CommonJS declarations; the function is the same.
  md.use(footnote as unknown as PluginSimple)
  useCmarkHtmlRules(md)
  useCmarkLinkSyntax(md)
  useCmarkFootnoteRules(md)
  useTaskListItems(md)
  md.validateLink = () => true
  md.renderer.rules.html_block = (tokens, idx) => tagfilter(tokens[idx]?.content ?? '')
  // GitHub's tagfilter looks at an inline HTML node's own tag only.
  md.renderer.rules.html_inline = (tokens, idx) => tagfilterStart(tokens[idx]?.content ?? '')
  return md
}

const RENDERER = createRenderer()

/** The same parser keeping every footnote definition in place, for finding lazy lines inside them. */
const ALL_FOOTNOTES = createRenderer()
ALL_FOOTNOTES.core.ruler.disable('footnote_tail')

/** `text` as HTML, shown as GitHub would show it before its HTML sanitizer. */
export function renderLikeGitHub(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n')
  return RENDERER.render(separateLazyHtmlLines(ALL_FOOTNOTES, normalized))
}
