/**
 * Issues that are not pull requests, and what the token may do with them.
 * On GitHub a PR is an issue too: both share one number sequence per
 * repository and the issue routes answer for both, so the store allocates
 * numbers past the repository's PRs and the routes look in both places.
 */
import { SEEDED_AT, timestamp, type FakeActor, type FakeIssueComment } from './pull-state.js'
import type { FakeGitHubState } from './state.js'

export interface FakeIssue {
  readonly owner: string
  readonly repo: string
  readonly number: number
  readonly id: number
  readonly nodeId: string
  title: string
  body: string
  readonly author: FakeActor
  state: 'open' | 'closed'
  labels: string[]
  readonly createdAt: string
  updatedAt: string
  readonly issueComments: FakeIssueComment[]
}

export interface SeedIssue {
  readonly title: string
  readonly body?: string
  /** A login (REST form) or an actor; default the token's account. */
  readonly author?: string | FakeActor
  readonly state?: 'open' | 'closed'
  readonly labels?: readonly string[]
  readonly createdAt?: string
}

/**
 * The `issues` permission of the token: `read` answers writes 403 "Resource
 * not accessible by integration" as GitHub does, `none` answers reads so too.
 * It governs plain issues only; PRs keep their own permission.
 */
export type IssuesPermission = 'write' | 'read' | 'none'

const repoKey = (owner: string, repo: string) => `${owner}/${repo}`.toLowerCase()

export class FakeIssues {
  permission: IssuesPermission = 'write'
  private readonly byKey = new Map<string, FakeIssue>()

  constructor(private readonly state: FakeGitHubState) {}

  /** Seeds an issue (seeded issues are old unless `createdAt` says otherwise). */
  add(owner: string, repo: string, seed: SeedIssue): FakeIssue {
    this.state.repo(owner, repo)
    const id = this.state.nextId()
    const number = this.nextNumber(owner, repo)
    const createdAt = seed.createdAt ?? SEEDED_AT
    const issue: FakeIssue = {
      owner,
      repo,
      number,
      id,
      nodeId: `I_${id}`,
      title: seed.title,
      body: seed.body ?? '',
      author: this.state.actor(seed.author),
      state: seed.state ?? 'open',
      labels: [...(seed.labels ?? [])],
      createdAt,
      updatedAt: createdAt,
      issueComments: []
    }
    this.byKey.set(`${repoKey(owner, repo)}#${number}`, issue)
    return issue
  }

  /** What POST /issues creates: the token's account, now. */
  create(owner: string, repo: string, seed: SeedIssue): FakeIssue {
    return this.add(owner, repo, { ...seed, author: this.state.viewer, createdAt: timestamp() })
  }

  get(owner: string, repo: string, number: number | string): FakeIssue | undefined {
    return this.byKey.get(`${repoKey(owner, repo)}#${number}`)
  }

  /** The repository's plain issues, lowest number first. */
  inRepo(owner: string, repo: string): FakeIssue[] {
    const key = repoKey(owner, repo)
    return [...this.byKey.values()]
      .filter((issue) => repoKey(issue.owner, issue.repo) === key)
      .sort((a, b) => a.number - b.number)
  }

  /** The plain issue holding conversation comment `id`, if any. */
  holding(commentId: number): FakeIssue | undefined {
    return [...this.byKey.values()].find((issue) =>
      issue.issueComments.some((comment) => comment.id === commentId)
    )
  }

  /**
   * Deletes conversation comment `id` wherever it is, a PR's or a plain
   * issue's (how a team makes the bot forget); false when there is none.
   */
  deleteComment(commentId: number): boolean {
    const holders = [...this.state.pulls.values(), ...this.byKey.values()]
    for (const holder of holders) {
      const index = holder.issueComments.findIndex((comment) => comment.id === commentId)
      if (index < 0) continue
      holder.issueComments.splice(index, 1)
      return true
    }
    return false
  }

  private nextNumber(owner: string, repo: string): number {
    const key = repoKey(owner, repo)
    const pulls = [...this.state.pulls.values()]
      .filter((pr) => repoKey(pr.owner, pr.repo) === key)
      .map((pr) => pr.number)
    const issues = this.inRepo(owner, repo).map((issue) => issue.number)
    return Math.max(0, ...pulls, ...issues) + 1
  }
}

/** Whether the token's `issues` permission covers `need`. */
export function issuesAllow(permission: IssuesPermission, need: 'read' | 'write'): boolean {
  return permission === 'write' || (permission === 'read' && need === 'read')
}
