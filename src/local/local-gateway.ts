/**
 * The ReviewGateway of a local review: reads come from git (the branch is
 * the pull request, see local-branch.ts) and from the state file; writes go
 * into the state file in the shapes the reads return, with the exact bodies
 * the bot would post on GitHub. So the engine rebuilds its state, finds its
 * run record and narrows the next run to what changed, exactly as it does
 * on a pull request. Nothing here talks to GitHub.
 */
import type {
  ChangedFile,
  IssueCommentData,
  PullRequestData,
  ReviewThreadData
} from '../core/pull-request/pr-data.js'
import type {
  CheckRunCompletion,
  CheckRunInput,
  CheckRunStart,
  CommentPlacement,
  LineComment,
  PostedComment,
  PullRequestRef,
  ReactionResult,
  ResolveResult,
  ReviewGateway,
  ReviewPostResult
} from '../ports/review-gateway.js'
import type { LocalBranch } from './local-branch.js'
import { diffFiles } from './local-diff.js'
import type { LocalGit } from './local-git.js'
import { LocalCheckRuns } from './local-check-runs.js'
import type { StateStore, StoredComment, StoredThread } from './local-state-file.js'

/** The local pull request's number: one branch, one pull request. */
export const LOCAL_PR_NUMBER = 1

export interface LocalGatewayInput {
  /** git in the work tree's root. */
  readonly git: LocalGit
  readonly branch: LocalBranch
  readonly store: StateStore
  readonly now: () => Date
}

const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i
/** An ls-tree entry of a regular file (executable or not): "100644 blob <sha>\t<path>". */
const REGULAR_FILE = /^100(?:644|755) blob [0-9a-f]+\t(.+)$/s

export class LocalGateway implements ReviewGateway {
  readonly pullRequest: PullRequestRef
  private readonly git: LocalGit
  private readonly branch: LocalBranch
  private readonly store: StateStore
  private readonly now: () => Date
  private readonly checkRuns: LocalCheckRuns

  constructor(input: LocalGatewayInput) {
    this.git = input.git
    this.branch = input.branch
    this.store = input.store
    this.now = input.now
    this.checkRuns = new LocalCheckRuns(input.store, input.now)
    this.pullRequest = { owner: 'local', repo: input.branch.repoName, number: LOCAL_PR_NUMBER }
  }

  private get botAuthor() {
    return { login: this.store.state.botLogin, isBot: true }
  }

  /** The branch as a pull request: the developer's, ready for review, with no human reviews. */
  async getPullRequest(): Promise<PullRequestData> {
    const { branch } = this
    const subjects = await this.git.output([
      'log',
      '--reverse',
      '--format=- %s',
      `${branch.baseSha}..${branch.headCommit}`
    ])
    const changes = branch.snapshot ? '\n- (uncommitted changes of the working tree)' : ''
    return {
      number: LOCAL_PR_NUMBER,
      title: `Local review of ${branch.branch}`,
      body: `Commits on ${branch.branch} since ${branch.baseRef}:\n${subjects.trim()}${changes}`,
      draft: false,
      author: { login: branch.userLogin, isBot: false },
      headSha: branch.headSha,
      baseSha: branch.baseSha,
      headRef: branch.branch,
      baseRef: branch.baseRef,
      requestedReviewers: [],
      reviews: []
    }
  }

  listChangedFiles(): Promise<ChangedFile[]> {
    return diffFiles(this.git, this.branch.baseSha, this.branch.headSha)
  }

  /** A three-dot compare, as GitHub's: from the merge base of the two; undefined when git lacks one. */
  async compareFiles(base: string, head: string): Promise<ChangedFile[] | undefined> {
    if (!SHA.test(base) || !SHA.test(head)) return undefined
    const mergeBase = await this.git.value(['merge-base', base, head])
    if (mergeBase === undefined) return undefined
    return diffFiles(this.git, mergeBase, head)
  }

  /** The file's text at `ref`; undefined when there is no such file (or ref). */
  async readFile(path: string, ref: string): Promise<string | undefined> {
    const result = await this.git.run(['cat-file', 'blob', `${ref}:${path}`])
    return result.code === 0 ? result.stdout : undefined
  }

  /**
   * The regular files directly in `directory` at `ref` (`git ls-tree`, one
   * level, from the repository root wherever git runs: subdirectories,
   * symlinks and submodules left out); [] when there is no such directory
   * (or ref).
   */
  async listFiles(directory: string, ref: string): Promise<string[]> {
    if (ref.startsWith('-')) return []
    const prefix = `${directory.replace(/\/+$/, '')}/`
    const result = await this.git.run(['ls-tree', '--full-tree', '-z', ref, '--', prefix])
    if (result.code !== 0) return []
    return result.stdout
      .split('\0')
      .map((entry) => REGULAR_FILE.exec(entry)?.[1])
      .filter((path): path is string => path !== undefined)
  }

  /** The branch's commits since the base, oldest first, ending with the head under review. */
  async listCommits(): Promise<string[]> {
    const out = await this.git.output([
      'rev-list',
      '--reverse',
      `${this.branch.baseSha}..${this.branch.headSha}`
    ])
    return out.split('\n').filter((line) => line !== '')
  }

  listCheckRuns = (sha: string, name: string) => this.checkRuns.list(sha, name)

  async listReviewThreads(): Promise<ReviewThreadData[]> {
    return structuredClone(this.store.state.threads)
  }

  async listIssueComments(): Promise<IssueCommentData[]> {
    return structuredClone(this.store.state.issueComments)
  }

  private comment(id: number): PostedComment {
    return { id, nodeId: `LC_${id}`, url: `local:comment/${id}` }
  }

  /** A new thread whose root is the bot's comment on `commitId`; its comment id. */
  private async newThread(
    commitId: string,
    path: string,
    line: number | null,
    body: string
  ): Promise<number> {
    return this.store.update((state) => {
      const commentId = this.store.nextId()
      const threadId = this.store.nextId()
      const root: StoredComment = {
        id: commentId,
        nodeId: `LC_${commentId}`,
        author: this.botAuthor,
        body,
        createdAt: this.now().toISOString(),
        path,
        line,
        originalLine: line
      }
      state.threads.push({
        id: `LT_${threadId}`,
        isResolved: false,
        resolvedBy: null,
        isOutdated: false,
        path,
        line,
        originalLine: line,
        commitId,
        comments: [root]
      })
      return commentId
    })
  }

  async postLineComment(commitId: string, comment: LineComment): Promise<CommentPlacement> {
    const id = await this.newThread(commitId, comment.path, comment.line, comment.body)
    return { placed: 'line', comment: this.comment(id) }
  }

  async postFileComment(commitId: string, path: string, body: string): Promise<CommentPlacement> {
    const id = await this.newThread(commitId, path, null, body)
    return { placed: 'file', comment: this.comment(id), reason: `${path}: file-level comment` }
  }

  /** Every comment becomes a thread; a review body has no reader locally and is not kept. */
  async postReview(
    commitId: string,
    comments: readonly LineComment[],
    _body?: string
  ): Promise<ReviewPostResult> {
    const placements: CommentPlacement[] = []
    for (const comment of comments) placements.push(await this.postLineComment(commitId, comment))
    return { reviewId: this.store.state.lastId, fallbackReason: undefined, placements }
  }

  private threadOf(commentId: number): StoredThread {
    const thread = this.store.state.threads.find((t) => t.comments.some((c) => c.id === commentId))
    if (thread === undefined) throw new Error(`no review thread holds comment ${commentId}`)
    return thread
  }

  async replyToThread(commentId: number, body: string): Promise<PostedComment> {
    const thread = this.threadOf(commentId)
    const id = await this.store.update(() => {
      const replyId = this.store.nextId()
      thread.comments.push({
        id: replyId,
        nodeId: `LC_${replyId}`,
        author: this.botAuthor,
        body,
        createdAt: this.now().toISOString(),
        path: thread.path,
        line: thread.line,
        originalLine: thread.originalLine
      })
      return replyId
    })
    return this.comment(id)
  }

  private thread(threadId: string): StoredThread {
    const thread = this.store.state.threads.find((t) => t.id === threadId)
    if (thread === undefined) throw new Error(`no review thread ${threadId}`)
    return thread
  }

  async resolveThread(threadId: string): Promise<ResolveResult> {
    const thread = this.thread(threadId)
    await this.store.update(() => {
      thread.isResolved = true
      // GitHub names nobody when an App resolves a thread.
      thread.resolvedBy = null
    })
    return { kind: 'resolved' }
  }

  async unresolveThread(threadId: string): Promise<ResolveResult> {
    const thread = this.thread(threadId)
    await this.store.update(() => {
      thread.isResolved = false
      thread.resolvedBy = null
    })
    return { kind: 'resolved' }
  }

  createCheckRun = (input: CheckRunInput) => this.checkRuns.create(input)
  startCheckRun = (input: CheckRunStart) => this.checkRuns.start(input)
  completeCheckRun = (checkRunId: number, input: CheckRunCompletion) =>
    this.checkRuns.complete(checkRunId, input)

  async postIssueComment(body: string): Promise<PostedComment> {
    const id = await this.store.update((state) => {
      const commentId = this.store.nextId()
      const createdAt = this.now().toISOString()
      state.issueComments.push({
        id: commentId,
        nodeId: `LC_${commentId}`,
        author: this.botAuthor,
        body,
        createdAt
      })
      return commentId
    })
    return this.comment(id)
  }

  async updateIssueComment(commentId: number, body: string): Promise<PostedComment> {
    const comment = this.store.state.issueComments.find((candidate) => candidate.id === commentId)
    if (comment === undefined) throw new Error(`no conversation comment ${commentId}`)
    await this.store.update(() => {
      comment.body = body
    })
    return this.comment(commentId)
  }

  /** Nobody asked by a comment locally: nothing to react to. */
  async addEyesReaction(): Promise<ReactionResult> {
    return { kind: 'added' }
  }
}
