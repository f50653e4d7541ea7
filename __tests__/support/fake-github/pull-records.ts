/**
 * The records a pull request holds in the fake, built from what a request
 * or a seed gave: a review thread, a review comment in it, a conversation
 * comment, a review. The state allocates their ids and resolves their
 * authors; these shape the record as GitHub would (node ids, an original
 * line that defaults to the line, timestamps).
 */
import {
  SEEDED_AT,
  timestamp,
  type FakeActor,
  type FakeIssueComment,
  type FakeReview,
  type FakeReviewComment,
  type FakeThread,
  type NewComment,
  type SeedComment
} from './pull-state.js'

/** A thread, still without comments, placed where its root `comment` is. */
export function newThread(
  id: number,
  comment: NewComment,
  flags: { isResolved?: boolean; isOutdated?: boolean }
): FakeThread {
  return {
    id: `PRRT_${id}`,
    path: comment.path,
    line: comment.line,
    originalLine: comment.originalLine === undefined ? comment.line : comment.originalLine,
    subjectType: comment.subjectType,
    isResolved: flags.isResolved ?? false,
    isOutdated: flags.isOutdated ?? false,
    comments: []
  }
}

/** A review comment in `thread`, answering `inReplyToId` when it is a reply. */
export function newReviewComment(
  id: number,
  thread: FakeThread,
  comment: NewComment,
  inReplyToId?: number
): FakeReviewComment {
  return {
    id,
    nodeId: `PRRC_${id}`,
    threadId: thread.id,
    author: comment.author,
    body: comment.body,
    path: comment.path,
    line: comment.line,
    originalLine: comment.originalLine === undefined ? comment.line : comment.originalLine,
    side: comment.side,
    subjectType: comment.subjectType,
    commitId: comment.commitId,
    reviewId: comment.reviewId,
    createdAt: comment.createdAt ?? timestamp(),
    ...(inReplyToId === undefined ? {} : { inReplyToId })
  }
}

/** A conversation comment; a seeded one is "old" unless it says when. */
export function newIssueComment(
  id: number,
  author: FakeActor,
  seed: SeedComment
): FakeIssueComment {
  const createdAt = seed.createdAt ?? SEEDED_AT
  return {
    id,
    nodeId: `IC_${id}`,
    author,
    body: seed.body,
    createdAt,
    updatedAt: createdAt
  }
}

/** A review of `commitId`; a PENDING one has not been submitted yet. */
export function newReview(
  id: number,
  author: FakeActor,
  commitId: string,
  seed: { state: string; body?: string; authorAssociation?: string }
): FakeReview {
  return {
    id,
    nodeId: `PRR_${id}`,
    author,
    state: seed.state,
    body: seed.body ?? '',
    authorAssociation: seed.authorAssociation ?? 'CONTRIBUTOR',
    submittedAt: seed.state === 'PENDING' ? null : SEEDED_AT,
    commitId
  }
}
