/**
 * The fake's check-run and commit routes answer the way GitHub does, so the
 * adapter tests above them prove something about the real API.
 */
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'

const HEAD = 'a'.repeat(40)
let github: FakeGitHub
beforeEach(async () => {
  github = await new FakeGitHub().start()
  github.state.addPullRequest('o', 'r', 1, { headSha: HEAD, commits: ['1'.repeat(40), HEAD] })
})
afterEach(() => github.stop())

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${github.url}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const completed = {
  name: 'review',
  head_sha: HEAD,
  status: 'completed',
  conclusion: 'success',
  output: { title: 't', summary: 's' }
}

describe('the fake check-run routes', () => {
  it('creates a run owned by the token app and lists it as GitHub does', async () => {
    const created = await call('POST', '/repos/o/r/check-runs', {
      ...completed,
      external_id: 'x1'
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      name: 'review',
      head_sha: HEAD,
      status: 'completed',
      conclusion: 'success',
      external_id: 'x1',
      output: { title: 't', summary: 's', text: null, annotations_count: 0 },
      app: { slug: 'github-actions', owner: { login: 'github' } },
      pull_requests: [expect.objectContaining({ number: 1 })]
    })

    const listed = await call('GET', `/repos/o/r/commits/${HEAD}/check-runs?check_name=review`)
    expect(listed.body).toEqual({ total_count: 1, check_runs: [created.body] })
    const single = await call('GET', `/repos/o/r/check-runs/${String(created.body['id'])}`)
    expect(single.body).toEqual(created.body)
  })

  it('lists only the latest run per app and name unless filter=all', async () => {
    github.state.addCheckRun('o', 'r', { name: 'review', headSha: HEAD })
    github.state.addCheckRun('o', 'r', { name: 'review', headSha: HEAD })
    github.state.addCheckRun('o', 'r', { name: 'review', headSha: HEAD, app: 'other-app' })

    const latest = await call('GET', `/repos/o/r/commits/${HEAD}/check-runs`)
    const all = await call('GET', `/repos/o/r/commits/${HEAD}/check-runs?filter=all`)

    expect(latest.body['total_count']).toBe(2)
    expect(all.body['total_count']).toBe(3)
  })

  it('a run created with another app token belongs to that app', async () => {
    github.state.viewerApp = { id: 9, slug: 'my-review-app', name: 'Mine', owner: 'o' }

    const created = await call('POST', '/repos/o/r/check-runs', completed)

    expect(created.body['app']).toMatchObject({ id: 9, slug: 'my-review-app' })
  })

  it('refuses what GitHub refuses', async () => {
    const refusal = async (body: unknown) => {
      const { status, body: answer } = await call('POST', '/repos/o/r/check-runs', body)
      return { status, answer: JSON.stringify(answer) }
    }
    expect(await refusal({ ...completed, conclusion: undefined })).toEqual({
      status: 422,
      answer: expect.stringContaining('conclusion must be provided')
    })
    expect(
      await refusal({ ...completed, output: { title: 't', summary: 'é'.repeat(40_000) } })
    ).toEqual({ status: 422, answer: expect.stringContaining('maximum bytesize of 65535') })
    expect(await refusal({ ...completed, head_sha: 'f'.repeat(40) })).toEqual({
      status: 422,
      answer: expect.stringContaining('No commit found for SHA')
    })
    github.state.checksWriteForbidden = true
    expect(await refusal(completed)).toEqual({
      status: 403,
      answer: expect.stringContaining('Resource not accessible by integration')
    })
    expect(github.state.repo('o', 'r').checkRuns).toEqual([])
  })
})

describe('the fake check-run updates', () => {
  const note = (line: number) => ({
    path: 'src/a.ts',
    start_line: line,
    end_line: line,
    annotation_level: 'warning',
    title: `t${line}`,
    message: `m${line}`
  })

  async function inProgress(): Promise<number> {
    const created = await call('POST', '/repos/o/r/check-runs', {
      name: 'review',
      head_sha: HEAD,
      status: 'in_progress',
      details_url: 'https://github.com/o/r/actions/runs/1',
      output: { title: 'Running', summary: 'Running.' }
    })
    expect(created.body).toMatchObject({
      status: 'in_progress',
      conclusion: null,
      completed_at: null,
      details_url: 'https://github.com/o/r/actions/runs/1'
    })
    return created.body['id'] as number
  }

  it('a PATCH completes the run; later PATCHes append annotations and keep the conclusion', async () => {
    const id = await inProgress()

    const done = await call('PATCH', `/repos/o/r/check-runs/${id}`, {
      status: 'completed',
      conclusion: 'failure',
      output: { title: 'Verdict', summary: 'S', text: 'T', annotations: [note(1), note(2)] }
    })
    const more = await call('PATCH', `/repos/o/r/check-runs/${id}`, {
      output: { title: 'Verdict', summary: 'S', annotations: [note(3)] }
    })

    expect(done.status).toBe(200)
    expect(more.body).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      completed_at: expect.stringMatching(/Z$/),
      output: { title: 'Verdict', summary: 'S', text: 'T', annotations_count: 3 }
    })
    const listed = await fetch(`${github.url}/repos/o/r/check-runs/${id}/annotations`)
    const annotations = (await listed.json()) as { start_line: number; title: string }[]
    expect(annotations.map((a) => [a.start_line, a.title])).toEqual([
      [1, 't1'],
      [2, 't2'],
      [3, 't3']
    ])
  })

  it('refuses more than 50 annotations in one request, an invalid level, and 403 without checks: write', async () => {
    const id = await inProgress()
    const patch = (body: unknown) => call('PATCH', `/repos/o/r/check-runs/${id}`, body)
    const output = { title: 'V', summary: 'S' }

    const tooMany = await patch({
      output: { ...output, annotations: Array.from({ length: 51 }, (_, i) => note(i + 1)) }
    })
    const badLevel = await patch({
      output: { ...output, annotations: [{ ...note(1), annotation_level: 'error' }] }
    })
    const noConclusion = await patch({ status: 'completed' })
    github.state.checksWriteForbidden = true
    const forbidden = await patch({ conclusion: 'success' })

    expect([tooMany.status, badLevel.status, noConclusion.status, forbidden.status]).toEqual([
      422, 422, 422, 403
    ])
    expect(JSON.stringify(tooMany.body)).toContain('only 50 annotations')
    expect(github.state.repo('o', 'r').checkRuns[0]).toMatchObject({
      status: 'in_progress',
      annotations: []
    })
  })
})

describe('the fake commits route', () => {
  it('lists the PR commits oldest first, each parented on the one before', async () => {
    const { body } = await call('GET', '/repos/o/r/pulls/1/commits')

    const commits = body as unknown as { sha: string; parents: { sha: string }[] }[]
    expect(commits.map((commit) => [commit.sha, commit.parents[0]?.sha])).toEqual([
      ['1'.repeat(40), 'b'.repeat(40)],
      [HEAD, '1'.repeat(40)]
    ])
  })
})
