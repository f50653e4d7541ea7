/**
 * How a dispute ends when the bot and the developer still disagree, applied by code, not
 * by the model: when the developer rejects the bot's rebuttal again, a human
 * reviewer decides (ESCALATED, reviewers asked by @login) or, when the PR has
 * none, the developer's opinion wins and the thread is resolved.
 *
 * The @-mentions of the reviewers are the one deliberate notification the bot
 * sends, so they are added by `compose` after sanitizing (which defuses every
 * mention in the quoted, untrusted text) and only for logins that look like
 * GitHub logins or teams.
 */
import { isBotLogin } from './bot-comments.js'
import { normalizeLogin } from '../names/login.js'
import type { PullRequestData } from '../pull-request/pr-data.js'
import { ESCALATED_HEADING, formatBotComment, RESOLVED_HEADING, type ReplyBlock } from './rmcoc.js'
import { sanitizeComment, type SanitizeOptions } from '../text-safety/sanitize.js'
import type { ThreadState } from './run-state.js'

/** A user login, or a team as "org/team-slug". */
const MENTIONABLE =
  /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}(?:\/[A-Za-z0-9][A-Za-z0-9_.-]*)?$/
/** How much of the developer's latest reply the escalation quotes. */
const QUOTE_CHARS = 1000
const SUBMITTED = new Set(['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED', 'DISMISSED'])

export type DisputeActionKind = 'escalate' | 'developers-call'

export interface DisputeAction {
  readonly kind: DisputeActionKind
  readonly thread: ThreadState
  /** Complete reply body (sanitized, rmcoc block, marker): reply to `thread.root_comment_id`. */
  readonly body: string
  /** True when the thread is to be resolved after the reply (the developer's call). */
  readonly resolve: boolean
}

/**
 * The developer rejected the bot's rebuttal again: the bot still disputes,
 * at least one rebuttal was answered back, and the developer spoke last.
 * ESCALATED (and RESOLVED) threads never match, so they are not touched again;
 * nor do summary-only findings, which have no thread to argue in.
 */
export function isRejectedAgain(thread: ThreadState): boolean {
  return (
    thread.origin !== 'summary' &&
    thread.status === 'DISPUTED' &&
    thread.rejected_rebuttals >= 1 &&
    thread.last_word === 'developer'
  )
}

/**
 * People who can settle a dispute: requested reviewers (users and teams) and
 * humans who submitted a review, minus the PR author and any bot. In order of
 * first appearance, each once (logins compare normalized).
 */
export function humanReviewers(pr: PullRequestData, botLogins: readonly string[]): string[] {
  const author = pr.author === null ? undefined : normalizeLogin(pr.author.login)
  const seen = new Set<string>()
  const result: string[] = []
  const add = (login: string, isBot: boolean) => {
    const key = normalizeLogin(login)
    if (key === author || seen.has(key) || !MENTIONABLE.test(login.trim())) return
    if (isBot || /\[bot\]$/i.test(login) || isBotLogin({ login, isBot }, botLogins)) return
    seen.add(key)
    result.push(login.trim())
  }
  for (const login of pr.requestedReviewers) add(login, false)
  for (const review of pr.reviews) {
    if (review.author === null || review.submittedAt === null) continue
    if (!SUBMITTED.has(review.state)) continue
    add(review.author.login, review.author.isBot)
  }
  return result
}

function quote(text: string): string {
  const trimmed = text.trim()
  const cut = trimmed.length > QUOTE_CHARS ? `${trimmed.slice(0, QUOTE_CHARS)} …` : trimmed
  return cut
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n')
}

/** The disagreement in a few lines; untrusted parts are sanitized by the caller. */
function describeDisagreement(thread: ThreadState): string {
  const where = thread.line === null ? thread.file : `${thread.file}:${thread.line}`
  const rounds = thread.rejected_rebuttals
  const latest = thread.developer_replies.at(-1)
  const parts = [
    `The bot and the developer still disagree on this finding after ${rounds} rejected ${rounds === 1 ? 'rebuttal' : 'rebuttals'}.`,
    `**Finding** (${where}, score ${thread.score}): ${thread.assessment.finding}`,
    `**Bot's assessment:** ${thread.assessment.assessment}`
  ]
  if (latest !== undefined) {
    parts.push(`**Latest reply by ${latest.author}:**\n\n${quote(latest.body)}`)
  }
  return parts.join('\n\n')
}

function reply(
  text: string,
  block: ReplyBlock,
  heading: string,
  ask: string,
  opts: SanitizeOptions
) {
  return sanitizeComment({
    ...opts,
    text,
    // The heading first, so formatBotComment does not add a second one; the
    // ask last, outside sanitizing, because its mentions are meant to notify.
    compose: (t) => formatBotComment(`${heading}\n\n${t}${ask === '' ? '' : `\n\n${ask}`}`, block)
  })
}

/**
 * One action per thread whose dispute the developer rejected again: an
 * escalation to `reviewers` when there are any, otherwise the developer's
 * call (a "developers-call" reply, then resolve). Other threads get no action.
 */
export function settleDisputes(
  threads: readonly ThreadState[],
  reviewers: readonly string[],
  options: SanitizeOptions = {}
): DisputeAction[] {
  const mentions = reviewers.filter((login) => MENTIONABLE.test(login)).map((l) => `@${l}`)
  return threads.filter(isRejectedAgain).map((thread): DisputeAction => {
    const disagreement = describeDisagreement(thread)
    if (mentions.length > 0) {
      const ask = `${mentions.join(', ')}: please decide whether this finding stands. The bot will not reply in this thread again.`
      return {
        kind: 'escalate',
        thread,
        body: reply(
          disagreement,
          { kind: 'escalation', status: 'ESCALATED' },
          ESCALATED_HEADING,
          ask,
          options
        ),
        resolve: false
      }
    }
    const text = `The developer's position stands: this PR has no human reviewer to settle the disagreement, so the developer's call decides and this thread is resolved.\n\n${disagreement}`
    return {
      kind: 'developers-call',
      thread,
      // Its own kind, so later runs know a decision closed it (not a fix) and never raise it again.
      body: reply(
        text,
        { kind: 'developers-call', status: 'RESOLVED' },
        RESOLVED_HEADING,
        '',
        options
      ),
      resolve: true
    }
  })
}
