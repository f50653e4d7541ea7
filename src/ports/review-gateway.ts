/**
 * Everything the review orchestrator reads from and writes to GitHub for ONE
 * pull request. The adapter (src/github/) maps API responses into the plain
 * shapes of core/pr-data.ts and turns recoverable API failures into results
 * the caller can act on, so a finding is never silently lost.
 */
import type { CheckRunAnnotation } from '../core/reports/check-annotations.js'
import type {
  ChangedFile,
  CheckRunData,
  IssueCommentData,
  PullRequestData,
  ReviewThreadData
} from '../core/pull-request/pr-data.js'

/** Which pull request a gateway talks about. */
export interface PullRequestRef {
  readonly owner: string
  readonly repo: string
  readonly number: number
}

/** A comment GitHub accepted. */
export interface PostedComment {
  /** REST id: reply to it, edit it. */
  readonly id: number
  readonly nodeId: string
  readonly url: string
}

export type DiffSide = 'LEFT' | 'RIGHT'

/** A comment meant for one line of the diff. */
export interface LineComment {
  readonly path: string
  readonly line: number
  /** RIGHT = the new version (default), LEFT = the old one. */
  readonly side?: DiffSide
  readonly body: string
}

/**
 * Where a finding ended up. GitHub refuses comments on lines outside the
 * diff (422); the gateway then tries the file, and when even that fails the
 * caller must put the finding into the summary comment.
 */
export type CommentPlacement =
  | { readonly placed: 'line'; readonly comment: PostedComment }
  | { readonly placed: 'file'; readonly comment: PostedComment; readonly reason: string }
  | { readonly placed: 'summary'; readonly reason: string }

export interface ReviewPostResult {
  /** Review id when GitHub accepted the batch as one review; undefined after a fallback. */
  readonly reviewId: number | undefined
  /**
   * Why the comments went one by one instead (the batch was rejected whole,
   * or its outcome was unknown); undefined when the batch went through.
   */
  readonly fallbackReason: string | undefined
  /** One placement per requested comment, in request order. */
  readonly placements: readonly CommentPlacement[]
}

/** The permissions resolving a thread may need with the Actions token. */
export const RESOLVE_PERMISSIONS = 'contents: write and pull-requests: write'

export type ResolveResult =
  | { readonly kind: 'resolved' }
  | {
      /** The token may not resolve threads: a resolution reply was posted instead (when asked). */
      readonly kind: 'forbidden'
      readonly reply: PostedComment | undefined
      /** Names the missing permission; meant for the job log and the summary. */
      readonly warning: string
    }

/** The check run that records a completed review on the head it reviewed. */
export interface CheckRunInput {
  readonly headSha: string
  readonly name: string
  /** output.title */
  readonly title: string
  /** output.summary (markdown, at most 65,535 characters) */
  readonly summary: string
  /** output.text: carries the run record (rmcoc block + marker). */
  readonly text: string
  readonly conclusion: 'success' | 'neutral' | 'action_required' | 'failure'
  /** Any number: GitHub takes 50 per request, the rest are appended by updates. */
  readonly annotations?: readonly CheckRunAnnotation[]
}

/** The review's check run as it starts: in_progress, linking the workflow run. */
export interface CheckRunStart {
  readonly headSha: string
  readonly name: string
  /** details_url: the workflow run doing the review. */
  readonly detailsUrl: string
  readonly title: string
  readonly summary: string
}

/** What completes a started check run. */
export type CheckRunCompletion = Omit<CheckRunInput, 'headSha' | 'name'>

export type CheckRunUpdate =
  | {
      readonly kind: 'updated'
      readonly id: number
      readonly url: string
      /** Annotations GitHub took; fewer than asked when appending failed (the log says why). */
      readonly annotationsSent: number
    }
  | { readonly kind: 'forbidden'; readonly warning: string }

/** The permission a check run needs with the Actions token. */
export const CHECK_RUN_PERMISSION = 'checks: write'

export type CheckRunResult =
  | { readonly kind: 'created'; readonly id: number; readonly url: string }
  | {
      /** The token may not create check runs (403/404): nothing was written. */
      readonly kind: 'forbidden'
      /** Names the missing permission; meant for the job log and the summary. */
      readonly warning: string
    }

/** The comment that asked for a run: a conversation comment (a mention) or a review comment (a reply). */
export interface TriggerComment {
  readonly kind: 'issue' | 'review'
  /** REST id */
  readonly id: number
}

/** The permission a reaction needs with the Actions token. */
export const REACTION_PERMISSION = 'pull-requests: write'

export type ReactionResult =
  | { readonly kind: 'added' }
  | {
      /** The token may not react (403): nothing was written. */
      readonly kind: 'forbidden'
      /** Names the missing permission; meant for the job log. */
      readonly warning: string
    }
  /** Any other failure (the comment is gone, GitHub erred); the reason is GitHub's. */
  | { readonly kind: 'failed'; readonly reason: string }

export interface ReviewGateway {
  readonly pullRequest: PullRequestRef

  /** PR metadata with its reviews. */
  getPullRequest(): Promise<PullRequestData>
  /** Every changed file, through the paginated files API. */
  listChangedFiles(): Promise<ChangedFile[]>
  /** Files changed between two commits; undefined when GitHub cannot compare them (force-push). */
  compareFiles(base: string, head: string): Promise<ChangedFile[] | undefined>
  /** A file's text at a ref (e.g. the BASE branch); undefined when there is no such file. */
  readFile(path: string, ref: string): Promise<string | undefined>
  /**
   * The files directly in `directory` at a ref, as repository paths
   * ("dir/name"), without subdirectories, symlinks or submodules; [] when
   * there is no such directory.
   */
  listFiles(directory: string, ref: string): Promise<string[]>
  /** SHAs of the PR's commits, oldest first (GitHub lists at most 250). */
  listCommits(): Promise<string[]>
  /**
   * Completed and running check runs named `name` on commit `sha`; [] when
   * there are none, the commit is unknown, or the token may not read checks.
   */
  listCheckRuns(sha: string, name: string): Promise<CheckRunData[]>
  /** Every review thread with every comment, oldest first. */
  listReviewThreads(): Promise<ReviewThreadData[]>
  /** Every conversation comment, oldest first. */
  listIssueComments(): Promise<IssueCommentData[]>

  /** One comment on a line of `commitId`, degrading to file level, then to "summary". */
  postLineComment(commitId: string, comment: LineComment): Promise<CommentPlacement>
  /** A comment on a whole file (subject_type file), degrading to "summary". */
  postFileComment(commitId: string, path: string, body: string): Promise<CommentPlacement>
  /** Several line comments as one review (event COMMENT); never loses one to another's bad line. */
  postReview(
    commitId: string,
    comments: readonly LineComment[],
    body?: string
  ): Promise<ReviewPostResult>
  /** A reply in the thread whose comment has REST id `commentId`. */
  replyToThread(commentId: number, body: string): Promise<PostedComment>
  /**
   * Resolves a thread. When the token may not, posts `fallbackReply` (if
   * given) as a reply to `fallbackReply.commentId` and says what is missing.
   */
  resolveThread(
    threadId: string,
    fallbackReply?: { readonly commentId: number; readonly body: string }
  ): Promise<ResolveResult>
  /** Reopens a resolved thread (regression); 'forbidden' says what permission is missing. */
  unresolveThread(threadId: string): Promise<ResolveResult>
  /** A completed check run on `headSha` (the run record); 'forbidden' without checks: write. */
  createCheckRun(input: CheckRunInput): Promise<CheckRunResult>
  /** An in_progress check run on `headSha`; 'forbidden' without checks: write. */
  startCheckRun(input: CheckRunStart): Promise<CheckRunResult>
  /** Completes the check run `checkRunId`, its annotations 50 per request; 'forbidden' without checks: write. */
  completeCheckRun(checkRunId: number, input: CheckRunCompletion): Promise<CheckRunUpdate>
  /** A conversation comment (the run summary). */
  postIssueComment(body: string): Promise<PostedComment>
  /** Replaces the body of a conversation comment (editing is idempotent). */
  updateIssueComment(commentId: number, body: string): Promise<PostedComment>
  /**
   * 👀 on the comment that asked for this run, so its author sees it was
   * heard. Never throws: feedback must not fail a review.
   */
  addEyesReaction(comment: TriggerComment): Promise<ReactionResult>
}
