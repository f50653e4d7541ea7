/**
 * Untrusted markdown rendered to HTML the way GitHub renders a comment, as
 * far as what is shown goes: CommonMark with tables and strikethrough, raw
 * HTML passed through (GitHub's HTML sanitizer comes after), footnotes (a
 * definition is shown only when something refers to it), and GFM's
 * tagfilter (a raw `<script`, `<style`, `<textarea`, `<title`, `<xmp`,
 * `<iframe`, `<noembed`, `<noframes` or `<plaintext` tag has its `<` escaped,
 * so its content is shown as text instead of hiding what follows), and a
 * lazy continuation line holding a tag starts an HTML block (lazy-html-lines.ts). An inline
 * HTML comment counts only in GitHub's stricter form (no `<!-->`, `<!--->`,
 * no `--` inside): another is shown as text there, so it is here.
 */
import markdownIt, { type PluginSimple } from 'markdown-it'
import footnote from 'markdown-it-footnote'
import { separateLazyHtmlLines } from './lazy-html-lines.js'

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

/** A comment GitHub's renderer passes as inline HTML: `<!--`, text without `--` not starting with `>` or `->`, `-->`. */
const GITHUB_COMMENT = /^<!--(?!>|->)(?:(?!--)[\s\S])*(?<!-)-->$/

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

function renderInlineHtml(content: string): string {
  if (content.startsWith('<!--') && !GITHUB_COMMENT.test(content)) return escapeHtml(content)
  return tagfilter(content)
}

function createRenderer(): markdownIt {
  const md = markdownIt('default', { html: true, linkify: false, typographer: false })
  // The plugin's type names markdown-it's CommonJS declarations; the function is the same.
  md.use(footnote as unknown as PluginSimple)
  md.validateLink = () => true
  md.renderer.rules.html_block = (tokens, idx) => tagfilter(tokens[idx]?.content ?? '')
  md.renderer.rules.html_inline = (tokens, idx) => renderInlineHtml(tokens[idx]?.content ?? '')
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
