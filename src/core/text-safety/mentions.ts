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
 * In prose, an `@` written as itself in a URL or e-mail address that
 * GitHub links itself is left alone: it is inside a link, where GitHub does
 * not look for mentions (autolink-literals.ts).
 */
import { emailAt, linkedUrls } from './autolink-literals.js'
import { WORD_JOINER } from './hidden-characters.js'

/** Stands for text the prose rules must not look into (code, links, HTML). */
export const MASK = '\uFFFC'

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
 * Where word joiners go in markdown prose whose code spans, links and HTML
 * are replaced by MASK characters (so nothing spans them). With `linksTrusted`
 * false (a reader may take the text for HTML, where GitHub links nothing),
 * URLs and e-mail addresses get no exception.
 */
export function proseMentionInserts(masked: string, linksTrusted = true): number[] {
  if (!linksTrusted) return allMentionInserts(masked)
  const urls = linkedUrls(masked)
  const inserts: number[] = []
  let url = 0
  let floor = 0
  for (const at of atEnds(masked)) {
    while (url < urls.length && (urls[url]?.[1] ?? 0) <= at.start) url += 1
    const literal = masked[at.start] === '@'
    const inUrl = url < urls.length && (urls[url]?.[0] ?? Infinity) <= at.start
    if (literal && inUrl) continue
    const email = literal ? emailAt(masked, at.start, floor) : -1
    if (email !== -1) {
      floor = email
      continue
    }
    inserts.push(at.end)
  }
  return inserts
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
