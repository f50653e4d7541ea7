/**
 * The real memory store (real Octokit, retry and throttling plugins) against
 * a fresh fake GitHub holding one repository with a PR, time shrunk: one
 * "second" is one millisecond.
 */
import { BOT_MARKER } from '../../src/core/names/marker.js'
import { memoryIssueBody } from '../../src/core/names/memory-issue-marker.js'
import { createTeamMemoryStore } from '../../src/github/github-memory-store.js'
import { createGitHubClient } from '../../src/github/octokit.js'
import type { MemoryIssueRef, TeamMemoryStore } from '../../src/ports/team-memory-store.js'
import type { FakeIssue } from '../support/fake-github/issue-state.js'
import type { FakePullRequest } from '../support/fake-github/pull-state.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'

export const OWNER = 'octo-org'
export const REPO = 'widgets'
export const BOT = 'github-actions[bot]'
export const OTHER_BOT = 'opencode-reviewer[bot]'
/** A body carrying the bot marker but not the memory-issue marker. */
export const BOT_ONLY_BODY = `an ordinary bot issue\n${BOT_MARKER}`

export interface MemoryFixture {
  readonly github: FakeGitHub
  readonly pr: FakePullRequest
  readonly store: TeamMemoryStore
}

export async function startMemoryFixture(): Promise<MemoryFixture> {
  const github = await new FakeGitHub().start()
  const pr = github.state.addPullRequest(OWNER, REPO, 7)
  const client = createGitHubClient({ token: 'ghs_test', baseUrl: github.url, msPerSecond: 1 })
  const store = createTeamMemoryStore({
    client,
    owner: OWNER,
    repo: REPO,
    botLogins: [BOT, OTHER_BOT],
    msPerSecond: 1
  })
  return { github, pr, store }
}

/** Seeds a memory issue as the bot (or `author`) would have opened it. */
export function seedMemoryIssue(
  github: FakeGitHub,
  init: { author?: string; state?: 'open' | 'closed'; body?: string } = {}
): FakeIssue {
  return github.state.issues.add(OWNER, REPO, {
    title: 'review-my-code-bot team memory',
    body: init.body ?? memoryIssueBody(),
    author: init.author ?? BOT,
    ...(init.state === undefined ? {} : { state: init.state })
  })
}

/** The ref the store hands out for a seeded issue. */
export function refOf(issue: FakeIssue): MemoryIssueRef {
  return {
    number: issue.number,
    url: `https://github.com/${OWNER}/${REPO}/issues/${issue.number}`,
    state: issue.state
  }
}
