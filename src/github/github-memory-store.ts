/** TeamMemoryStore over Octokit: the bot's memory issue in one repository. */
import type {
  CreateMemoryIssueResult,
  FindMemoryIssueResult,
  MemoryCommentsResult,
  MemoryCommentUpdate,
  MemoryCommentWrite,
  MemoryIssueRef,
  TeamMemoryStore,
  ThumbsDownResult
} from '../ports/team-memory-store.js'
import type { MemoryContext } from './memory-access.js'
import { listMemoryComments, postMemoryComment, updateMemoryComment } from './memory-comments.js'
import { createMemoryIssue, findMemoryIssue } from './memory-issues.js'
import type { GitHubClient } from './octokit.js'
import { listThumbsDown } from './thumbs-down.js'

export interface TeamMemoryStoreOptions {
  /** The client the review gateway uses (createGitHubClient). */
  readonly client: GitHubClient
  readonly owner: string
  readonly repo: string
  /** Config's bot_logins: the token's account must be one of them (github-actions[bot] in Actions). */
  readonly botLogins: readonly string[]
  /** Same unit as createGitHubClient's: scales the back-off between re-sends. */
  readonly msPerSecond?: number
  /** Attempts for an issue or comment whose create failed with a 5xx and is not there on re-read. */
  readonly writeAttempts?: number
}

class GitHubTeamMemoryStore implements TeamMemoryStore {
  constructor(private readonly ctx: MemoryContext) {}

  findMemoryIssue(): Promise<FindMemoryIssueResult> {
    return findMemoryIssue(this.ctx)
  }

  createMemoryIssue(): Promise<CreateMemoryIssueResult> {
    return createMemoryIssue(this.ctx)
  }

  listMemoryComments(issue: MemoryIssueRef): Promise<MemoryCommentsResult> {
    return listMemoryComments(this.ctx, issue)
  }

  postMemoryComment(issue: MemoryIssueRef, body: string): Promise<MemoryCommentWrite> {
    return postMemoryComment(this.ctx, issue, body)
  }

  updateMemoryComment(commentId: number, body: string): Promise<MemoryCommentUpdate> {
    return updateMemoryComment(this.ctx, commentId, body)
  }

  listThumbsDown(commentId: number): Promise<ThumbsDownResult> {
    return listThumbsDown(this.ctx, commentId)
  }
}

export function createTeamMemoryStore(options: TeamMemoryStoreOptions): TeamMemoryStore {
  const msPerSecond = options.msPerSecond ?? 1000
  return new GitHubTeamMemoryStore({
    client: options.client,
    owner: options.owner,
    repo: options.repo,
    botLogins: options.botLogins,
    attempts: options.writeAttempts ?? 3,
    // Same quadratic back-off as the review gateway's: 1 s, then 4 s.
    pause: (attempt) =>
      new Promise((resolve) => setTimeout(resolve, (attempt - 1) ** 2 * msPerSecond))
  })
}
