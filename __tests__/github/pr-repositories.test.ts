/**
 * The head and base repositories of a PR as the adapter reads them, and the
 * rule that a fix is committed only to a branch of the PR's own repository.
 * The PRs are seeded from @octokit/webhooks-examples' pull_request payload.
 */
import { isSameRepositoryPullRequest } from '../../src/core/pull-request/same-repository.js'
import { GitHubBranchCommitter } from '../../src/github/branch-commit.js'
import { GitHubReviewGateway } from '../../src/github/github-review-gateway.js'
import { createGitHubClient, type GitHubClient } from '../../src/github/octokit.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'
import { example, type Payload } from '../support/webhook-examples.js'

let github: FakeGitHub
let client: GitHubClient
beforeEach(async () => {
  github = await new FakeGitHub().start()
  client = createGitHubClient({ token: 'ghs_test', baseUrl: github.url, msPerSecond: 1 })
})
afterEach(() => github.stop())

/** The example's PR in the fake, its head repository as the payload names it. */
function seed(payload: Payload) {
  const pr = payload.pull_request
  const [owner, repo] = String(pr.base.repo.full_name).split('/') as [string, string]
  const seeded = github.state.addPullRequest(owner, repo, pr.number, {
    headSha: pr.head.sha,
    headRef: pr.head.ref,
    headRepo: pr.head.repo === null ? null : pr.head.repo.full_name
  })
  const gateway = new GitHubReviewGateway({
    client,
    pullRequest: { owner, repo, number: pr.number },
    msPerSecond: 1,
    log: () => undefined
  })
  return { owner, repo, seeded, gateway }
}

/** The example PR whose fork has been deleted: GitHub sends its head repository as null. */
function deletedFork(): Payload {
  const payload = example('pull_request', 'opened')
  payload.pull_request.head.repo = null
  return payload
}

describe('same repository or fork', () => {
  it('the example PR, a branch of its own repository: both repositories read, committable', async () => {
    const payload = example('pull_request', 'opened')
    const { gateway } = seed(payload)

    const pr = await gateway.getPullRequest()

    expect(pr).toMatchObject({
      headRepository: 'Codertocat/Hello-World',
      baseRepository: 'Codertocat/Hello-World'
    })
    expect(isSameRepositoryPullRequest(pr)).toBe(true)
  })

  it('the example PR from a fork: not committable, and the fork branch is not in the base repository', async () => {
    const payload = example('pull_request', 'opened')
    payload.pull_request.head.repo.full_name = 'someone/Hello-World'
    const { owner, repo, seeded, gateway } = seed(payload)

    const pr = await gateway.getPullRequest()

    expect(pr).toMatchObject({
      headRepository: 'someone/Hello-World',
      baseRepository: 'Codertocat/Hello-World'
    })
    expect(isSameRepositoryPullRequest(pr)).toBe(false)
    const result = await new GitHubBranchCommitter(client).commit({
      owner,
      repo,
      branch: pr.headRef,
      expectedHeadOid: pr.headSha,
      headline: 'Fix',
      body: '',
      changes: [{ path: 'README.md', contents: new TextEncoder().encode('hi\n') }]
    })
    expect(result).toMatchObject({ ok: false, reason: 'refused' })
    expect(seeded.headSha).toBe(payload.pull_request.head.sha)
  })

  it('the example PR from a deleted fork: no head repository, not committable', async () => {
    const { gateway } = seed(deletedFork())

    const pr = await gateway.getPullRequest()

    expect(pr.headRepository).toBeNull()
    expect(isSameRepositoryPullRequest(pr)).toBe(false)
  })
})
