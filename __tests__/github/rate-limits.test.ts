/**
 * Secondary rate limits are waited out by plugin-throttling, with GitHub's
 * retry-after or, without one, its one-minute fallback (time is shrunk: one
 * second is one millisecond here, so the waits are real but short).
 */
import { secondaryRateLimit } from '../support/fake-github/faults.js'
import { allReviewComments, startFixture, type Fixture } from './fixture.js'

const CREATE = 'POST /repos/:owner/:repo/pulls/:number/comments'

let f: Fixture
beforeEach(async () => {
  f = await startFixture()
})
afterEach(() => f.github.stop())

it.each([
  ['with retry-after', 7, /waiting 7s/],
  ['without retry-after', undefined, /waiting 60s/]
])(
  'a write hit by a secondary limit %s is retried after the wait',
  async (_name, seconds, wait) => {
    f.github.fail(CREATE, secondaryRateLimit(seconds))

    const result = await f.gateway.postLineComment(f.pr.headSha, {
      path: 'src/app.ts',
      line: 2,
      body: 'patient'
    })

    expect(result.placed).toBe('line')
    expect(allReviewComments(f.pr).map((comment) => comment.body)).toEqual(['patient'])
    expect(f.github.requestsTo(CREATE).map((request) => request.status)).toEqual([403, 201])
    const waits = f.logs.filter((line) => /secondary rate limit on POST .*comments/.test(line))
    expect(waits).toHaveLength(1)
    expect(waits[0]).toMatch(wait)
  }
)

it('a read hit by a secondary limit is retried too', async () => {
  f.github.fail('POST /graphql', secondaryRateLimit(2))
  f.github.state.addThread(f.pr, { path: 'src/app.ts', comments: [{ body: 'x' }] })

  expect(await f.gateway.listReviewThreads()).toHaveLength(1)
  expect(f.github.graphqlRequests().map((request) => request.status)).toEqual([403, 200])
})

it('a limit that outlasts the retries fails the write instead of posting twice', async () => {
  f.github.fail(CREATE, secondaryRateLimit(1), Infinity)

  await expect(
    f.gateway.postLineComment(f.pr.headSha, { path: 'src/app.ts', line: 2, body: 'x' })
  ).rejects.toThrow(/secondary rate limit/)
  // The first try and three retries (createGitHubClient's default).
  expect(f.github.requestsTo(CREATE)).toHaveLength(4)
  expect(allReviewComments(f.pr)).toHaveLength(0)
})
