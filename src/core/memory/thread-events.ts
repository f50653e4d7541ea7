/**
 * A review thread's comments read as events: the bot's root finding, the
 * bot's status replies (a reopening among them), the developer's replies and
 * bystanders' replies. A comment that moves nothing (another bot, a bot
 * reply without a status) is no event; when it looked like the bot's, why it
 * was left out goes to `ignored` for the debug log.
 */
import { readComment, type CommentReading, type IgnoredComment } from './bot-comments.js'
import type { ReviewCommentData } from '../pull-request/pr-data.js'
import { blockStatus, isReplyBlock, type ReplyKind, type ThreadStatus } from './rmcoc.js'
import { speakerOf, type DeveloperPredicate } from './speakers.js'
import type { DeveloperReply, ThreadState } from './run-state.js'

export type FindingAssessment = ThreadState['assessment']

export type ThreadEvent =
  /** The root comment: the bot's finding opens the thread. */
  | { readonly kind: 'finding'; readonly assessment: FindingAssessment }
  /** A bot reply that sets the status; `replyKind` is undefined for a heading without a block. */
  | {
      readonly kind: 'bot-status'
      readonly status: ThreadStatus
      readonly replyKind: Exclude<ReplyKind, 'reopening'> | undefined
    }
  /** The finding came back after a fix: a new round starts. */
  | { readonly kind: 'reopening'; readonly status: ThreadStatus }
  | { readonly kind: 'developer-reply'; readonly reply: DeveloperReply }
  | { readonly kind: 'bystander-reply'; readonly reply: DeveloperReply }

/** What reading one thread's comments needs, and where left-out comments are reported. */
export interface ThreadReading {
  readonly threadId: string
  readonly botLogins: readonly string[]
  /** Who the developer is; absent: every human (see speakerOf). */
  readonly isDeveloper?: DeveloperPredicate
  readonly ignored: IgnoredComment[]
}

function asReply(comment: ReviewCommentData): DeveloperReply {
  return {
    author: comment.author?.login ?? 'ghost',
    body: comment.body,
    timestamp: comment.createdAt
  }
}

function leaveOut(comment: ReviewCommentData, reading: ThreadReading, reason: string): undefined {
  reading.ignored.push({ commentId: comment.id, threadId: reading.threadId, reason })
  return undefined
}

/**
 * The root as the thread's first event. Undefined for a thread that is
 * plainly not the bot's (a user's thread without any rmcoc block); a root
 * that looks like the bot's but carries no finding is reported in `ignored`.
 */
export function rootFindingEvent(
  root: ReviewCommentData,
  reading: ThreadReading
): Extract<ThreadEvent, { kind: 'finding' }> | undefined {
  const comment = readComment(root, reading.botLogins)
  if (comment.origin !== 'bot') {
    return comment.problem === undefined ? undefined : leaveOut(root, reading, comment.problem)
  }
  if (comment.block?.kind !== 'finding') {
    return leaveOut(
      root,
      reading,
      comment.block === undefined
        ? `bot root comment ignored: ${comment.problem ?? 'no rmcoc block'}`
        : `bot root comment carries a "${comment.block.kind}" block, not a finding`
    )
  }
  const { kind: _kind, ...assessment } = comment.block
  return { kind: 'finding', assessment }
}

/** A bot reply's status: from its block, or from its heading when it has no block. */
function botReplyEvent(
  reply: ReviewCommentData,
  comment: Extract<CommentReading, { origin: 'bot' }>,
  reading: ThreadReading
): ThreadEvent | undefined {
  const block = comment.block
  const fromBlock = block === undefined ? undefined : blockStatus(block)
  const status = fromBlock ?? (block === undefined ? comment.heading : undefined)
  if (status === undefined) {
    const reason = comment.problem ?? `bot reply carries a "${block?.kind}" block, no status`
    return leaveOut(reply, reading, reason)
  }
  const replyKind = block !== undefined && isReplyBlock(block) ? block.kind : undefined
  if (replyKind === 'reopening') return { kind: 'reopening', status }
  return { kind: 'bot-status', status, replyKind }
}

/** What one reply after the root means for the thread; undefined when it moves nothing. */
export function replyEvent(
  reply: ReviewCommentData,
  reading: ThreadReading
): ThreadEvent | undefined {
  const comment = readComment(reply, reading.botLogins)
  if (comment.origin === 'bot') return botReplyEvent(reply, comment, reading)
  if (comment.problem !== undefined) leaveOut(reply, reading, comment.problem)
  const speaker = speakerOf(reply.author, reading.botLogins, reading.isDeveloper)
  if (speaker === 'bot') return undefined
  return speaker === 'bystander'
    ? { kind: 'bystander-reply', reply: asReply(reply) }
    : { kind: 'developer-reply', reply: asReply(reply) }
}
