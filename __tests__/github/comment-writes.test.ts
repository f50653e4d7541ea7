/**
 * Line comments, replies and summary comments through the real gateway:
 * placement fallbacks (422 -> file -> summary) and exactly-once creation
 * despite 5xx answers.
 */
import { serverError, unprocessable } from '../support/fake-github/faults.js'
import { allReviewComments, startFixture, type Fixture } from './fixture.js'

const CREATE = 'POST /repos/:owner/:repo/pulls/:number/comments'
const REPLY = 'POST /repos/:owner/:repo/pulls/:number/comments/:comment_id/replies'
const ISSUE_COMMENT = 'POST /repos/:owner/:repo/issues/:number/comments'

let f: Fixture
beforeEach(async () => {
  f = await startFixture()
})
afterEach(() => f.github.stop())

describe('a comment on a line', () => {
  it('lands on the line and side asked for, on the commit given', async () => {
    const result = await f.gateway.postLineComment(f.pr.headSha, {
      path: 'src/app.ts',
      line: 9,
      side: 'LEFT',
      body: 'old y() was better'
    })

    const [stored] = allReviewComments(f.pr)
    expect(result).toEqual({
      placed: 'line',
      comment: {
        id: stored?.id,
        nodeId: stored?.nodeId,
        url: expect.stringContaining(`r${stored?.id}`)
      }
    })
    expect(stored).toMatchObject({
      path: 'src/app.ts',
      line: 9,
      side: 'LEFT',
      subjectType: 'line',
      commitId: f.pr.headSha,
      author: { login: 'github-actions[bot]' }
    })
  })

  it('a line outside the diff (422) becomes a file-level comment', async () => {
    const result = await f.gateway.postLineComment(f.pr.headSha, {
      path: 'src/app.ts',
      line: 50,
      body: 'finding on line 50'
    })

    expect(result).toMatchObject({
      placed: 'file',
      reason: expect.stringMatching(/src\/app\.ts:50 \(RIGHT\): 422 .*must be part of the diff/)
    })
    expect(allReviewComments(f.pr)).toEqual([
      expect.objectContaining({
        subjectType: 'file',
        path: 'src/app.ts',
        body: 'finding on line 50'
      })
    ])
  })

  it('when the file is refused too, the finding goes back to the caller for the summary', async () => {
    const result = await f.gateway.postLineComment(f.pr.headSha, {
      path: 'not/in/this/pr.ts',
      line: 2,
      body: 'finding'
    })

    expect(result).toEqual({
      placed: 'summary',
      reason: expect.stringMatching(
        /not\/in\/this\/pr\.ts:2 .*on the file: 422 .*Path could not be resolved/
      )
    })
    expect(allReviewComments(f.pr)).toHaveLength(0)
    expect(f.github.requestsTo(CREATE).map((request) => request.status)).toEqual([422, 422])
  })

  it('a file-level finding is posted on the file directly, or handed back for the summary', async () => {
    const onFile = await f.gateway.postFileComment(
      f.pr.headSha,
      'assets/logo.png',
      'binary changed'
    )
    expect(onFile).toMatchObject({ placed: 'file' })
    expect(allReviewComments(f.pr)).toEqual([
      expect.objectContaining({
        subjectType: 'file',
        path: 'assets/logo.png',
        body: 'binary changed'
      })
    ])
    const refused = await f.gateway.postFileComment(f.pr.headSha, 'not/in/this/pr.ts', 'x')
    expect(refused).toEqual({
      placed: 'summary',
      reason: expect.stringMatching(/not\/in\/this\/pr\.ts: on the file: 422/)
    })
    expect(allReviewComments(f.pr)).toHaveLength(1)
  })

  it('errors other than 422 are not swallowed', async () => {
    f.github.fail(CREATE, { status: 404, body: { message: 'Not Found' } })
    await expect(
      f.gateway.postLineComment(f.pr.headSha, { path: 'src/app.ts', line: 2, body: 'x' })
    ).rejects.toThrow(/Not Found/)
  })

  it('a 5xx before GitHub stored it: re-read, then sent again, one comment in the end', async () => {
    f.github.fail(CREATE, serverError(502))

    const result = await f.gateway.postLineComment(f.pr.headSha, {
      path: 'src/app.ts',
      line: 2,
      body: 'once'
    })

    expect(result.placed).toBe('line')
    expect(allReviewComments(f.pr).map((comment) => comment.body)).toEqual(['once'])
    expect(f.github.requestsTo(CREATE).map((request) => request.status)).toEqual([502, 201])
    expect(f.github.requestsTo('GET /repos/:owner/:repo/pulls/:number/comments')).toHaveLength(1)
  })

  it('a 5xx after GitHub stored it: found on re-read, not sent again', async () => {
    f.github.fail(CREATE, serverError(500), 1, { afterHandling: true })

    const result = await f.gateway.postLineComment(f.pr.headSha, {
      path: 'src/app.ts',
      line: 2,
      body: 'once'
    })

    const stored = allReviewComments(f.pr)
    expect(stored.map((comment) => comment.body)).toEqual(['once'])
    expect(result).toEqual({
      placed: 'line',
      comment: expect.objectContaining({ id: stored[0]?.id })
    })
    expect(f.github.requestsTo(CREATE)).toHaveLength(1)
  })

  it('gives up after the configured attempts, having checked each time that nothing was stored', async () => {
    f.github.fail(CREATE, serverError(503), Infinity)
    await expect(
      f.gateway.postLineComment(f.pr.headSha, { path: 'src/app.ts', line: 2, body: 'x' })
    ).rejects.toThrow(/failed to create a review comment on src\/app\.ts 3 times \(last: 503/)
    expect(f.github.requestsTo(CREATE)).toHaveLength(3)
    expect(f.github.requestsTo('GET /repos/:owner/:repo/pulls/:number/comments')).toHaveLength(3)
  })
})

describe('a reply in a thread', () => {
  it('is appended to the thread of the comment', async () => {
    const thread = f.github.state.addThread(f.pr, {
      path: 'src/app.ts',
      comments: [{ body: 'root' }]
    })
    const root = thread.comments[0]!

    const posted = await f.gateway.replyToThread(root.id, 'Fixed, thanks.')

    expect(thread.comments.map((comment) => comment.body)).toEqual(['root', 'Fixed, thanks.'])
    expect(posted.id).toBe(thread.comments[1]?.id)
  })

  it('a 5xx after GitHub stored it does not produce a second reply', async () => {
    const thread = f.github.state.addThread(f.pr, {
      path: 'src/app.ts',
      comments: [{ body: 'root' }]
    })
    f.github.fail(REPLY, serverError(502), 1, { afterHandling: true })

    await f.gateway.replyToThread(thread.comments[0]!.id, 'same words')

    expect(thread.comments.map((comment) => comment.body)).toEqual(['root', 'same words'])
    expect(f.github.requestsTo(REPLY)).toHaveLength(1)
  })
})

describe('the summary comment', () => {
  it('a 5xx after GitHub stored it does not produce a second summary', async () => {
    f.github.fail(ISSUE_COMMENT, serverError(504), 1, { afterHandling: true })

    const posted = await f.gateway.postIssueComment('## Summary')

    expect(f.pr.issueComments.map((comment) => comment.body)).toEqual(['## Summary'])
    expect(posted.id).toBe(f.pr.issueComments[0]?.id)
    expect(f.github.requestsTo(ISSUE_COMMENT)).toHaveLength(1)
  })

  it('an identical summary from an earlier run does not count as this one', async () => {
    f.github.state.addIssueComment(f.pr, { author: 'github-actions[bot]', body: '## Summary' })
    f.github.fail(ISSUE_COMMENT, serverError(502))

    await f.gateway.postIssueComment('## Summary')

    expect(f.pr.issueComments.map((comment) => comment.body)).toEqual(['## Summary', '## Summary'])
    expect(f.github.requestsTo(ISSUE_COMMENT).map((request) => request.status)).toEqual([502, 201])
  })

  it('is edited in place', async () => {
    const old = f.github.state.addIssueComment(f.pr, { body: 'run 1' })
    const posted = await f.gateway.updateIssueComment(old.id, 'run 2')
    expect(posted.id).toBe(old.id)
    expect(f.pr.issueComments.map((comment) => comment.body)).toEqual(['run 2'])
  })

  it('a 422 on the summary is an error (there is nowhere else to put it)', async () => {
    f.github.fail(ISSUE_COMMENT, unprocessable('Body is too long'))
    await expect(f.gateway.postIssueComment('x')).rejects.toThrow(/Body is too long/)
  })
})
