/**
 * One secret rule: a family name and the regular-expression source of its
 * shape. Rules are data; compileRule adds the token boundaries they all share.
 */

/** [family, pattern source, extra flags (e.g. 'i')]. A `(?<secret>…)` group, if any, is all that is redacted. */
export type SecretRule = readonly [family: string, pattern: string, flags?: string]

/**
 * A token starts where a word does not go on: after a character that is not an
 * ASCII letter or digit (`(?<![A-Za-z0-9])`, not `\b`, so `_`, `-` and
 * non-ASCII text count as edges), or right after an escape whose last
 * character is a letter or digit glued to the token: a C/JSON escape (`\t`,
 * `\n`, `\u0009`, `\x09`, `\011`), a URL escape (`%22`), or a terminal colour
 * code (`\x1b[31m`, whose ESC may have been written or stripped).
 *
 * The edge is consumed rather than looked behind: a leading lookbehind stops
 * the regex engine from skipping ahead cheaply (~10× slower), and a check after
 * the match would let a pattern start inside every word of a long run.
 */
const LEAD = String.raw`(?:^|[^A-Za-z0-9]|\\[abefnrtv0]|\\u[0-9A-Fa-f]{4}|\\x[0-9A-Fa-f]{2}|\\[0-7]{3}|%[0-9A-Fa-f]{2}|\[[0-9;?]{0,16}[A-Za-z])`

/** A token ends before anything that is not an ASCII letter or digit (so a trailing `_` is an edge). */
const TRAIL = '(?![A-Za-z0-9])'

export interface CompiledRule {
  readonly family: string
  readonly regex: RegExp
}

/** Wraps the rule's pattern in the token edges; global, with match indices for the token and secret groups. */
export function compileRule([family, pattern, flags = '']: SecretRule): CompiledRule {
  return { family, regex: new RegExp(`${LEAD}(?<token>${pattern})${TRAIL}`, `gd${flags}`) }
}

/**
 * The [start, end) ranges of every match of the rule in `text`: the secret
 * group's, or the token's. The search resumes at the token's end, so the
 * character after one token can be the edge before the next.
 */
export function matchRanges({ regex }: CompiledRule, text: string): [number, number][] {
  const ranges: [number, number][] = []
  regex.lastIndex = 0
  for (let match = regex.exec(text); match; match = regex.exec(text)) {
    const token = match.indices?.groups?.token
    const range = match.indices?.groups?.secret ?? token
    if (range && range[1] > range[0]) ranges.push([range[0], range[1]])
    regex.lastIndex = Math.max(token?.[1] ?? 0, match.index + 1)
  }
  return ranges
}
