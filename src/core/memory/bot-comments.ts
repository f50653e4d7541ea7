/**
 * Which comments are the bot's own. A comment counts only when its author is
 * one of `bot_logins` AND it carries the hidden marker: a block pasted into a
 * user's comment, or another workflow's `github-actions[bot]` comment without
 * the marker, is never trusted.
 */
import { BOT_MARKER } from '../names/marker.js'
import { normalizeLogin } from '../names/login.js'
import type { Author } from '../pull-request/pr-data.js'
import { headingStatus, parseRmcoc, type RmcocBlock } from './rmcoc.js'

const BOT_SUFFIX = /\[bot\]$/i

export interface CommentLike {
  readonly author: Author | null
  readonly body: string
}

/** Why a comment was left out of the state; for debug logs. */
export interface IgnoredComment {
  readonly commentId: number
  readonly threadId?: string
  readonly reason: string
}

export function hasBotMarker(body: string): boolean {
  return body.includes(BOT_MARKER)
}

/**
 * True when the author is one of the configured bot logins. Logins compare
 * in normalised form (GraphQL drops the `[bot]` suffix). A configured login
 * WITH the suffix names an App, so the author must also be a bot account:
 * a user who registered the bare name `opencode-reviewer` is not the App
 * `opencode-reviewer[bot]`.
 */
export function isBotLogin(author: Author | null, botLogins: readonly string[]): boolean {
  if (author === null) return false
  const login = normalizeLogin(author.login)
  const authorIsBot = author.isBot || BOT_SUFFIX.test(author.login.trim())
  return botLogins.some(
    (configured) =>
      normalizeLogin(configured) === login && (authorIsBot || !BOT_SUFFIX.test(configured.trim()))
  )
}

export type CommentReading =
  /** The bot's own comment. `block` is absent when it had none or a bad one (see `problem`). */
  | {
      readonly origin: 'bot'
      readonly block?: RmcocBlock
      readonly heading?: 'RESOLVED' | 'ESCALATED'
      readonly problem?: string
    }
  /** Anyone else; `problem` says why an rmcoc-looking comment was not trusted. */
  | { readonly origin: 'other'; readonly problem?: string }

/** Classifies one comment; never throws. */
export function readComment(comment: CommentLike, botLogins: readonly string[]): CommentReading {
  const marked = hasBotMarker(comment.body)
  if (!isBotLogin(comment.author, botLogins)) {
    const carriesBlock = marked || comment.body.includes('```rmcoc')
    return carriesBlock
      ? {
          origin: 'other',
          problem: `author ${JSON.stringify(comment.author?.login ?? null)} is not in bot_logins; its rmcoc block is not trusted`
        }
      : { origin: 'other' }
  }
  if (!marked) {
    return {
      origin: 'other',
      problem: `comment by ${JSON.stringify(comment.author?.login)} lacks the bot marker (another workflow's comment?)`
    }
  }
  const parsed = parseRmcoc(comment.body)
  const heading = headingStatus(comment.body)
  return {
    origin: 'bot',
    ...(parsed.ok ? { block: parsed.block } : { problem: `${parsed.reason}: ${parsed.detail}` }),
    ...(heading === undefined ? {} : { heading })
  }
}
