/** ReviewGateway over Octokit: the reads and writes of one pull request. */
import type {
  ChangedFile,
  CheckRunData,
  IssueCommentData,
  PullRequestData,
  ReviewThreadData
} from '../core/pull-request/pr-data.js'
import type {
  CheckRunCompletion,
  CheckRunInput,
  CheckRunResult,
  CheckRunStart,
  CheckRunUpdate,
  CommentPlacement,
  LineComment,
  PostedComment,
  PullRequestRef,
  ResolveResult,
  ReactionResult,
  ReviewGateway,
  ReviewPostResult,
  TriggerComment
} from '../ports/review-gateway.js'
import { completeCheckRun } from './check-run-update.js'
import { createCheckRun, startCheckRun } from './check-run-writer.js'
import { listCheckRuns } from './check-runs.js'
import { listCommits } from './commits.js'
import { compareFiles, listChangedFiles, listFiles, readFile } from './files.js'
import { postIssueComment, updateIssueComment } from './issue-comment-writer.js'
import { listIssueComments } from './issue-comments.js'
import { postFileComment, postLineComment } from './line-comments.js'
import type { GitHubClient } from './octokit.js'
import { getPullRequest } from './pull-request.js'
import { addEyesReaction } from './reactions.js'
import { resolveThread } from './resolve-thread.js'
import { replyToComment } from './review-comments.js'
import { postReview } from './review-writer.js'
import { listReviewThreads } from './review-threads.js'
import { unresolveThread } from './unresolve-thread.js'
import type { WriteContext } from './write-context.js'

export interface GitHubReviewGatewayOptions {
  readonly client: GitHubClient
  readonly pullRequest: PullRequestRef
  /** Same unit as createGitHubClient's: scales the back-off between re-sends. */
  readonly msPerSecond?: number
  /** Attempts for a comment whose create failed with a 5xx and is not there on re-read. */
  readonly writeAttempts?: number
  readonly log?: (message: string) => void
}

export class GitHubReviewGateway implements ReviewGateway {
  readonly pullRequest: PullRequestRef
  private readonly client: GitHubClient
  private readonly write: WriteContext

  constructor(options: GitHubReviewGatewayOptions) {
    const msPerSecond = options.msPerSecond ?? 1000
    this.client = options.client
    this.pullRequest = options.pullRequest
    this.write = {
      client: options.client,
      pr: options.pullRequest,
      attempts: options.writeAttempts ?? 3,
      // Same quadratic back-off as plugin-retry: 1 s, then 4 s.
      pause: (attempt) =>
        new Promise((resolve) => setTimeout(resolve, (attempt - 1) ** 2 * msPerSecond)),
      log: options.log ?? (() => undefined)
    }
  }

  getPullRequest(): Promise<PullRequestData> {
    return getPullRequest(this.client, this.pullRequest)
  }

  listChangedFiles(): Promise<ChangedFile[]> {
    return listChangedFiles(this.client, this.pullRequest)
  }

  compareFiles(base: string, head: string): Promise<ChangedFile[] | undefined> {
    return compareFiles(this.client, this.pullRequest, base, head)
  }

  readFile(path: string, ref: string): Promise<string | undefined> {
    return readFile(this.client, this.pullRequest, path, ref)
  }

  listFiles(directory: string, ref: string): Promise<string[]> {
    return listFiles(this.client, this.pullRequest, directory, ref)
  }

  listCommits(): Promise<string[]> {
    return listCommits(this.client, this.pullRequest, this.write.log)
  }

  listCheckRuns(sha: string, name: string): Promise<CheckRunData[]> {
    return listCheckRuns(this.client, this.pullRequest, sha, name, this.write.log)
  }

  listReviewThreads(): Promise<ReviewThreadData[]> {
    return listReviewThreads(this.client, this.pullRequest)
  }

  listIssueComments(): Promise<IssueCommentData[]> {
    return listIssueComments(this.client, this.pullRequest)
  }

  postLineComment(commitId: string, comment: LineComment): Promise<CommentPlacement> {
    return postLineComment(this.write, commitId, comment)
  }

  postFileComment(commitId: string, path: string, body: string): Promise<CommentPlacement> {
    return postFileComment(this.write, commitId, path, body)
  }

  postReview(
    commitId: string,
    comments: readonly LineComment[],
    body?: string
  ): Promise<ReviewPostResult> {
    return postReview(this.write, commitId, comments, body)
  }

  replyToThread(commentId: number, body: string): Promise<PostedComment> {
    return replyToComment(this.write, commentId, body)
  }

  resolveThread(
    threadId: string,
    fallbackReply?: { readonly commentId: number; readonly body: string }
  ): Promise<ResolveResult> {
    return resolveThread(this.write, threadId, fallbackReply)
  }

  unresolveThread(threadId: string): Promise<ResolveResult> {
    return unresolveThread(this.write, threadId)
  }

  createCheckRun(input: CheckRunInput): Promise<CheckRunResult> {
    return createCheckRun(this.write, input)
  }

  startCheckRun(input: CheckRunStart): Promise<CheckRunResult> {
    return startCheckRun(this.write, input)
  }

  completeCheckRun(checkRunId: number, input: CheckRunCompletion): Promise<CheckRunUpdate> {
    return completeCheckRun(this.write, checkRunId, input)
  }

  postIssueComment(body: string): Promise<PostedComment> {
    return postIssueComment(this.write, body)
  }

  updateIssueComment(commentId: number, body: string): Promise<PostedComment> {
    return updateIssueComment(this.write, commentId, body)
  }

  addEyesReaction(comment: TriggerComment): Promise<ReactionResult> {
    return addEyesReaction(this.write, comment)
  }
}
