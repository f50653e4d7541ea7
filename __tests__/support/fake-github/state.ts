/**
 * In-memory GitHub state behind the fake server. Tests seed it directly and
 * read it back to assert what the action did.
 */
import {
  GITHUB_ACTIONS_APP,
  newCheckRun,
  type FakeApp,
  type FakeCheckRun,
  type SeedCheckRun
} from './check-run-state.js'
import { FakeIssues } from './issue-state.js'
import { newIssueComment, newReview, newReviewComment, newThread } from './pull-records.js'
import {
  SEEDED_AT,
  type FakeActor,
  type FakeBranchCommit,
  type FakeFile,
  type FakeIssueComment,
  type FakePullRequest,
  type FakeReview,
  type FakeReviewComment,
  type FakeThread,
  type NewComment,
  type SeedComment,
  type SeedThread
} from './pull-state.js'

export type { NewComment, SeedComment, SeedThread } from './pull-state.js'

export interface FakeUser {
  readonly login: string
  /** "User", "Bot" or "Organization". */
  readonly type: string
}

export interface FakeRepoState {
  readonly owner: string
  readonly name: string
  /** login (lower-case) -> permission; missing = not a collaborator. */
  readonly permissions: Map<string, { permission: string; roleName: string }>
  /** Every check run on the repository's commits, oldest first. */
  readonly checkRuns: FakeCheckRun[]
}

/** A reaction on a conversation comment ("issue") or a review comment ("review"). */
export interface FakeReaction {
  readonly id: number
  readonly subject: 'issue' | 'review'
  readonly commentId: number
  readonly content: string
  /** The token's account, as for everything the API creates. */
  readonly user: FakeActor
  readonly createdAt: string
}

export class FakeGitHubState {
  readonly users = new Map<string, FakeUser>()
  readonly repos = new Map<string, FakeRepoState>()
  readonly pulls = new Map<string, FakePullRequest>()
  /** `owner/repo@ref` (lower-case owner/repo) -> path -> text. */
  readonly contents = new Map<string, Map<string, string>>()
  /** `owner/repo@base...head` (lower-case owner/repo) -> files the commits changed. */
  readonly comparisons = new Map<string, FakeFile[]>()
  /** Who the token belongs to: the author of everything the API creates. */
  viewer: FakeActor = { login: 'github-actions[bot]', type: 'Bot' }
  /** When true, (un)resolveReviewThread answers FORBIDDEN, as for a token without the permission. */
  resolveForbidden = false
  /** Commits createCommitOnBranch appended, per `owner/repo:branch` (lower-case owner/repo), oldest first. */
  readonly branchCommits = new Map<string, FakeBranchCommit[]>()
  /** When true, createCommitOnBranch answers FORBIDDEN, as for a token without contents: write. */
  commitForbidden = false
  /** The GitHub App the token belongs to: the owner of the check runs it creates. */
  viewerApp: FakeApp = GITHUB_ACTIONS_APP
  /** When true, creating a check run answers 403, as for a token without checks: write. */
  checksWriteForbidden = false
  /** When true, reading check runs answers 403 too, as for a token without checks: read. */
  checksReadForbidden = false
  /** Reactions the API created or a test seeded, oldest first. */
  readonly reactions: FakeReaction[] = []
  /** Issues that are not PRs, and the token's `issues` permission. */
  readonly issues = new FakeIssues(this)
  private lastId = 1000

  nextId(): number {
    this.lastId += 1
    return this.lastId
  }

  addUser(login: string, type = 'User'): FakeUser {
    const user = { login, type }
    this.users.set(login.toLowerCase(), user)
    return user
  }

  repo(owner: string, name: string): FakeRepoState {
    const key = `${owner}/${name}`.toLowerCase()
    let repo = this.repos.get(key)
    if (!repo) {
      repo = { owner, name, permissions: new Map(), checkRuns: [] }
      this.repos.set(key, repo)
    }
    return repo
  }

  /** Seeds a check run, e.g. an earlier run's record or one forged by another app. */
  addCheckRun(owner: string, repo: string, seed: SeedCheckRun): FakeCheckRun {
    const run = newCheckRun(this.nextId(), seed)
    this.repo(owner, repo).checkRuns.push(run)
    return run
  }

  /** Grants a user a role; maintain and triage report as write and read, as GitHub does. */
  grant(owner: string, name: string, login: string, roleName: string): void {
    const permission = roleName === 'maintain' ? 'write' : roleName === 'triage' ? 'read' : roleName
    this.repo(owner, name).permissions.set(login.toLowerCase(), { permission, roleName })
  }

  /** An actor for a login: a known user's type, else Bot for "[bot]" logins, else User. */
  actor(author: string | FakeActor | undefined): FakeActor {
    if (author === undefined) return this.viewer
    if (typeof author !== 'string') return author
    const known = this.users.get(author.toLowerCase())
    return { login: author, type: known?.type ?? (author.endsWith('[bot]') ? 'Bot' : 'User') }
  }

  addPullRequest(
    owner: string,
    repo: string,
    number: number,
    init: Partial<Omit<FakePullRequest, 'owner' | 'repo' | 'number' | 'nodeId'>> = {}
  ): FakePullRequest {
    this.repo(owner, repo)
    const pr: FakePullRequest = {
      owner,
      repo,
      number,
      nodeId: `PR_${number}`,
      title: `PR ${number}`,
      body: '',
      draft: false,
      author: this.actor('octocat'),
      headSha: 'a'.repeat(40),
      baseSha: 'b'.repeat(40),
      headRef: 'feature',
      baseRef: 'main',
      requestedReviewers: [],
      requestedTeams: [],
      files: [],
      reviews: [],
      threads: [],
      issueComments: [],
      ...init
    }
    this.pulls.set(`${owner}/${repo}#${number}`.toLowerCase(), pr)
    return pr
  }

  pull(owner: string, repo: string, number: number | string): FakePullRequest | undefined {
    return this.pulls.get(`${owner}/${repo}#${number}`.toLowerCase())
  }

  setFileContent(owner: string, repo: string, ref: string, path: string, text: string): void {
    const key = `${owner}/${repo}`.toLowerCase() + `@${ref}`
    const files = this.contents.get(key) ?? new Map<string, string>()
    files.set(path, text)
    this.contents.set(key, files)
  }

  /** What the compare API answers for base...head; unknown pairs answer 404 (e.g. a force-pushed head). */
  setComparison(owner: string, repo: string, base: string, head: string, files: FakeFile[]): void {
    this.comparisons.set(`${owner}/${repo}`.toLowerCase() + `@${base}...${head}`, files)
  }

  comparison(owner: string, repo: string, basehead: string): FakeFile[] | undefined {
    return this.comparisons.get(`${owner}/${repo}`.toLowerCase() + `@${basehead}`)
  }

  fileContent(owner: string, repo: string, ref: string): Map<string, string> | undefined {
    return this.contents.get(`${owner}/${repo}`.toLowerCase() + `@${ref}`)
  }

  /** Opens a thread with its root comment. */
  startThread(
    pr: FakePullRequest,
    comment: NewComment,
    flags: { isResolved?: boolean; isOutdated?: boolean } = {}
  ): FakeThread {
    const thread = newThread(this.nextId(), comment, flags)
    pr.threads.push(thread)
    this.appendComment(pr, thread, comment)
    return thread
  }

  appendComment(
    pr: FakePullRequest,
    thread: FakeThread,
    comment: NewComment,
    inReplyToId?: number
  ): FakeReviewComment {
    const stored = newReviewComment(this.nextId(), thread, comment, inReplyToId)
    thread.comments.push(stored)
    return stored
  }

  /** Seeds a thread the way an earlier run (or a human) left it. */
  addThread(pr: FakePullRequest, seed: SeedThread): FakeThread {
    const [root, ...replies] = seed.comments
    if (!root) throw new Error('addThread needs at least one comment')
    const isOutdated = seed.isOutdated ?? false
    const seededLine = seed.line === undefined ? 1 : seed.line
    // Outdated comments lose their line and keep the original one, as on GitHub.
    const base = {
      path: seed.path,
      line: isOutdated ? null : seededLine,
      originalLine: seed.originalLine === undefined ? seededLine : seed.originalLine,
      side: seed.side ?? 'RIGHT',
      subjectType: 'line',
      commitId: pr.headSha,
      reviewId: null
    } as const
    const thread = this.startThread(
      pr,
      {
        ...base,
        author: this.actor(root.author),
        body: root.body,
        createdAt: root.createdAt ?? SEEDED_AT
      },
      { isResolved: seed.isResolved ?? false, isOutdated }
    )
    const rootId = thread.comments[0]?.id
    for (const reply of replies)
      this.appendComment(
        pr,
        thread,
        {
          ...base,
          author: this.actor(reply.author),
          body: reply.body,
          createdAt: reply.createdAt ?? SEEDED_AT
        },
        rootId
      )
    return thread
  }

  /** A conversation comment on a PR or a plain issue. */
  addIssueComment(
    pr: { readonly issueComments: FakeIssueComment[] },
    seed: SeedComment
  ): FakeIssueComment {
    const comment = newIssueComment(this.nextId(), this.actor(seed.author), seed)
    pr.issueComments.push(comment)
    return comment
  }

  /** Seeds a reaction, e.g. 👎 by a developer on a bot finding. */
  addReaction(
    subject: FakeReaction['subject'],
    commentId: number,
    content: string,
    author: string | FakeActor,
    createdAt = SEEDED_AT
  ): FakeReaction {
    const user = this.actor(author)
    const reaction = { id: this.nextId(), subject, commentId, content, user, createdAt }
    this.reactions.push(reaction)
    return reaction
  }

  addReview(
    pr: FakePullRequest,
    seed: { author?: string | FakeActor; state: string; body?: string; authorAssociation?: string }
  ): FakeReview {
    const review = newReview(this.nextId(), this.actor(seed.author), pr.headSha, seed)
    pr.reviews.push(review)
    return review
  }
}
