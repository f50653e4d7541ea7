/**
 * What the agent's tools do, seen from the action process. The tool bridge
 * validates the model's arguments and calls this port; the orchestrator
 * implements it (policy, sanitizing, GitHub writes). Everything here is plain
 * data: the bridge renders results back to the model as JSON text.
 *
 * Argument names follow the tool signatures of the design document (snake
 * case, as the model writes them), so a value can be traced from the model's
 * request to GitHub without renaming.
 */

export type ThreadStatus = 'PENDING' | 'RESOLVED' | 'DISPUTED' | 'ESCALATED'

/** The structured part of a finding, embedded in the comment as an rmcoc block. */
export interface Assessment {
  /** One sentence: what was found. */
  readonly finding: string
  /** Why it matters and its impact. */
  readonly assessment: string
  /** Severity, an integer from 1 to 10 (the rubric). */
  readonly score: number
}

export interface DeveloperReply {
  readonly author: string
  readonly body: string
  readonly timestamp: string
}

export interface RunStateThread {
  readonly id: string
  readonly file: string
  readonly line: number
  readonly status: ThreadStatus
  readonly score: number
  readonly assessment: Assessment
  readonly developer_replies?: readonly DeveloperReply[]
}

/** github_get_run_state(): the review state rebuilt from the PR's threads. */
export interface RunState {
  readonly threads: readonly RunStateThread[]
  readonly metadata: Readonly<Record<string, unknown>>
}

export interface PostReviewCommentArgs {
  readonly file: string
  readonly line: number
  readonly body: string
  readonly assessment: Assessment
  /** Free-form category such as "security" or "performance". */
  readonly category?: string
}

/**
 * Posting can legitimately not happen: the score is below the threshold, the
 * finding duplicates an open thread, or the line is not in the diff. The
 * model is told which, so it does not retry blindly.
 */
export type PostReviewCommentResult =
  | { readonly status: 'posted'; readonly thread_id: string }
  | {
      readonly status: 'filtered' | 'duplicate' | 'rejected'
      readonly reason: string
      /** The existing thread a duplicate belongs to. */
      readonly thread_id?: string
    }

export interface ReplyToThreadArgs {
  readonly thread_id: string
  readonly body: string
  readonly is_concession: boolean
}

export interface ResolveThreadArgs {
  readonly thread_id: string
  readonly reason: string
}

export interface SubmitPassResultsArgs {
  /** 1 to 4. */
  readonly pass_number: number
  readonly summary: string
  readonly has_blocking_issues: boolean
}

/** Outcome of a tool that changes state but has nothing else to return. */
export interface ToolAck {
  readonly ok: true
  /** Optional note for the model (e.g. "already resolved"). */
  readonly note?: string
}

/**
 * Implemented by the orchestrator. A method that throws is reported to the
 * model as a failed tool call with the error's message; it never crashes the
 * bridge. Throw messages the model can act on.
 */
export interface ReviewTools {
  getRunState(): Promise<RunState>
  postReviewComment(args: PostReviewCommentArgs): Promise<PostReviewCommentResult>
  replyToThread(args: ReplyToThreadArgs): Promise<ToolAck>
  resolveThread(args: ResolveThreadArgs): Promise<ToolAck>
  submitPassResults(args: SubmitPassResultsArgs): Promise<ToolAck>
}
