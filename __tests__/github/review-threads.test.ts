/** Review threads through GraphQL: pagination of threads and of long threads' comments. */
import { startFixture, type Fixture } from './fixture.js'

let f: Fixture
beforeEach(async () => {
  f = await startFixture()
})
afterEach(() => f.github.stop())

describe('review threads', () => {
  it('pages through 120 threads in two requests, keeping their order', async () => {
    for (let index = 0; index < 120; index += 1)
      f.github.state.addThread(f.pr, {
        path: 'src/app.ts',
        line: index + 1,
        comments: [{ author: 'alice', body: `thread ${index}` }]
      })

    const threads = await f.gateway.listReviewThreads()

    expect(threads).toHaveLength(120)
    expect(threads.map((thread) => thread.comments[0]?.body)).toEqual(
      Array.from({ length: 120 }, (_, index) => `thread ${index}`)
    )
    expect(new Set(threads.map((thread) => thread.id)).size).toBe(120)
    expect(f.github.graphqlRequests()).toHaveLength(2)
  })

  it('a thread with 150 comments comes back whole, in order', async () => {
    f.github.state.addThread(f.pr, { path: 'a.ts', comments: [{ body: 'short' }] })
    const long = f.github.state.addThread(f.pr, {
      path: 'src/app.ts',
      line: 3,
      comments: Array.from({ length: 150 }, (_, index) => ({
        author: index % 2 === 0 ? 'github-actions[bot]' : 'alice',
        body: `comment ${index}`
      }))
    })

    const threads = await f.gateway.listReviewThreads()

    const found = threads.find((thread) => thread.id === long.id)
    expect(found?.comments.map((comment) => comment.body)).toEqual(
      Array.from({ length: 150 }, (_, index) => `comment ${index}`)
    )
    expect(found?.comments.map((comment) => comment.id)).toEqual(long.comments.map((c) => c.id))
    expect(threads.find((thread) => thread.id !== long.id)?.comments).toHaveLength(1)
    // One page of threads plus one follow-up for the long thread.
    expect(f.github.graphqlRequests()).toHaveLength(2)
  })

  it('reports bot authors in GraphQL form: no [bot] suffix, isBot from __typename', async () => {
    f.github.state.addThread(f.pr, {
      path: 'src/app.ts',
      comments: [
        { author: 'github-actions[bot]', body: 'finding' },
        { author: 'alice', body: 'reply' }
      ]
    })

    const [thread] = await f.gateway.listReviewThreads()

    expect(thread?.comments.map((comment) => comment.author)).toEqual([
      { login: 'github-actions', isBot: true },
      { login: 'alice', isBot: false }
    ])
  })

  it('maps resolved and outdated threads, with the REST id of each comment', async () => {
    const seeded = f.github.state.addThread(f.pr, {
      path: 'src/app.ts',
      line: 11,
      originalLine: 9,
      isResolved: true,
      isOutdated: true,
      comments: [{ body: 'old finding', createdAt: '2024-02-03T04:05:06Z' }]
    })
    seeded.resolvedBy = 'alice'

    const [thread] = await f.gateway.listReviewThreads()

    expect(thread).toEqual({
      id: seeded.id,
      isResolved: true,
      resolvedBy: 'alice',
      isOutdated: true,
      path: 'src/app.ts',
      line: null,
      originalLine: 9,
      comments: [
        {
          id: seeded.comments[0]?.id,
          nodeId: seeded.comments[0]?.nodeId,
          author: { login: 'github-actions', isBot: true },
          body: 'old finding',
          createdAt: '2024-02-03T04:05:06Z',
          path: 'src/app.ts',
          line: null,
          originalLine: 9
        }
      ]
    })
  })

  it('a PR without threads costs one request', async () => {
    expect(await f.gateway.listReviewThreads()).toEqual([])
    expect(f.github.graphqlRequests()).toHaveLength(1)
  })
})
