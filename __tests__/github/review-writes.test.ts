/** Batched reviews and thread resolution through the real gateway. */
import { RESOLVE_PERMISSIONS } from '../../src/ports/review-gateway.js'
import { graphqlMatching, serverError } from '../support/fake-github/faults.js'
import { allReviewComments, startFixture, type Fixture } from './fixture.js'

const CREATE_REVIEW = 'POST /repos/:owner/:repo/pulls/:number/reviews'
const CREATE_COMMENT = 'POST /repos/:owner/:repo/pulls/:number/comments'

let f: Fixture
beforeEach(async () => {
  f = await startFixture()
})
afterEach(() => f.github.stop())

describe('a batched review', () => {
  it('posts every comment in one COMMENT review and returns each comment id', async () => {
    const result = await f.gateway.postReview(
      f.pr.headSha,
      [
        { path: 'src/app.ts', line: 2, body: 'first' },
        { path: 'src/app.ts', line: 11, body: 'second' }
      ],
      'Pass 1'
    )

    const stored = allReviewComments(f.pr)
    expect(f.pr.reviews).toEqual([expect.objectContaining({ state: 'COMMENTED', body: 'Pass 1' })])
    expect(result).toEqual({
      reviewId: f.pr.reviews[0]?.id,
      fallbackReason: undefined,
      placements: [
        { placed: 'line', comment: expect.objectContaining({ id: stored[0]?.id }) },
        { placed: 'line', comment: expect.objectContaining({ id: stored[1]?.id }) }
      ]
    })
    expect(stored.map((comment) => [comment.body, comment.line, comment.reviewId])).toEqual([
      ['first', 2, result.reviewId],
      ['second', 11, result.reviewId]
    ])
    expect(f.github.requestsTo(CREATE_COMMENT)).toHaveLength(0)
  })

  it('one bad line rejects the batch, yet no other comment is lost', async () => {
    const result = await f.gateway.postReview(f.pr.headSha, [
      { path: 'src/app.ts', line: 2, body: 'good one' },
      { path: 'src/app.ts', line: 99, body: 'off the diff' },
      { path: 'src/app.ts', line: 12, body: 'good two' },
      { path: 'gone.ts', line: 1, body: 'not in the PR' }
    ])

    expect(f.github.requestsTo(CREATE_REVIEW).map((request) => request.status)).toEqual([422])
    expect(result.reviewId).toBeUndefined()
    expect(result.fallbackReason).toMatch(/rejected: 422/)
    expect(result.placements.map((placement) => placement.placed)).toEqual([
      'line',
      'file',
      'line',
      'summary'
    ])
    expect(
      allReviewComments(f.pr).map((comment) => [comment.body, comment.subjectType, comment.line])
    ).toEqual([
      ['good one', 'line', 2],
      ['off the diff', 'file', null],
      ['good two', 'line', 12]
    ])
  })

  it('a 5xx after GitHub stored the review: nothing is posted again', async () => {
    f.github.fail(CREATE_REVIEW, serverError(502), 1, { afterHandling: true })

    const result = await f.gateway.postReview(f.pr.headSha, [
      { path: 'src/app.ts', line: 2, body: 'a' },
      { path: 'src/app.ts', line: 3, body: 'b' }
    ])

    expect(allReviewComments(f.pr).map((comment) => comment.body)).toEqual(['a', 'b'])
    expect(result.placements.map((placement) => placement.placed)).toEqual(['line', 'line'])
    expect(result.fallbackReason).toMatch(/failed with: 502/)
    expect(f.github.requestsTo(CREATE_REVIEW)).toHaveLength(1)
    expect(f.github.requestsTo(CREATE_COMMENT)).toHaveLength(0)
  })

  it('a 5xx before GitHub stored the review: each comment is posted once', async () => {
    f.github.fail(CREATE_REVIEW, serverError(503))

    const result = await f.gateway.postReview(f.pr.headSha, [
      { path: 'src/app.ts', line: 2, body: 'a' },
      { path: 'src/app.ts', line: 3, body: 'b' }
    ])

    expect(allReviewComments(f.pr).map((comment) => comment.body)).toEqual(['a', 'b'])
    expect(result.placements.map((placement) => placement.placed)).toEqual(['line', 'line'])
    expect(f.github.requestsTo(CREATE_COMMENT)).toHaveLength(2)
  })

  it('an empty batch writes nothing', async () => {
    expect(await f.gateway.postReview(f.pr.headSha, [])).toEqual({
      reviewId: undefined,
      fallbackReason: undefined,
      placements: []
    })
    expect(f.github.requests).toHaveLength(0)
  })
})

describe('resolving a thread', () => {
  it('resolves it through GraphQL', async () => {
    const thread = f.github.state.addThread(f.pr, { path: 'src/app.ts', comments: [{ body: 'x' }] })

    expect(await f.gateway.resolveThread(thread.id)).toEqual({ kind: 'resolved' })
    expect(thread.isResolved).toBe(true)
    const [threadAfter] = await f.gateway.listReviewThreads()
    expect(threadAfter?.isResolved).toBe(true)
  })

  it('FORBIDDEN degrades to a resolution reply and a warning naming the permission', async () => {
    f.github.state.resolveForbidden = true
    const thread = f.github.state.addThread(f.pr, { path: 'src/app.ts', comments: [{ body: 'x' }] })
    const root = thread.comments[0]!

    const result = await f.gateway.resolveThread(thread.id, {
      commentId: root.id,
      body: '✅ **Issue Resolved**'
    })

    expect(thread.isResolved).toBe(false)
    expect(thread.comments.map((comment) => comment.body)).toEqual(['x', '✅ **Issue Resolved**'])
    expect(result).toEqual({
      kind: 'forbidden',
      reply: expect.objectContaining({ id: thread.comments[1]?.id }),
      warning: expect.stringContaining(RESOLVE_PERMISSIONS)
    })
    expect(RESOLVE_PERMISSIONS).toMatch(/contents: write.*pull-requests: write/)
    if (result.kind === 'forbidden')
      expect(result.warning).toMatch(/Resource not accessible by integration/)
    expect(f.logs).toContainEqual(expect.stringContaining(RESOLVE_PERMISSIONS))
  })

  it('a REST-style 403 on the GraphQL endpoint degrades too, without a reply when none is given', async () => {
    const thread = f.github.state.addThread(f.pr, { path: 'src/app.ts', comments: [{ body: 'x' }] })
    f.github.fail(graphqlMatching('resolveReviewThread'), {
      status: 403,
      body: { message: 'Resource not accessible by integration' }
    })

    const result = await f.gateway.resolveThread(thread.id)

    expect(result).toMatchObject({ kind: 'forbidden', reply: undefined })
    expect(thread.comments).toHaveLength(1)
  })

  it('other errors are not mistaken for a missing permission', async () => {
    await expect(f.gateway.resolveThread('PRRT_nope')).rejects.toThrow(
      /Could not resolve to a node with the global id of 'PRRT_nope'/
    )
  })
})
