/**
 * The markdown parser the printer reads model text with: markdown-it, a
 * CommonMark parser with GitHub's tables and strikethrough, raw HTML on (as
 * on GitHub), bare http(s) URLs and e-mail addresses linked (as GitHub
 * does), no typographic replacements. It runs in linear time on the inputs
 * that make other parsers quadratic (long lists, nested containers, many
 * emphasis or bracket openers), which matters because the text is
 * model-written.
 *
 * Safety does not rest on this parser agreeing with GitHub's: whatever it
 * reads, the printer writes only allowlisted markup and escaped text.
 */
import markdownIt from 'markdown-it'
import type Token from 'markdown-it/lib/token.mjs'

function createParser(): markdownIt {
  const md = markdownIt('default', { html: true, linkify: true, typographer: false })
  // Only URLs with a scheme and e-mail addresses, not `README.md` read as a host name.
  md.linkify.set({ fuzzyLink: false, fuzzyIP: false, fuzzyEmail: true })
  // Links may go anywhere here: the printer decides which it keeps.
  md.validateLink = () => true
  return md
}

const PARSER = createParser()

/** The block tokens of `text` ("\n" line endings), inline content in each `inline` token's children. */
export function parseMarkdown(text: string): Token[] {
  return PARSER.parse(text, {})
}

/** Decodes backslash escapes and character references (for HTML attribute values). */
export function unescapeAll(text: string): string {
  return PARSER.utils.unescapeAll(text)
}
