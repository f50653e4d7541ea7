/**
 * GitHub's mention rule, as html-pipeline's MentionFilter and
 * TeamMentionFilter apply it to the rendered HTML: every text node outside
 * `pre`, `code`, `a`, `style` and `script` is searched, and an `@login` or
 * `@org/team` found there becomes a link that notifies.
 *
 * The patterns are Ruby's, case-insensitive; Ruby's `\W`, `\b` and `\w` are
 * ASCII-only, as JavaScript's are without the `u` flag. `^` and `$` are
 * line anchors in Ruby (the `m` flag here). The login is an atomic group in
 * Ruby (`(?>...)`): the negative look-ahead after it does the same, so the
 * login is never cut short to make the rest match.
 */

const USER_MENTION =
  /(?:^|\W)@([a-z0-9][a-z0-9-]*)(?![a-z0-9-])(?!\/)(?=\.+[ \t\W]|\.+$|[^0-9a-zA-Z_.]|$)/gim

const TEAM_MENTION = /(?<=^|\W)@([a-z0-9][a-z0-9-]*)\/([a-z0-9][a-z0-9\-_]*)\b/gim

/** Elements whose text the filters skip. */
export const MENTION_IGNORE_PARENTS: ReadonlySet<string> = new Set([
  'pre',
  'code',
  'a',
  'style',
  'script'
])

/** The `@login` and `@org/team` mentions GitHub would link in one text node. */
export function mentionsInText(text: string): string[] {
  if (!text.includes('@')) return []
  const users = Array.from(text.matchAll(USER_MENTION), (m) => `@${m[1] ?? ''}`)
  const teams = Array.from(text.matchAll(TEAM_MENTION), (m) => `@${m[1] ?? ''}/${m[2] ?? ''}`)
  return [...users, ...teams]
}
