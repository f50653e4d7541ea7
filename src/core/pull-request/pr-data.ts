/**
 * Plain data the GitHub adapter hands to the pure core. The adapter maps API
 * responses into these shapes; the core never sees Octokit types.
 */

export interface Author {
  /** Login as the API returned it (GraphQL drops the "[bot]" suffix: compare with normalizeLogin). */
  readonly login: string
  /** True for GitHub Apps and other bot accounts (GraphQL __typename "Bot"). */
  readonly isBot: boolean
}

/** One comment in a review thread (an inline PR review comment). */
export interface ReviewCommentData {
  /** REST id (GraphQL databaseId): used to reply. */
  readonly id: number
  /** GraphQL node id. */
  readonly nodeId: string
  readonly author: Author | null
  readonly body: string
  readonly createdAt: string
  readonly path: string
  /** Line on the current diff; null when outdated. */
  readonly line: number | null
  readonly originalLine: number | null
}

/** A review thread with every comment, oldest first (root comment first). */
export interface ReviewThreadData {
  /** GraphQL node id: used to resolve. */
  readonly id: string
  readonly isResolved: boolean
  /** Who resolved it (GraphQL `resolvedBy`); null when open or unknown. */
  readonly resolvedBy?: string | null
  readonly isOutdated: boolean
  readonly path: string
  readonly line: number | null
  readonly originalLine: number | null
  readonly comments: readonly ReviewCommentData[]
}

/** A conversation comment on the PR (where the bot's summary lives). */
export interface IssueCommentData {
  readonly id: number
  readonly nodeId: string
  readonly author: Author | null
  readonly body: string
  readonly createdAt: string
}

export interface ChangedFile {
  readonly path: string
  readonly previousPath?: string
  /** added | removed | modified | renamed | copied | changed | unchanged */
  readonly status: string
  readonly additions: number
  readonly deletions: number
  /** Unified diff of the file; absent for binary or very large files. */
  readonly patch?: string
}

export interface PullRequestReviewData {
  readonly author: Author | null
  /** APPROVED | CHANGES_REQUESTED | COMMENTED | DISMISSED | PENDING */
  readonly state: string
  /** OWNER | MEMBER | COLLABORATOR | CONTRIBUTOR | ... */
  readonly authorAssociation: string
  readonly submittedAt: string | null
}

export interface PullRequestData {
  readonly number: number
  readonly title: string
  readonly body: string
  readonly draft: boolean
  readonly author: Author | null
  readonly headSha: string
  readonly baseSha: string
  readonly headRef: string
  readonly baseRef: string
  /**
   * Full name (owner/name) of the repository holding the head branch; null
   * when the fork that held it was deleted; absent when the source does not
   * say (local mode).
   */
  readonly headRepository?: string | null
  /** Full name (owner/name) of the repository the PR targets; absent as above. */
  readonly baseRepository?: string
  /** Logins of requested reviewers (users; teams as "org/team"). */
  readonly requestedReviewers: readonly string[]
  readonly reviews: readonly PullRequestReviewData[]
}

/** A check run on a commit: the run record's home (our check run carries it in output.text). */
export interface CheckRunData {
  readonly id: number
  readonly name: string
  /** Slug of the GitHub App that created it ("github-actions" for the Actions token); null when unknown. */
  readonly appSlug: string | null
  readonly headSha: string
  /** queued | in_progress | completed */
  readonly status: string
  readonly conclusion: string | null
  readonly completedAt: string | null
  /** output.text: the run record's rmcoc block lives here; "" when absent. */
  readonly text: string
}
