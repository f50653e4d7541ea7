/**
 * 👎 reactions on a bot finding (a PR review comment) through the real store:
 * who reacted so, and only so, on that comment; a deleted comment has none; a
 * refusal is a warning, not an exception.
 */
import { notAccessibleByIntegration } from '../support/fake-github/faults.js'
import { SEEDED_AT } from '../support/fake-github/pull-state.js'
import { BOT, startMemoryFixture, type MemoryFixture } from './memory-fixture.js'

const REACTIONS = 'GET /repos/:owner/:repo/pulls/comments/:comment_id/reactions'

let f: MemoryFixture
let finding: number
let other: number
beforeEach(async () => {
  f = await startMemoryFixture()
  const thread = f.github.state.addThread(f.pr, {
    path: 'src/app.ts',
    comments: [
      { author: BOT, body: 'finding' },
      { author: 'alice', body: 'by design' }
    ]
  })
  finding = thread.comments[0]!.id
  other = thread.comments[1]!.id
})
afterEach(() => f.github.stop())

it('lists who reacted 👎 to the finding, oldest first, and no other reaction', async () => {
  const { state } = f.github
  state.addReaction('review', finding, '-1', 'alice')
  state.addReaction('review', finding, '+1', 'carol')
  state.addReaction('review', other, '-1', 'dave')
  state.addReaction('issue', finding, '-1', 'erin')
  state.addReaction('review', finding, '-1', 'bob', '2026-02-01T00:00:00Z')

  expect(await f.store.listThumbsDown(finding)).toEqual({
    kind: 'listed',
    reactions: [
      { login: 'alice', createdAt: SEEDED_AT },
      { login: 'bob', createdAt: '2026-02-01T00:00:00Z' }
    ]
  })
})

it('reads past the first page of reactions', async () => {
  for (let i = 0; i < 105; i += 1) f.github.state.addReaction('review', finding, '-1', `dev${i}`)

  const result = await f.store.listThumbsDown(finding)

  expect(result.kind === 'listed' && result.reactions.length).toBe(105)
  expect(f.github.requestsTo(REACTIONS)).toHaveLength(2)
})

it('a finding without reactions, or deleted (404): nobody', async () => {
  expect(await f.store.listThumbsDown(finding)).toEqual({ kind: 'listed', reactions: [] })
  expect(await f.store.listThumbsDown(999_999)).toEqual({ kind: 'listed', reactions: [] })
})

it('a token that may not read reactions: forbidden, naming the permission', async () => {
  f.github.fail(REACTIONS, notAccessibleByIntegration())

  expect(await f.store.listThumbsDown(finding)).toEqual({
    kind: 'forbidden',
    warning: expect.stringMatching(/review comment \d+ \(403 .*pull-requests: read/)
  })
})
