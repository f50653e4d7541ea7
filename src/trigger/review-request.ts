/** What the trigger stage hands to the review engine. */
export type TriggerKind = 'pull_request' | 'mention' | 'workflow_dispatch'

export interface ReviewRequest {
  readonly owner: string
  readonly repo: string
  readonly prNumber: number
  readonly trigger: TriggerKind
  /** Login of whoever caused this run (PR author, commenter, dispatcher). */
  readonly actor: string
  /** Head commit from the event, when the event carries one. */
  readonly headSha?: string
  /** The triggering comment, for mention triggers. */
  readonly commentId?: number
}

export type TriggerDecision =
  | { readonly kind: 'review'; readonly request: ReviewRequest; readonly authorize: boolean }
  | { readonly kind: 'skip'; readonly reason: string; readonly notice?: string }
