/**
 * Does a comment body mention the trigger phrase as a standalone mention?
 *
 * Not a mention: `x@review-my-code-bot` (an e-mail-like prefix),
 * `@review-my-code-botx` (a longer handle), a mention inside a quote
 * (`> ...` lines), an inline code span, a fenced code block or an HTML
 * comment. Quoting the bot must not re-trigger it.
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Removes fenced code blocks (``` or ~~~), keeping line structure. */
function stripFences(body: string): string {
  const out: string[] = []
  let fence: string | undefined
  for (const line of body.split(/\r?\n/)) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence === undefined && marker) {
      fence = marker
      out.push('')
      continue
    }
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined
      out.push('')
      continue
    }
    out.push(line)
  }
  return out.join('\n')
}

/** Visible, unquoted prose of a markdown comment. */
export function unquotedProse(body: string): string {
  const noComments = body.replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
  return stripFences(noComments)
    .split('\n')
    .filter((line) => !/^\s{0,3}>/.test(line))
    .join('\n')
    .replace(/(`+)[\s\S]*?\1/g, ' ')
}

/** A standalone mention of `phrase`: not part of an address, a longer handle or a bot login. */
function mentionPattern(phrase: string, after = ''): RegExp {
  const handle = escapeRegExp(phrase.toLowerCase())
  // Before: start or a character that cannot belong to a login or address.
  // After: end or a character that cannot continue a login.
  return new RegExp(`(?:^|[^A-Za-z0-9_.+\\-@/])${handle}(?![A-Za-z0-9_\\-]|\\[bot\\])${after}`, 'm')
}

export function mentionsTrigger(body: string, phrase: string): boolean {
  return mentionPattern(phrase).test(unquotedProse(body).toLowerCase())
}

/**
 * What a mention asks for: `fix` when the word right after a standalone
 * mention is "fix" (`@review-my-code-bot fix`, any case, then the end, a
 * space or punctuation), else a review. Quotes, code and HTML comments do
 * not count, as for the mention itself.
 */
export function mentionCommand(body: string, phrase: string): 'fix' | 'review' {
  const fix = mentionPattern(phrase, '[ \\t]+fix(?![A-Za-z0-9_\\-])')
  return fix.test(unquotedProse(body).toLowerCase()) ? 'fix' : 'review'
}
