/**
 * The commit message of one round's fix, as createCommitOnBranch takes it:
 * a headline such as `Fix 2 review findings (round 1)` (always well under
 * 72 characters) and a body with one line per fixed finding:
 * `- F2@12 src/a.ts:12: <the fixer's description>`.
 *
 * The descriptions are model text and GitHub shows commit bodies linked:
 * each line is made one line, without hidden or control characters, with
 * secrets and raw diffs redacted and every `@` that could start a mention
 * defused, as the outgoing sanitizer does for plain text; then capped. The
 * id and path pass the same rule (`F2@12` reads as a mention of `12`).
 * Issue references (`#12`, `GH-12`) are defused the same way, with a word
 * joiner: a closing keyword in a merged commit ("fixes #12") would close
 * that issue, and any reference would list the commit on it.
 */
import { WORD_JOINER } from '../text-safety/hidden-characters.js'
import { sanitizePlainText } from '../text-safety/sanitize.js'
import type { FixCandidate } from './fix-types.js'

/** Most characters of one fixer description in the body. */
export const MAX_DESCRIPTION_CHARS = 200

export interface CommittedFix {
  readonly candidate: FixCandidate
  /** The fixer's one-line description (untrusted). */
  readonly description: string
}

export interface CommitMessage {
  readonly headline: string
  readonly body: string
}

/** Untrusted text as one safe line of at most `max` characters. */
export function commitLine(text: string, max: number, secrets: readonly string[] = []): string {
  const line = sanitizePlainText(text, { secrets })
    .replace(/\s+/g, ' ')
    .replace(/(#|\bGH-)(?=[0-9])/gi, `$1${WORD_JOINER}`)
    .trim()
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`
}

const place = (c: FixCandidate): string => (c.line === null ? c.path : `${c.path}:${c.line}`)

/** The message for the fixes of `round`; `fixes` in the order the body should list them. */
export function fixCommitMessage(
  round: number,
  fixes: readonly CommittedFix[],
  secrets: readonly string[] = []
): CommitMessage {
  const count = fixes.length
  const headline = `Fix ${count} review finding${count === 1 ? '' : 's'} (round ${round})`
  const lines = fixes.map(({ candidate, description }) => {
    const text = commitLine(description, MAX_DESCRIPTION_CHARS, secrets)
    // The id and path are the bot's own data, the path the PR's: both pass the same rule.
    return `- ${commitLine(`${candidate.id} ${place(candidate)}: ${text}`, 600, secrets)}`
  })
  return { headline, body: lines.join('\n') }
}
