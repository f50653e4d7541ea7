/**
 * The shapes of pull-request state in the fake: what a PR holds (files,
 * threads of review comments, conversation comments, reviews). Logins are
 * stored in REST form (`github-actions[bot]`); the GraphQL side strips the
 * suffix the way GitHub does.
 */

export interface FakeActor {
  readonly login: string
  /** "User" or "Bot". */
  readonly type: string
}

export interface FakeFile {
  readonly filename: string
  readonly status: string
  readonly additions: number
  readonly deletions: number
  /** Absent for binary or very large files, as on GitHub. */
  readonly patch?: string
  readonly previousFilename?: string
}

export interface FakeReviewComment {
  readonly id: number
  readonly nodeId: string
  readonly threadId: string
  readonly author: FakeActor
  readonly body: string
  readonly path: string
  readonly line: number | null
  readonly originalLine: number | null
  readonly side: 'LEFT' | 'RIGHT'
  readonly subjectType: 'line' | 'file'
  readonly commitId: string
  readonly inReplyToId?: number
  readonly reviewId: number | null
  readonly createdAt: string
}

export interface FakeThread {
  readonly id: string
  readonly path: string
  readonly line: number | null
  readonly originalLine: number | null
  readonly subjectType: 'line' | 'file'
  isResolved: boolean
  /** Login of whoever resolved it; the viewer when the API resolved it. */
  resolvedBy?: string | null
  isOutdated: boolean
  readonly comments: FakeReviewComment[]
}

export interface FakeIssueComment {
  readonly id: number
  readonly nodeId: string
  readonly author: FakeActor
  body: string
  readonly createdAt: string
  updatedAt: string
}

export interface FakeReview {
  readonly id: number
  readonly nodeId: string
  readonly author: FakeActor
  /** APPROVED | CHANGES_REQUESTED | COMMENTED | DISMISSED | PENDING */
  readonly state: string
  readonly body: string
  readonly authorAssociation: string
  readonly submittedAt: string | null
  readonly commitId: string
}

export interface FakePullRequest {
  readonly owner: string
  readonly repo: string
  readonly number: number
  readonly nodeId: string
  title: string
  body: string
  draft: boolean
  author: FakeActor
  headSha: string
  baseSha: string
  headRef: string
  baseRef: string
  /**
   * Full name of the repository holding the head branch: a fork's, or null
   * for a deleted fork; undefined = the PR's own repository.
   */
  headRepo?: string | null
  requestedReviewers: string[]
  requestedTeams: string[]
  files: FakeFile[]
  /** SHAs of the PR's commits, oldest first; undefined = just the head. */
  commits?: string[]
  readonly reviews: FakeReview[]
  readonly threads: FakeThread[]
  readonly issueComments: FakeIssueComment[]
}

/** A commit createCommitOnBranch appended to a branch: what the action sent, bytes as decoded. */
export interface FakeBranchCommit {
  readonly oid: string
  /** The branch's head before it (the mutation's expectedHeadOid). */
  readonly parent: string
  readonly headline: string
  readonly body: string
  readonly additions: readonly { readonly path: string; readonly contents: Buffer }[]
  readonly deletions: readonly string[]
}

/** A comment to seed: author as a login (REST form) or an actor. */
export interface SeedComment {
  readonly author?: string | FakeActor
  readonly body: string
  readonly createdAt?: string
}

export interface SeedThread {
  readonly path: string
  readonly line?: number | null
  readonly originalLine?: number | null
  readonly side?: 'LEFT' | 'RIGHT'
  readonly isResolved?: boolean
  readonly isOutdated?: boolean
  readonly comments: readonly SeedComment[]
}

export interface NewComment {
  readonly author: FakeActor
  readonly body: string
  readonly path: string
  readonly line: number | null
  /** Defaults to `line`; differs for outdated comments (line null). */
  readonly originalLine?: number | null
  readonly side: 'LEFT' | 'RIGHT'
  readonly subjectType: 'line' | 'file'
  readonly commitId: string
  readonly reviewId: number | null
  readonly createdAt?: string
}

/** Every review comment of the PR, oldest first (GitHub's default order). */
export function reviewComments(pr: FakePullRequest): FakeReviewComment[] {
  return pr.threads.flatMap((thread) => thread.comments).sort((a, b) => a.id - b.id)
}

/** What the commits API lists for the PR, oldest first. */
export function pullCommits(pr: FakePullRequest): string[] {
  return pr.commits ?? [pr.headSha]
}

/** GitHub's timestamps have whole seconds. */
export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z')
}

/** Seeded data is "old": before any comment a test run creates. */
export const SEEDED_AT = '2024-01-01T00:00:00Z'
