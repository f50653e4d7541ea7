/**
 * Where the team's memory lives on GitHub: ONE issue the bot keeps in the
 * repository, one comment per entry. The store moves issues and comment
 * bodies; what a body means (learnings, outcomes) is core's business.
 *
 * A token without the permission (403, or 404 where GitHub hides what the
 * token may not see) and a repository with issues turned off (410) come back
 * as `forbidden` with a warning, never thrown: the run warns once and reviews
 * without memory. Other failures (GitHub erring after retries, an answer of
 * an unexpected shape) are thrown.
 */
import type { Author } from '../core/pull-request/pr-data.js'

/** The permission keeping the memory issue needs with the Actions token. */
export const MEMORY_ISSUE_PERMISSION = 'issues: write'

/** The permission reading reactions on review comments needs with the Actions token. */
export const REACTION_READ_PERMISSION = 'pull-requests: read'

/**
 * The bot's memory issue. A closed one is still the memory: it is found, read
 * and written like an open one (closing it does not make the bot forget;
 * deleting its comments does).
 */
export interface MemoryIssueRef {
  readonly number: number
  readonly url: string
  readonly state: 'open' | 'closed'
}

/** One comment on the memory issue, whoever wrote it. */
export interface MemoryComment {
  /** REST id: edit it. */
  readonly id: number
  readonly body: string
  /** null for a deleted account ("ghost"). */
  readonly author: Author | null
  readonly createdAt: string
  readonly updatedAt: string
  readonly url: string
}

export interface MemoryStoreForbidden {
  readonly kind: 'forbidden'
  /** Names what was refused, GitHub's answer and the permission to grant; for the job log. */
  readonly warning: string
}

export type FindMemoryIssueResult =
  | { readonly kind: 'found'; readonly issue: MemoryIssueRef }
  | { readonly kind: 'missing' }
  | MemoryStoreForbidden

export type CreateMemoryIssueResult =
  { readonly kind: 'created'; readonly issue: MemoryIssueRef } | MemoryStoreForbidden

export type MemoryCommentsResult =
  { readonly kind: 'listed'; readonly comments: readonly MemoryComment[] } | MemoryStoreForbidden

export type MemoryCommentWrite =
  { readonly kind: 'written'; readonly comment: MemoryComment } | MemoryStoreForbidden

/** An edit of a comment someone deleted (the team made the bot forget it) answers `gone`. */
export type MemoryCommentUpdate = MemoryCommentWrite | { readonly kind: 'gone' }

export interface ThumbsDownReaction {
  readonly login: string
  /** ISO 8601. */
  readonly createdAt: string
}

export type ThumbsDownResult =
  | {
      /** Who reacted 👎 (REST login) and when, oldest reaction first; [] for a deleted comment. */
      readonly kind: 'listed'
      readonly reactions: readonly ThumbsDownReaction[]
    }
  | MemoryStoreForbidden

export interface TeamMemoryStore {
  /**
   * The bot's own memory issue: created by one of the bot's logins AND
   * carrying the bot marker and the memory-issue marker; open or closed.
   * When there are several, the oldest. 'missing' when there is none.
   */
  findMemoryIssue(): Promise<FindMemoryIssueResult>
  /** Opens the memory issue (title, explanation, markers); call after findMemoryIssue said 'missing'. */
  createMemoryIssue(): Promise<CreateMemoryIssueResult>
  /** Every comment on the memory issue, oldest first, through one paginated read. */
  listMemoryComments(issue: MemoryIssueRef): Promise<MemoryCommentsResult>
  /** A new comment on the memory issue, created at most once even when GitHub errs. */
  postMemoryComment(issue: MemoryIssueRef, body: string): Promise<MemoryCommentWrite>
  /** Replaces a comment's body. */
  updateMemoryComment(commentId: number, body: string): Promise<MemoryCommentUpdate>
  /** Who reacted 👎 to the pull-request review comment `commentId` (a bot finding). */
  listThumbsDown(commentId: number): Promise<ThumbsDownResult>
}
