/**
 * The fake's issue routes answer the way GitHub does (PRs are issues too), so
 * the memory-store tests above them prove something about the real API.
 */
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'

let github: FakeGitHub
beforeEach(async () => {
  github = await new FakeGitHub().start()
  github.state.addPullRequest('o', 'r', 1)
})
afterEach(() => github.stop())

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${github.url}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const text = await response.text()
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as unknown }
}

const numbers = (body: unknown) => (body as { number: number }[]).map((item) => item.number)

describe('the fake issue routes', () => {
  it('creates an issue as the token’s account, numbered after the PRs', async () => {
    const created = await call('POST', '/repos/o/r/issues', { title: 'memory', body: 'b' })

    expect(created).toEqual({
      status: 201,
      body: expect.objectContaining({
        number: 2,
        title: 'memory',
        body: 'b',
        state: 'open',
        user: expect.objectContaining({ login: 'github-actions[bot]', type: 'Bot' })
      })
    })
    expect(await call('POST', '/repos/o/r/issues', { body: 'no title' })).toMatchObject({
      status: 422
    })
  })

  it('lists open issues and PRs, newest first; filters by state, creator and labels', async () => {
    const issues = github.state.issues
    issues.add('o', 'r', { title: 'closed', author: 'alice', state: 'closed' })
    issues.add('o', 'r', { title: 'labelled', author: 'alice', labels: ['memory', 'bot'] })

    const open = await call('GET', '/repos/o/r/issues')
    expect(numbers(open.body)).toEqual([3, 1])
    expect((open.body as { pull_request?: unknown }[])[1]?.pull_request).toBeDefined()
    expect(numbers((await call('GET', '/repos/o/r/issues?state=all&direction=asc')).body)).toEqual([
      1, 2, 3
    ])
    expect(numbers((await call('GET', '/repos/o/r/issues?state=all&creator=ALICE')).body)).toEqual([
      3, 2
    ])
    expect(numbers((await call('GET', '/repos/o/r/issues?labels=memory,bot')).body)).toEqual([3])
    expect(numbers((await call('GET', '/repos/o/r/issues?labels=memory,other')).body)).toEqual([])
  })

  it('answers one issue, a PR as an issue, 404 for neither', async () => {
    github.state.issues.add('o', 'r', { title: 'plain' })

    expect((await call('GET', '/repos/o/r/issues/2')).body).toMatchObject({ title: 'plain' })
    expect((await call('GET', '/repos/o/r/issues/1')).body).toMatchObject({
      number: 1,
      pull_request: expect.anything()
    })
    expect((await call('GET', '/repos/o/r/issues/9')).status).toBe(404)
  })

  it('without issues permission plain issues answer 403, a PR’s conversation still works', async () => {
    const issue = github.state.issues.add('o', 'r', { title: 'plain' })
    github.state.issues.permission = 'none'

    const denied = await call('POST', `/repos/o/r/issues/${issue.number}/comments`, { body: 'x' })
    expect(denied).toEqual({
      status: 403,
      body: expect.objectContaining({ message: 'Resource not accessible by integration' })
    })
    expect((await call('GET', '/repos/o/r/issues')).status).toBe(403)
    const onPr = await call('POST', '/repos/o/r/issues/1/comments', { body: 'summary' })
    expect(onPr.status).toBe(201)
    const id = (onPr.body as { id: number }).id
    expect((await call('PATCH', `/repos/o/r/issues/comments/${id}`, { body: 'v2' })).status).toBe(
      200
    )
    expect((await call('GET', '/repos/o/r/issues/1/comments')).body).toEqual([
      expect.objectContaining({ body: 'v2', html_url: expect.stringContaining('/pull/1#') })
    ])
  })

  it('deletes a comment on a plain issue; 404 afterwards; a comment by another user stays', async () => {
    const issue = github.state.issues.add('o', 'r', { title: 'plain' })
    const mine = github.state.addIssueComment(issue, { body: 'mine' })
    github.state.addIssueComment(issue, { author: 'alice', body: 'hers' })

    expect((await call('DELETE', `/repos/o/r/issues/comments/${mine.id}`)).status).toBe(204)
    expect((await call('DELETE', `/repos/o/r/issues/comments/${mine.id}`)).status).toBe(404)
    const left = await call('GET', `/repos/o/r/issues/${issue.number}/comments`)
    expect(left.body).toEqual([
      expect.objectContaining({
        body: 'hers',
        user: expect.objectContaining({ login: 'alice' }),
        html_url: expect.stringContaining(`/issues/${issue.number}#issuecomment-`)
      })
    ])
  })
})
