/** Reopening a resolved review thread through GraphQL, and degrading when the token may not. */
import { RESOLVE_PERMISSIONS } from '../../src/ports/review-gateway.js'
import { graphqlMatching } from '../support/fake-github/faults.js'
import { startFixture, type Fixture } from './fixture.js'

let f: Fixture
beforeEach(async () => {
  f = await startFixture()
})
afterEach(() => f.github.stop())

function resolvedThread() {
  return f.github.state.addThread(f.pr, {
    path: 'src/app.ts',
    isResolved: true,
    comments: [{ body: 'finding' }]
  })
}

describe('unresolving a thread', () => {
  it('reopens it through the unresolveReviewThread mutation', async () => {
    const thread = resolvedThread()

    expect(await f.gateway.unresolveThread(thread.id)).toEqual({ kind: 'resolved' })

    expect(thread.isResolved).toBe(false)
    const [threadAfter] = await f.gateway.listReviewThreads()
    expect(threadAfter?.isResolved).toBe(false)
    expect(f.github.graphqlRequests()[0]?.body).toMatchObject({
      query: expect.stringContaining('unresolveReviewThread'),
      variables: { threadId: thread.id }
    })
  })

  it('FORBIDDEN degrades to a warning naming the permissions; the thread stays resolved', async () => {
    f.github.state.resolveForbidden = true
    const thread = resolvedThread()

    const result = await f.gateway.unresolveThread(thread.id)

    expect(result).toEqual({
      kind: 'forbidden',
      reply: undefined,
      warning: expect.stringContaining(RESOLVE_PERMISSIONS)
    })
    if (result.kind === 'forbidden')
      expect(result.warning).toMatch(/Resource not accessible by integration/)
    expect(thread.isResolved).toBe(true)
    expect(thread.comments).toHaveLength(1)
    expect(f.logs).toContainEqual(expect.stringContaining(RESOLVE_PERMISSIONS))
  })

  it('a REST-style 403 on the GraphQL endpoint degrades too', async () => {
    const thread = resolvedThread()
    f.github.fail(graphqlMatching('unresolveReviewThread'), {
      status: 403,
      body: { message: 'Resource not accessible by integration' }
    })

    expect(await f.gateway.unresolveThread(thread.id)).toMatchObject({ kind: 'forbidden' })
    expect(thread.isResolved).toBe(true)
  })

  it('other errors are not mistaken for a missing permission', async () => {
    await expect(f.gateway.unresolveThread('PRRT_nope')).rejects.toThrow(
      /Could not resolve to a node with the global id of 'PRRT_nope'/
    )
  })
})
