/**
 * GitHub links bare URLs (`https://…`, `http://…`, `www.…`) and e-mail
 * addresses in text itself (GFM's autolink literals), which the sanitizer's
 * parser does not. Two questions depend on that:
 *
 * - Which `@` is inside such a link (GitHub looks for no mention there)?
 *   Answered strictly, after GFM's rules, so that in doubt the `@` is
 *   defused: linkedUrls and emailAt.
 * - Can a bare URL swallow markup that the parser read as a code span or a
 *   link? GitHub's URL runs to the next space or `<`, backticks and brackets
 *   included, so a code span that starts inside one is no code span there.
 *   Answered broadly, so that in doubt the markup is not trusted: urlRuns.
 */

const DOMAIN_CHAR = /[A-Za-z0-9_.-]/
const LOCAL_CHAR = /[A-Za-z0-9_.+-]/
/**
 * Longer domains and local parts are not treated as links, which keeps each
 * look-up bounded (so the whole scan linear) and errs toward defusing.
 */
const MAX_PART = 255

/**
 * The end of the valid domain starting at `from`, or -1: segments of
 * letters, digits, `_` and `-` separated by dots, at least two, with no `_`
 * in the last two (GFM's rule for autolinked domains). Trailing dots are
 * not part of it.
 */
function domainEnd(text: string, from: number): number {
  let end = from
  while (end < text.length && DOMAIN_CHAR.test(text[end] ?? '')) {
    end += 1
    if (end - from > MAX_PART) return -1
  }
  while (end > from && text[end - 1] === '.') end -= 1
  const segments = text.slice(from, end).split('.')
  if (segments.length < 2 || segments.some((segment) => segment === '')) return -1
  if (segments.slice(-2).some((segment) => segment.includes('_'))) return -1
  return /[A-Za-z0-9]/.test(text[end - 1] ?? '') ? end : -1
}

const URL_START = /(?:https?:\/\/|www\.)/g
const URL_START_ANY_CASE = /(?:https?:\/\/|www\.)/gi
/**
 * GitHub links a URL at the start of text or after a space, `(` or an
 * emphasis marker; after a marker readers disagree, so only these count.
 */
const URL_PRECEDER = /[\s(]/
/** Where a URL ends: a space, `<`, or text the caller masked (see mentions.ts). */
const URL_END = /[\s<\uFFFC]/

function runEnd(text: string, from: number): number {
  let end = from
  while (end < text.length && !URL_END.test(text[end] ?? '')) end += 1
  return end
}

/**
 * Characters after which readers disagree on where a bare URL ends (GitHub
 * runs to the next space; others stop at emphasis, brackets, parentheses,
 * quotes, code or a reference such as the sanitizer's own `&lt;`): a
 * mention past one is not taken to be inside the URL.
 */
const UNCERTAIN_URL_CHAR = /[_*~()[\]`'"\\&]/

/**
 * [start, end) of each URL GitHub links (after a valid preceder, with a
 * valid domain), up to a space, `<`, or a character where readers may
 * disagree that it goes on.
 */
export function linkedUrls(text: string): [number, number][] {
  const runs: [number, number][] = []
  for (const match of text.matchAll(URL_START)) {
    const start = match.index
    if (start < (runs.at(-1)?.[1] ?? 0)) continue
    if (start > 0 && !URL_PRECEDER.test(text[start - 1] ?? '')) continue
    const domain = domainEnd(text, start + match[0].length)
    if (domain === -1) continue
    let end = domain
    while (
      end < text.length &&
      !URL_END.test(text[end] ?? '') &&
      !UNCERTAIN_URL_CHAR.test(text[end] ?? '')
    ) {
      end += 1
    }
    runs.push([start, end])
  }
  return runs
}

/** [start, end) of anything that may be a URL GitHub links, whatever precedes it or its domain. */
export function urlRuns(text: string): [number, number][] {
  const runs: [number, number][] = []
  for (const match of text.matchAll(URL_START_ANY_CASE)) {
    if (match.index < (runs.at(-1)?.[1] ?? 0)) continue
    runs.push([match.index, runEnd(text, match.index + match[0].length)])
  }
  return runs
}

/**
 * When the `@` at `at` joins a local part (not reaching back past `floor`)
 * and a valid domain into an e-mail address GitHub links, the address's
 * end; otherwise -1.
 */
export function emailAt(text: string, at: number, floor: number): number {
  let local = at
  while (local > floor && LOCAL_CHAR.test(text[local - 1] ?? '')) {
    local -= 1
    if (at - local > MAX_PART) return -1
  }
  // Readers differ on local parts that start with punctuation or follow `@` or `/`: not taken as links.
  if (!/[A-Za-z0-9]/.test(text[local] ?? '') || local === at) return -1
  if (local > 0 && /[@/]/.test(text[local - 1] ?? '')) return -1
  return domainEnd(text, at + 1)
}
