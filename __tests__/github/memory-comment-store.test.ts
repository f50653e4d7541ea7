/**
 * The memory issue's comments through the real store: every comment in one
 * paginated read, a new one created at most once, edits, a deleted comment
 * answering `gone`, and a token short of issues permission answered with a
 * warning instead of an exception.
 */
import type { FakeIssue } from '../support/fake-github/issue-state.js'
import { serverError } from '../support/fake-github/faults.js'
import { json } from '../support/fake-github/router.js'
import {
  BOT,
  OWNER,
  REPO,
  refOf,
  seedMemoryIssue,
  startMemoryFixture,
  type MemoryFixture
} from './memory-fixture.js'

const LIST = 'GET /repos/:owner/:repo/issues/:number/comments'
const POST = 'POST /repos/:owner/:repo/issues/:number/comments'

let f: MemoryFixture
let issue: FakeIssue
beforeEach(async () => {
  f = await startMemoryFixture()
  issue = seedMemoryIssue(f.github)
})
afterEach(() => f.github.stop())

async function deleteComment(id: number): Promise<number> {
  const path = `/repos/${OWNER}/${REPO}/issues/comments/${id}`
  return (await fetch(`${f.github.url}${path}`, { method: 'DELETE' })).status
}

describe('reading the memory', () => {
  it('lists more than 100 comments, oldest first, with author, times and address', async () => {
    for (let i = 0; i < 130; i += 1)
      f.github.state.addIssueComment(issue, {
        author: i === 3 ? 'mallory' : BOT,
        body: `learning ${i}`,
        createdAt: `2024-02-01T00:00:${String(i % 60).padStart(2, '0')}Z`
      })

    const result = await f.store.listMemoryComments(refOf(issue))

    if (result.kind !== 'listed') throw new Error(`expected listed, got ${result.kind}`)
    expect(result.comments).toHaveLength(130)
    expect(result.comments.map((c) => c.body).slice(0, 2)).toEqual(['learning 0', 'learning 1'])
    expect(result.comments[3]).toEqual({
      id: issue.issueComments[3]!.id,
      body: 'learning 3',
      author: { login: 'mallory', isBot: false },
      createdAt: '2024-02-01T00:00:03Z',
      updatedAt: '2024-02-01T00:00:03Z',
      url: `https://github.com/${OWNER}/${REPO}/issues/${issue.number}#issuecomment-${issue.issueComments[3]!.id}`
    })
    expect(result.comments[129]?.author).toEqual({ login: BOT, isBot: true })
    expect(f.github.requestsTo(LIST)).toHaveLength(2)
  })

  it('a comment someone deleted is no longer read (how the team makes the bot forget)', async () => {
    const kept = f.github.state.addIssueComment(issue, { author: BOT, body: 'keep' })
    const forgotten = f.github.state.addIssueComment(issue, { author: BOT, body: 'forget' })

    expect(await deleteComment(forgotten.id)).toBe(204)

    const result = await f.store.listMemoryComments(refOf(issue))
    expect(result).toEqual({
      kind: 'listed',
      comments: [expect.objectContaining({ id: kept.id, body: 'keep' })]
    })
  })
})

describe('writing the memory', () => {
  it('posts a comment as the token’s account', async () => {
    const result = await f.store.postMemoryComment(refOf(issue), 'a new learning')

    const [stored] = issue.issueComments
    expect(stored).toMatchObject({ body: 'a new learning', author: { login: BOT } })
    expect(result).toEqual({
      kind: 'written',
      comment: expect.objectContaining({ id: stored?.id, body: 'a new learning' })
    })
  })

  it('a 5xx for a comment GitHub stored anyway: one comment, not two', async () => {
    f.github.fail(POST, serverError(), 1, { afterHandling: true })

    const result = await f.store.postMemoryComment(refOf(issue), 'once only')

    expect(issue.issueComments.map((c) => c.body)).toEqual(['once only'])
    expect(result).toMatchObject({ kind: 'written', comment: { id: issue.issueComments[0]?.id } })
    expect(f.github.requestsTo(POST)).toHaveLength(1)
  })

  it('edits a comment in place', async () => {
    const seeded = f.github.state.addIssueComment(issue, { author: BOT, body: 'outcomes v1' })

    const result = await f.store.updateMemoryComment(seeded.id, 'outcomes v2')

    expect(issue.issueComments.map((c) => c.body)).toEqual(['outcomes v2'])
    expect(result).toMatchObject({
      kind: 'written',
      comment: { id: seeded.id, body: 'outcomes v2' }
    })
    expect(seeded.updatedAt > seeded.createdAt).toBe(true)
  })

  it('editing a comment that was deleted answers gone', async () => {
    const seeded = f.github.state.addIssueComment(issue, { author: BOT, body: 'outcomes' })
    await deleteComment(seeded.id)

    expect(await f.store.updateMemoryComment(seeded.id, 'outcomes v2')).toEqual({ kind: 'gone' })
  })
})

describe('a token without issues: write', () => {
  beforeEach(() => {
    f.github.state.issues.permission = 'read'
  })

  const refused = {
    kind: 'forbidden',
    warning: expect.stringMatching(/403 Resource not accessible by integration.*issues: write/)
  }

  it('still finds and reads the memory issue', async () => {
    f.github.state.addIssueComment(issue, { author: BOT, body: 'learned' })

    expect(await f.store.findMemoryIssue()).toMatchObject({ kind: 'found' })
    expect(await f.store.listMemoryComments(refOf(issue))).toMatchObject({ kind: 'listed' })
  })

  it('opening, commenting and editing are refused with a warning, nothing thrown or written', async () => {
    const seeded = f.github.state.addIssueComment(issue, { author: BOT, body: 'v1' })

    expect(await f.store.createMemoryIssue()).toEqual(refused)
    expect(await f.store.postMemoryComment(refOf(issue), 'new')).toEqual(refused)
    expect(await f.store.updateMemoryComment(seeded.id, 'v2')).toEqual(refused)
    expect(f.github.state.issues.inRepo(OWNER, REPO)).toHaveLength(1)
    expect(issue.issueComments.map((c) => c.body)).toEqual(['v1'])
  })

  it('without issues: read either, finding and reading are refused too', async () => {
    f.github.state.issues.permission = 'none'

    expect(await f.store.findMemoryIssue()).toEqual(refused)
    expect(await f.store.listMemoryComments(refOf(issue))).toEqual(refused)
  })

  it('issues turned off in the repository (410): refused, saying so', async () => {
    f.github.fail(POST, json(410, { message: 'Issues are disabled for this repo' }))

    expect(await f.store.postMemoryComment(refOf(issue), 'new')).toEqual({
      kind: 'forbidden',
      warning: expect.stringContaining('Issues are turned off in this repository (410')
    })
  })
})
