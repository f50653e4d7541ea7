/**
 * The real gateway (real Octokit, retry and throttling plugins) against a
 * fresh fake GitHub, with time shrunk: one "second" is one millisecond.
 */
import { GitHubReviewGateway } from '../../src/github/github-review-gateway.js'
import { createGitHubClient } from '../../src/github/octokit.js'
import type { FakePullRequest } from '../support/fake-github/pull-state.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'

export const OWNER = 'octo-org'
export const REPO = 'widgets'
export const NUMBER = 7

/** A patch whose new side has lines 1-3 and 10-12 (one hunk each). */
export const PATCH = [
  '@@ -1,2 +1,3 @@',
  ' const a = 1',
  '+const b = 2',
  ' const c = 3',
  '@@ -9,3 +10,3 @@ function f() {',
  ' x()',
  '-y()',
  '+z()',
  ' w()'
].join('\n')

export interface Fixture {
  readonly github: FakeGitHub
  readonly pr: FakePullRequest
  readonly gateway: GitHubReviewGateway
  /** What the client and gateway logged (rate-limit waits, fallbacks, warnings). */
  readonly logs: string[]
}

export async function startFixture(): Promise<Fixture> {
  const github = await new FakeGitHub().start()
  const pr = github.state.addPullRequest(OWNER, REPO, NUMBER, {
    files: [
      { filename: 'src/app.ts', status: 'modified', additions: 2, deletions: 1, patch: PATCH },
      { filename: 'assets/logo.png', status: 'added', additions: 0, deletions: 0 }
    ]
  })
  const logs: string[] = []
  const log = (message: string) => logs.push(message)
  const client = createGitHubClient({ token: 'ghs_test', baseUrl: github.url, msPerSecond: 1, log })
  const gateway = new GitHubReviewGateway({
    client,
    pullRequest: { owner: OWNER, repo: REPO, number: NUMBER },
    msPerSecond: 1,
    log
  })
  return { github, pr, gateway, logs }
}

/** Every review comment the fake holds for the PR. */
export function allReviewComments(pr: FakePullRequest) {
  return pr.threads.flatMap((thread) => thread.comments)
}
