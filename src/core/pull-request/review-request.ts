/** What the trigger stage hands to the review engine. */

/**
 * `reply` asks for a threads-only run: answer the thread the reply sits in,
 * no four-pass review.
 */
export type TriggerKind = 'pull_request' | 'mention' | 'workflow_dispatch' | 'reply'

export interface ReviewRequest {
  readonly owner: string
  readonly repo: string
  readonly prNumber: number
  readonly trigger: TriggerKind
  /** Login of whoever caused this run (PR author, commenter, dispatcher, replier). */
  readonly actor: string
  /** Head commit from the event, when the event carries one. */
  readonly headSha?: string
  /** For a push to the PR (pull_request synchronize): the head before it. */
  readonly beforeSha?: string
  /** The triggering comment's REST id: the mention, or the reply. */
  readonly commentId?: number
  /** For replies: the REST id of the review comment replied to (comment.in_reply_to_id). */
  readonly inReplyToId?: number
  /**
   * For replies: whether the replier speaks for the PR (its author or a write
   * collaborator). A bystander's reply is never answered, but it still
   * reaches the engine: it may have displaced a waiting review of a new
   * head, which the engine then runs.
   */
  readonly replyBy?: 'developer' | 'bystander'
  /**
   * Fix mode after the review, asked by a `fix` mention (fix mode also runs
   * with the `auto_fix` input, which needs no request).
   */
  readonly fix?: true
}

export type TriggerDecision =
  | { readonly kind: 'review'; readonly request: ReviewRequest; readonly authorize: boolean }
  | { readonly kind: 'skip'; readonly reason: string; readonly notice?: string }
