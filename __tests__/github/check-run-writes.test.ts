/**
 * Creating the check run that records a review: what GitHub receives, the
 * fallback without checks: write, exactly-once despite 5xx answers, and the
 * limits refused before any request.
 */
import { CHECK_RUN_PERMISSION, type CheckRunInput } from '../../src/ports/review-gateway.js'
import { serverError } from '../support/fake-github/faults.js'
import { startFixture, type Fixture } from './fixture.js'

const CREATE = 'POST /repos/:owner/:repo/check-runs'
const LIST = 'GET /repos/:owner/:repo/commits/:ref/check-runs'
const NAME = 'OpenCode review'
const RECORD = '<!-- rmcoc:record v1 -->\n```rmcoc\n{"findings":["é → ✓ 😀"]}\n```'

let f: Fixture
beforeEach(async () => {
  f = await startFixture()
})
afterEach(() => f.github.stop())

function input(overrides: Partial<CheckRunInput> = {}): CheckRunInput {
  return {
    headSha: f.pr.headSha,
    name: NAME,
    title: '2 findings',
    summary: '## Review\n\nTwo findings.',
    text: RECORD,
    conclusion: 'neutral',
    ...overrides
  }
}

const storedRuns = () => f.github.state.repo(f.pr.owner, f.pr.repo).checkRuns

describe('creating the check run', () => {
  it('creates a completed run on the head, and its record reads back unchanged', async () => {
    const result = await f.gateway.createCheckRun(input())

    const [stored] = storedRuns()
    expect(storedRuns()).toHaveLength(1)
    expect(result).toEqual({
      kind: 'created',
      id: stored?.id,
      url: expect.stringMatching(new RegExp(`/runs/${stored?.id}$`))
    })
    expect(stored).toMatchObject({
      name: NAME,
      headSha: f.pr.headSha,
      status: 'completed',
      conclusion: 'neutral',
      completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      externalId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      output: { title: '2 findings', summary: '## Review\n\nTwo findings.', text: RECORD },
      app: expect.objectContaining({ slug: 'github-actions' })
    })
    expect(await f.gateway.listCheckRuns(f.pr.headSha, NAME)).toEqual([
      {
        id: stored?.id,
        name: NAME,
        appSlug: 'github-actions',
        headSha: f.pr.headSha,
        status: 'completed',
        conclusion: 'neutral',
        completedAt: stored?.completedAt,
        text: RECORD
      }
    ])
  })

  it('tags every call with its own external_id', async () => {
    await f.gateway.createCheckRun(input())
    await f.gateway.createCheckRun(input())

    const ids = storedRuns().map((run) => run.externalId)
    expect(ids).toHaveLength(2)
    expect(new Set(ids).size).toBe(2)
  })

  it('without checks: write, nothing is written and the warning names the permission', async () => {
    f.github.state.checksWriteForbidden = true

    const result = await f.gateway.createCheckRun(input())

    expect(result).toEqual({ kind: 'forbidden', warning: expect.any(String) })
    if (result.kind === 'forbidden') {
      expect(result.warning).toContain(CHECK_RUN_PERMISSION)
      expect(result.warning).toMatch(/403 Resource not accessible by integration/)
      expect(result.warning).toMatch(/falls back to the summary comment/)
    }
    expect(CHECK_RUN_PERMISSION).toBe('checks: write')
    expect(storedRuns()).toEqual([])
    expect(f.github.requestsTo(CREATE)).toHaveLength(1)
    expect(f.logs).toContainEqual(expect.stringContaining(CHECK_RUN_PERMISSION))
  })

  it('a 404 (a token that cannot see checks) is the same fallback', async () => {
    f.github.fail(CREATE, { status: 404, body: { message: 'Not Found' } })

    expect(await f.gateway.createCheckRun(input())).toMatchObject({ kind: 'forbidden' })
    expect(storedRuns()).toEqual([])
  })

  it('a 5xx after GitHub stored it: found by its external_id on re-read, not sent again', async () => {
    f.github.fail(CREATE, serverError(502), 1, { afterHandling: true })

    const result = await f.gateway.createCheckRun(input())

    expect(storedRuns()).toHaveLength(1)
    expect(result).toMatchObject({ kind: 'created', id: storedRuns()[0]?.id })
    expect(f.github.requestsTo(CREATE)).toHaveLength(1)
    expect(f.github.requestsTo(LIST)).toHaveLength(1)
  })

  it('a 5xx before GitHub stored it: re-read, then sent again, one run in the end', async () => {
    f.github.fail(CREATE, serverError(500))

    const result = await f.gateway.createCheckRun(input())

    expect(storedRuns()).toHaveLength(1)
    expect(result).toMatchObject({ kind: 'created', id: storedRuns()[0]?.id })
    expect(f.github.requestsTo(CREATE).map((request) => request.status)).toEqual([500, 201])
  })

  it("an earlier run's identical record does not count as this call's run", async () => {
    const earlier = f.github.state.addCheckRun(f.pr.owner, f.pr.repo, {
      name: NAME,
      headSha: f.pr.headSha,
      conclusion: 'neutral',
      title: '2 findings',
      summary: '## Review\n\nTwo findings.',
      text: RECORD,
      externalId: 'an-earlier-run'
    })
    f.github.fail(CREATE, serverError(503))

    const result = await f.gateway.createCheckRun(input())

    expect(storedRuns()).toHaveLength(2)
    expect(result).toMatchObject({ kind: 'created', id: storedRuns()[1]?.id })
    expect(result).not.toMatchObject({ id: earlier.id })
  })

  it('gives up after the configured attempts, having checked each time that nothing was stored', async () => {
    f.github.fail(CREATE, serverError(503), Infinity)

    await expect(f.gateway.createCheckRun(input())).rejects.toThrow(
      /failed to create check run "OpenCode review" on a{40} 3 times \(last: 503/
    )
    expect(f.github.requestsTo(CREATE)).toHaveLength(3)
    expect(f.github.requestsTo(LIST)).toHaveLength(3)
    expect(storedRuns()).toEqual([])
  })

  it('a commit GitHub does not know is an error, not a missing permission', async () => {
    await expect(f.gateway.createCheckRun(input({ headSha: 'f'.repeat(40) }))).rejects.toThrow(
      /No commit found for SHA/
    )
  })
})

describe('limits checked before any request', () => {
  it('accepts a summary and a text of exactly 65,535 bytes', async () => {
    const full = 'x'.repeat(65_535)

    expect(await f.gateway.createCheckRun(input({ summary: full, text: full }))).toMatchObject({
      kind: 'created'
    })
    expect(storedRuns()[0]?.output.text).toBe(full)
  })

  it.each(['summary', 'text'] as const)(
    'refuses an output.%s over 65,535 bytes, naming the field and the limit',
    async (field) => {
      // 20,000 characters (40,000 UTF-16 units), four bytes each in UTF-8: GitHub counts bytes.
      const emoji = '😀'.repeat(20_000)
      expect(emoji.length).toBeLessThan(65_535)

      await expect(f.gateway.createCheckRun(input({ [field]: emoji }))).rejects.toThrow(
        `Check run output.${field} is 80000 bytes`
      )
      await expect(
        f.gateway.createCheckRun(input({ [field]: 'y'.repeat(65_536) }))
      ).rejects.toThrow(new RegExp(`output\\.${field} is 65536 bytes .*at most 65535`))
      expect(f.github.requests).toEqual([])
    }
  )

  it('refuses an empty title', async () => {
    await expect(f.gateway.createCheckRun(input({ title: ' ' }))).rejects.toThrow(
      /output\.title is empty/
    )
    expect(f.github.requests).toEqual([])
  })
})
