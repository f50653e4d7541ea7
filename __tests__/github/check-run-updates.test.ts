/**
 * The review's check run after it was created: started in_progress, then
 * completed by an update (PATCH) carrying the verdict and the record, its
 * annotations 50 per request, each update exactly once despite 5xx answers.
 */
import type { CheckRunAnnotation } from '../../src/core/reports/check-annotations.js'
import { CHECK_RUN_PERMISSION, type CheckRunInput } from '../../src/ports/review-gateway.js'
import { serverError } from '../support/fake-github/faults.js'
import { startFixture, type Fixture } from './fixture.js'

const CREATE = 'POST /repos/:owner/:repo/check-runs'
const RECORD = '<!-- rmcoc:record v1 -->\n```rmcoc\n{"findings":["é → ✓ 😀"]}\n```'

let f: Fixture
beforeEach(async () => {
  f = await startFixture()
})
afterEach(() => f.github.stop())

const storedRuns = () => f.github.state.repo(f.pr.owner, f.pr.repo).checkRuns

function input(overrides: Partial<CheckRunInput> = {}): CheckRunInput {
  return {
    headSha: f.pr.headSha,
    name: 'review-my-code-bot',
    title: 'Verdict',
    summary: '## Review',
    text: RECORD,
    conclusion: 'neutral',
    ...overrides
  }
}

const UPDATE = 'PATCH /repos/:owner/:repo/check-runs/:check_run_id'
const GET_RUN = 'GET /repos/:owner/:repo/check-runs/:check_run_id'

function annotations(count: number): CheckRunAnnotation[] {
  return Array.from({ length: count }, (_, index) => ({
    path: 'src/app.ts',
    start_line: index + 1,
    end_line: index + 1,
    annotation_level: 'warning' as const,
    title: `Finding ${index}`,
    message: `Why ${index}.`
  }))
}

const RUN_URL = 'https://github.com/octo-org/widgets/actions/runs/42'

async function started(): Promise<number> {
  const result = await f.gateway.startCheckRun({
    headSha: f.pr.headSha,
    name: 'review-my-code-bot',
    detailsUrl: RUN_URL,
    title: 'Review in progress',
    summary: 'Reviewing.'
  })
  if (result.kind !== 'created') throw new Error(`not started: ${result.warning}`)
  return result.id
}

describe('the review check run: started in progress, completed by updates', () => {
  it('starts in_progress on the head, linking the workflow run, with no conclusion', async () => {
    const id = await started()

    expect(storedRuns()).toEqual([
      expect.objectContaining({
        id,
        name: 'review-my-code-bot',
        headSha: f.pr.headSha,
        status: 'in_progress',
        conclusion: null,
        completedAt: null,
        detailsUrl: RUN_URL,
        output: { title: 'Review in progress', summary: 'Reviewing.', text: null }
      })
    ])
  })

  it('completes THAT run: conclusion, output, and 60 annotations in two updates of 50 and 10', async () => {
    const id = await started()

    const result = await f.gateway.completeCheckRun(id, {
      title: '🟠 Request changes',
      summary: '## Review',
      text: RECORD,
      conclusion: 'failure',
      annotations: annotations(60)
    })

    expect(result).toEqual({
      kind: 'updated',
      id,
      url: expect.stringMatching(new RegExp(`/runs/${id}$`)),
      annotationsSent: 60
    })
    expect(storedRuns()).toHaveLength(1)
    const [run] = storedRuns()
    expect(run).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      completedAt: expect.stringMatching(/Z$/),
      output: { title: '🟠 Request changes', summary: '## Review', text: RECORD }
    })
    expect(run?.annotations.map((a) => a.title)).toEqual(annotations(60).map((a) => a.title))
    const sent = f.github.requestsTo(UPDATE).map((request) => {
      const body = request.body as { status?: string; output: { annotations: unknown[] } }
      return [body.status, body.output.annotations.length]
    })
    expect(sent).toEqual([
      ['completed', 50],
      [undefined, 10]
    ])
  })

  it('a created run with 120 annotations: 50 with the create, then 50 and 20 by updates', async () => {
    const result = await f.gateway.createCheckRun(input({ annotations: annotations(120) }))

    expect(result).toMatchObject({ kind: 'created' })
    expect(storedRuns()[0]?.annotations).toHaveLength(120)
    expect(f.github.requestsTo(CREATE)).toHaveLength(1)
    expect(f.github.requestsTo(UPDATE)).toHaveLength(2)
  })

  it('an update answered 502 after GitHub applied it is not sent again: no annotation twice', async () => {
    const id = await started()
    f.github.fail(UPDATE, serverError(502), 1, { afterHandling: true })

    const result = await f.gateway.completeCheckRun(id, {
      title: 'Done',
      summary: 'Done.',
      text: RECORD,
      conclusion: 'success',
      annotations: annotations(3)
    })

    expect(result).toMatchObject({ kind: 'updated', annotationsSent: 3 })
    expect(storedRuns()[0]?.annotations).toHaveLength(3)
    expect(f.github.requestsTo(UPDATE)).toHaveLength(1)
    expect(f.github.requestsTo(GET_RUN)).toHaveLength(1)
  })

  it('an update answered 500 before GitHub applied it is re-read, then sent again', async () => {
    const id = await started()
    f.github.fail(UPDATE, serverError(500))

    await f.gateway.completeCheckRun(id, {
      title: 'Done',
      summary: 'Done.',
      text: RECORD,
      conclusion: 'success',
      annotations: annotations(3)
    })

    expect(storedRuns()[0]).toMatchObject({ status: 'completed', conclusion: 'success' })
    expect(storedRuns()[0]?.annotations).toHaveLength(3)
    expect(f.github.requestsTo(UPDATE).map((request) => request.status)).toEqual([500, 200])
  })

  it('a batch of annotations that keeps failing leaves the run completed with those it has, and the log says so', async () => {
    const id = await started()
    // Only the appending updates (no status) fail, every attempt.
    const appending = (request: { method: string; path: string; body: unknown }) =>
      request.method === 'PATCH' && (request.body as { status?: string }).status === undefined
    f.github.fail(appending, serverError(503), Infinity)

    const result = await f.gateway.completeCheckRun(id, {
      title: 'Done',
      summary: 'Done.',
      text: RECORD,
      conclusion: 'neutral',
      annotations: annotations(60)
    })

    expect(result).toMatchObject({ kind: 'updated', annotationsSent: 50 })
    expect(storedRuns()[0]).toMatchObject({ status: 'completed', conclusion: 'neutral' })
    expect(storedRuns()[0]?.annotations).toHaveLength(50)
    expect(f.logs).toContainEqual(
      expect.stringMatching(/keeps 50 of 60 annotations: appending the next 10 failed .*503/)
    )
  })

  it('without checks: write, starting is refused with the permission named, nothing written', async () => {
    f.github.state.checksWriteForbidden = true

    const result = await f.gateway.startCheckRun({
      headSha: f.pr.headSha,
      name: 'review-my-code-bot',
      detailsUrl: RUN_URL,
      title: 'Review in progress',
      summary: 'Reviewing.'
    })

    expect(result).toEqual({
      kind: 'forbidden',
      warning: expect.stringContaining(CHECK_RUN_PERMISSION)
    })
    expect(storedRuns()).toEqual([])
  })

  it('a completion refused for want of checks: write is "forbidden", not an error', async () => {
    const id = await started()
    f.github.state.checksWriteForbidden = true

    const result = await f.gateway.completeCheckRun(id, {
      title: 'Done',
      summary: 'Done.',
      text: RECORD,
      conclusion: 'success'
    })

    expect(result).toMatchObject({ kind: 'forbidden', warning: expect.stringMatching(/403/) })
    expect(storedRuns()[0]?.status).toBe('in_progress')
  })
})
