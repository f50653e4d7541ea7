/**
 * Fix mode's commit on the PR branch through GraphQL createCommitOnBranch,
 * against the fake GitHub (real Octokit, retry and throttling plugins).
 */
import type { FileChange } from '../../src/core/fixing/fix-types.js'
import { GitHubBranchCommitter } from '../../src/github/branch-commit.js'
import {
  ALL_DOCUMENTS,
  CREATE_COMMIT_ON_BRANCH_MUTATION
} from '../../src/github/graphql-documents.js'
import { createGitHubClient } from '../../src/github/octokit.js'
import type { BranchCommitRequest } from '../../src/ports/branch-committer.js'
import { branchKey } from '../support/fake-github/commit-on-branch.js'
import { graphqlMatching, serverError } from '../support/fake-github/faults.js'
import { json } from '../support/fake-github/router.js'
import { OWNER, REPO, startFixture, type Fixture } from './fixture.js'

let f: Fixture
let committer: GitHubBranchCommitter
let reviewedHead: string

beforeEach(async () => {
  f = await startFixture()
  committer = new GitHubBranchCommitter(
    createGitHubClient({ token: 'ghs_test', baseUrl: f.github.url, msPerSecond: 1 })
  )
  reviewedHead = f.pr.headSha
  f.github.state.setFileContent(OWNER, REPO, reviewedHead, 'src/app.ts', 'const a = 1\n')
  f.github.state.setFileContent(OWNER, REPO, reviewedHead, 'src/unused.ts', 'export {}\n')
  f.github.state.setFileContent(OWNER, REPO, reviewedHead, 'README.md', '# widgets\n')
})
afterEach(() => f.github.stop())

const text = (value: string) => new TextEncoder().encode(value)

function request(
  changes: readonly FileChange[],
  expectedHeadOid = reviewedHead
): BranchCommitRequest {
  return {
    owner: OWNER,
    repo: REPO,
    branch: f.pr.headRef,
    expectedHeadOid,
    headline: 'Fix 2 review findings',
    body: 'Round 1 of the fix loop.',
    changes
  }
}

const fixChanges: FileChange[] = [
  { path: 'src/app.ts', contents: text('const a = 2\n') },
  { path: 'src/unused.ts', deleted: true }
]

/** The commits the fake recorded on the PR's head branch. */
const landed = () => f.github.state.branchCommits.get(branchKey(OWNER, REPO, f.pr.headRef)) ?? []

describe('a fix commit', () => {
  it('lands an addition and a deletion on the reviewed head and moves the PR head', async () => {
    const result = await committer.commit(request(fixChanges))

    expect(result).toEqual({
      ok: true,
      oid: expect.stringMatching(/^[0-9a-f]{40}$/),
      url: expect.stringMatching(/^https:\/\/github\.com\/octo-org\/widgets\/commit\/[0-9a-f]{40}$/)
    })
    if (!result.ok) return
    expect(result.url.endsWith(result.oid)).toBe(true)
    const sent = f.github.graphqlRequests()[0]?.body as { variables: { input: unknown } }
    expect(sent.variables.input).toEqual({
      branch: { repositoryNameWithOwner: `${OWNER}/${REPO}`, branchName: 'feature' },
      expectedHeadOid: reviewedHead,
      message: { headline: 'Fix 2 review findings', body: 'Round 1 of the fix loop.' },
      fileChanges: {
        additions: [
          { path: 'src/app.ts', contents: Buffer.from('const a = 2\n').toString('base64') }
        ],
        deletions: [{ path: 'src/unused.ts' }]
      }
    })
    expect(landed()).toEqual([
      {
        oid: result.oid,
        parent: reviewedHead,
        headline: 'Fix 2 review findings',
        body: 'Round 1 of the fix loop.',
        additions: [{ path: 'src/app.ts', contents: Buffer.from('const a = 2\n') }],
        deletions: ['src/unused.ts']
      }
    ])
  })

  it('later REST reads see the new head: the PR, its commits and the files at the head', async () => {
    const result = await committer.commit(request(fixChanges))
    if (!result.ok) throw new Error(result.detail)

    expect((await f.gateway.getPullRequest()).headSha).toBe(result.oid)
    expect(await f.gateway.listCommits()).toEqual([reviewedHead, result.oid])
    expect(await f.gateway.readFile('src/app.ts', result.oid)).toBe('const a = 2\n')
    expect(await f.gateway.readFile('src/unused.ts', result.oid)).toBeUndefined()
    expect(await f.gateway.readFile('README.md', result.oid)).toBe('# widgets\n')
    expect(await f.gateway.readFile('src/app.ts', reviewedHead)).toBe('const a = 1\n')
    const commits = (await (
      await fetch(`${f.github.url}/repos/${OWNER}/${REPO}/pulls/7/commits`)
    ).json()) as { sha: string; commit: { message: string }; parents: { sha: string }[] }[]
    expect(commits[1]).toMatchObject({
      sha: result.oid,
      commit: { message: 'Fix 2 review findings\n\nRound 1 of the fix loop.' },
      parents: [{ sha: reviewedHead }]
    })
  })

  it('a second round commits on top of the first, with the first commit as expected head', async () => {
    const first = await committer.commit(request(fixChanges))
    if (!first.ok) throw new Error(first.detail)
    const second = await committer.commit(
      request([{ path: 'src/app.ts', contents: text('const a = 3\n') }], first.oid)
    )

    expect(second.ok).toBe(true)
    expect(landed().map((commit) => commit.parent)).toEqual([reviewedHead, first.oid])
  })

  it('sends bytes exactly: binary and invalid UTF-8 survive base64, a view into a larger buffer included', async () => {
    const all = Uint8Array.from({ length: 256 }, (_, index) => index)
    const notUtf8 = Uint8Array.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xed, 0xa0, 0x80, 0x00])
    const backing = Uint8Array.from([0x41, 0x42, 0xc0, 0xaf, 0x43, 0x44])
    const view = backing.subarray(2, 5)

    const result = await committer.commit(
      request([
        { path: 'assets/all-bytes.bin', contents: all },
        { path: 'assets/latin1.txt', contents: notUtf8 },
        { path: 'assets/view.bin', contents: view },
        { path: 'assets/empty.txt', contents: new Uint8Array(0) }
      ])
    )

    expect(result.ok).toBe(true)
    expect(landed()[0]?.additions).toEqual([
      { path: 'assets/all-bytes.bin', contents: Buffer.from(all) },
      { path: 'assets/latin1.txt', contents: Buffer.from(notUtf8) },
      { path: 'assets/view.bin', contents: Buffer.from([0xc0, 0xaf, 0x43]) },
      { path: 'assets/empty.txt', contents: Buffer.alloc(0) }
    ])
  })
})

describe('a commit GitHub refuses', () => {
  it('a branch that moved since the review: branch-moved, nothing committed, the head stays', async () => {
    const pushed = 'c'.repeat(40)
    f.pr.commits = [reviewedHead, pushed]
    f.pr.headSha = pushed

    const result = await committer.commit(request(fixChanges))

    expect(result).toEqual({
      ok: false,
      reason: 'branch-moved',
      detail: expect.stringContaining(`no longer points at ${reviewedHead}`)
    })
    expect(result.ok || result.detail).toContain('Expected branch to point to')
    expect(landed()).toEqual([])
    expect(f.pr.headSha).toBe(pushed)
    expect(f.github.graphqlRequests()).toHaveLength(1)
  })

  it('a token without contents: write (GraphQL FORBIDDEN): forbidden, naming the permission', async () => {
    f.github.state.commitForbidden = true

    const result = await committer.commit(request(fixChanges))

    expect(result).toEqual({
      ok: false,
      reason: 'forbidden',
      detail: expect.stringMatching(/Resource not accessible by integration.*`contents: write`/)
    })
    expect(landed()).toEqual([])
  })

  it('an HTTP 403 "Resource not accessible by integration": forbidden as well', async () => {
    f.github.fail(
      graphqlMatching('CreateCommitOnBranch'),
      json(403, { message: 'Resource not accessible by integration' })
    )

    const result = await committer.commit(request(fixChanges))

    expect(result).toMatchObject({ ok: false, reason: 'forbidden' })
    expect(result.ok || result.detail).toContain('contents: write')
  })

  it("any other GraphQL refusal: refused with GitHub's message", async () => {
    const result = await committer.commit({ ...request(fixChanges), branch: 'no-such-branch' })

    expect(result).toEqual({
      ok: false,
      reason: 'refused',
      detail: expect.stringContaining('A ref named "refs/heads/no-such-branch" does not exist.')
    })
  })

  it('a 5xx: refused, sent once (a re-send could hit its own commit), saying it may have landed', async () => {
    f.github.fail(graphqlMatching('CreateCommitOnBranch'), serverError(502), 1, {
      afterHandling: true
    })

    const result = await committer.commit(request(fixChanges))

    expect(result).toMatchObject({ ok: false, reason: 'refused' })
    expect(result.ok || result.detail).toMatch(/502.*may have landed/)
    expect(f.github.graphqlRequests()).toHaveLength(1)
    expect(landed()).toHaveLength(1)
  })
})

describe('a request the committer refuses itself, sending nothing', () => {
  it.each<[string, FileChange[], string]>([
    ['no changes', [], 'changes is empty'],
    [
      'a path twice',
      [
        { path: 'src/app.ts', contents: text('x') },
        { path: 'src/app.ts', deleted: true }
      ],
      'changes names path "src/app.ts" twice'
    ]
  ])('%s', async (_name, changes, message) => {
    const result = await committer.commit(request(changes))

    expect(result).toEqual({
      ok: false,
      reason: 'refused',
      detail: expect.stringContaining(message)
    })
    expect(f.github.graphqlRequests()).toEqual([])
  })

  it('an empty headline', async () => {
    const result = await committer.commit({ ...request(fixChanges), headline: '  ' })

    expect(result).toEqual({
      ok: false,
      reason: 'refused',
      detail: expect.stringContaining('headline is "  "')
    })
    expect(f.github.graphqlRequests()).toEqual([])
  })
})

describe("the fake's answer to a stale expectedHeadOid", () => {
  it("is GitHub's: HTTP 200, no commit, a STALE_DATA error naming the expected oid", async () => {
    const response = await fetch(`${f.github.url}/graphql`, {
      method: 'POST',
      body: JSON.stringify({
        query: CREATE_COMMIT_ON_BRANCH_MUTATION,
        variables: {
          input: {
            branch: { repositoryNameWithOwner: `${OWNER}/${REPO}`, branchName: 'feature' },
            expectedHeadOid: 'd'.repeat(40),
            message: { headline: 'Fix' },
            fileChanges: { deletions: [{ path: 'src/unused.ts' }] }
          }
        }
      })
    })

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      data: { createCommitOnBranch: null },
      errors: [
        {
          type: 'STALE_DATA',
          path: ['createCommitOnBranch'],
          locations: [expect.objectContaining({ line: expect.any(Number) })],
          message: `Expected branch to point to "${'d'.repeat(40)}" but it did not.  Pull and try again.`
        }
      ]
    })
  })
})

describe('the mutation document', () => {
  it("is one of the documents validated against GitHub's schema", () => {
    expect(Object.values(ALL_DOCUMENTS)).toContain(CREATE_COMMIT_ON_BRANCH_MUTATION)
  })
})
