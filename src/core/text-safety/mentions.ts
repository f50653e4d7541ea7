/**
 * Defusing @-mentions. GitHub finds mentions in the rendered text, after
 * markdown and character references are decoded: `_@user_`, `&#64;user`,
 * `&commat;user` and `@user` inside an HTML block all notify. A word joiner
 * (U+2060) right after the `@` stops that: GitHub only links an `@` followed
 * by a letter or digit, and the joiner changes nothing else, neither how the
 * text looks nor how markdown parses it (it is neither space nor
 * punctuation), and holds inside HTML, where backticks would be literal.
 *
 * An `@` is written as itself or as a reference: `&#64;`, `&#x40;` (HTML
 * also reads both without the ";") or `&commat;`. It is defused when a
 * letter, a digit or a reference (`&…`, which may spell one) follows it.
 * URLs and e-mail addresses the parser links are printed as links, where
 * GitHub looks for no mention, so their `@` stays as written
 * (markdown-links.ts).
 */
import { WORD_JOINER } from './hidden-characters.js'

const AT = /(?:@|&#0*64(?![0-9]);?|&#[xX]0*40(?![0-9A-Fa-f]);?|&commat;)(?=[A-Za-z0-9&])/g

/** End offsets of every `@` that could start a mention. */
function atEnds(text: string): { start: number; end: number }[] {
  return Array.from(text.matchAll(AT), (m) => ({ start: m.index, end: m.index + m[0].length }))
}

/** Where a word joiner goes in text of unknown context (HTML, unparsed lines). */
export function allMentionInserts(text: string): number[] {
  return atEnds(text).map((at) => at.end)
}

/**
 * Where a word joiner goes in text the printer writes escaped: there,
 * character references are already decoded and `&` is escaped, so only an
 * `@` written as itself can start a mention.
 */
export function textMentionInserts(text: string): number[] {
  return Array.from(text.matchAll(/@(?=[A-Za-z0-9])/g), (m) => m.index + 1)
}

/** The text with a word joiner at each position (ascending, as the functions above return them). */
export function insertWordJoiners(text: string, positions: readonly number[]): string {
  const parts: string[] = []
  let cursor = 0
  for (const at of positions) {
    parts.push(text.slice(cursor, at), WORD_JOINER)
    cursor = at
  }
  parts.push(text.slice(cursor))
  return parts.join('')
}
