/**
 * The bot's memory issue through the real store: found only when the bot
 * created it AND it carries both markers (decoys by others, unmarked bot
 * issues and PRs are passed over), closed ones included, opened on first use
 * and at most once.
 */
import { isMemoryIssueBody, MEMORY_ISSUE_TITLE } from '../../src/core/names/memory-issue-marker.js'
import { serverError, unprocessable } from '../support/fake-github/faults.js'
import type { FakeRequest } from '../support/fake-github/router.js'
import {
  BOT,
  BOT_ONLY_BODY,
  OTHER_BOT,
  OWNER,
  REPO,
  refOf,
  seedMemoryIssue,
  startMemoryFixture,
  type MemoryFixture
} from './memory-fixture.js'

const LIST = 'GET /repos/:owner/:repo/issues'
const CREATE = 'POST /repos/:owner/:repo/issues'

let f: MemoryFixture
beforeEach(async () => {
  f = await startMemoryFixture()
})
afterEach(() => f.github.stop())

const listsFor = (login: string) => (request: FakeRequest) =>
  request.method === 'GET' &&
  request.path === `/repos/${OWNER}/${REPO}/issues` &&
  request.query.get('creator') === login

describe('finding the memory issue', () => {
  it('none yet: missing', async () => {
    expect(await f.store.findMemoryIssue()).toEqual({ kind: 'missing' })
  })

  it('passes over decoys: same title and markers by someone else, a bot issue without the memory marker, a marked PR', async () => {
    seedMemoryIssue(f.github, { author: 'mallory' })
    seedMemoryIssue(f.github, { body: BOT_ONLY_BODY })
    f.pr.author = { login: BOT, type: 'Bot' }
    f.pr.body = seedMemoryIssue(f.github, { author: 'octocat' }).body
    const own = seedMemoryIssue(f.github)

    expect(await f.store.findMemoryIssue()).toEqual({ kind: 'found', issue: refOf(own) })
  })

  it('a user who registered the bot’s bare name is not the bot', async () => {
    seedMemoryIssue(f.github, { author: 'github-actions' })

    expect(await f.store.findMemoryIssue()).toEqual({ kind: 'missing' })
  })

  it('finds a closed memory issue too', async () => {
    const closed = seedMemoryIssue(f.github, { state: 'closed' })

    expect(await f.store.findMemoryIssue()).toEqual({
      kind: 'found',
      issue: { ...refOf(closed), state: 'closed' }
    })
  })

  it('of two memory issues by the bot’s logins, the oldest wins', async () => {
    const older = seedMemoryIssue(f.github, { author: OTHER_BOT })
    seedMemoryIssue(f.github)

    expect(await f.store.findMemoryIssue()).toMatchObject({ issue: { number: older.number } })
  })

  it('pages through the bot’s other issues, oldest first, and stops at the memory issue', async () => {
    for (let i = 0; i < 130; i += 1)
      f.github.state.issues.add(OWNER, REPO, { title: `chore ${i}`, author: BOT })
    const own = seedMemoryIssue(f.github)
    for (let i = 0; i < 120; i += 1)
      f.github.state.issues.add(OWNER, REPO, { title: `later ${i}`, author: BOT })

    expect(await f.store.findMemoryIssue()).toEqual({ kind: 'found', issue: refOf(own) })
    const pages = f.github.requests.filter((r) => r.route === LIST && r.status === 200)
    // Two pages for the Actions bot (the match is on page 2 of 3), one for the other login.
    expect(pages).toHaveLength(3)
  })

  it('a bot login GitHub does not know (422) has no issues', async () => {
    f.github.fail(listsFor(OTHER_BOT), unprocessable('The listed users cannot be searched'))
    const own = seedMemoryIssue(f.github)

    expect(await f.store.findMemoryIssue()).toEqual({ kind: 'found', issue: refOf(own) })
  })

  it('GitHub failing for good is thrown, not taken for "no memory issue"', async () => {
    f.github.fail(LIST, serverError(), Infinity)

    await expect(f.store.findMemoryIssue()).rejects.toMatchObject({ status: 502 })
  })
})

describe('opening the memory issue', () => {
  it('opens it as the token’s account with the title and both markers; found afterwards', async () => {
    const created = await f.store.createMemoryIssue()

    const [issue] = f.github.state.issues.inRepo(OWNER, REPO)
    expect(created).toEqual({ kind: 'created', issue: refOf(issue!) })
    expect(issue).toMatchObject({ title: MEMORY_ISSUE_TITLE, author: { login: BOT } })
    expect(isMemoryIssueBody(issue?.body)).toBe(true)
    expect(issue?.body).toMatch(/delete its comment/)
    expect(await f.store.findMemoryIssue()).toEqual({ kind: 'found', issue: refOf(issue!) })
  })

  it('a 5xx for an issue GitHub stored anyway: found on re-read, not opened twice', async () => {
    f.github.fail(CREATE, serverError(), 1, { afterHandling: true })

    const created = await f.store.createMemoryIssue()

    expect(f.github.state.issues.inRepo(OWNER, REPO)).toHaveLength(1)
    expect(created).toMatchObject({ kind: 'created' })
    expect(f.github.requestsTo(CREATE)).toHaveLength(1)
  })

  it('a 5xx for an issue GitHub did not store: sent again', async () => {
    f.github.fail(CREATE, serverError(), 1)

    expect(await f.store.createMemoryIssue()).toMatchObject({ kind: 'created' })
    expect(f.github.state.issues.inRepo(OWNER, REPO)).toHaveLength(1)
    expect(f.github.requestsTo(CREATE).map((r) => r.status)).toEqual([502, 201])
  })
})
