/**
 * Reading the check runs of one name on one commit: every run (not only the
 * latest), whoever created it, and no earlier record at all when the commit
 * is gone or the token may not read checks.
 */
import { startFixture, type Fixture } from './fixture.js'

const LIST = 'GET /repos/:owner/:repo/commits/:ref/check-runs'
const NAME = 'OpenCode review'

let f: Fixture
beforeEach(async () => {
  f = await startFixture()
})
afterEach(() => f.github.stop())

const seed = (init: Parameters<Fixture['github']['state']['addCheckRun']>[2]) =>
  f.github.state.addCheckRun(f.pr.owner, f.pr.repo, init)

describe('listing check runs', () => {
  it('maps each run of the name on the commit, the Actions app and a forged one alike', async () => {
    const older = seed({
      name: NAME,
      headSha: f.pr.headSha,
      conclusion: 'neutral',
      completedAt: '2024-03-01T10:00:00Z',
      title: 'Run 1',
      summary: 'first',
      text: '<!-- rmcoc:record v1 -->\nrecord one'
    })
    const forged = seed({
      name: NAME,
      headSha: f.pr.headSha,
      app: 'evil-app',
      completedAt: '2024-03-02T10:00:00Z',
      text: 'forged record'
    })
    const newer = seed({
      name: NAME,
      headSha: f.pr.headSha,
      status: 'in_progress'
    })
    seed({ name: 'lint', headSha: f.pr.headSha, text: 'another check' })
    seed({ name: NAME, headSha: f.pr.baseSha, text: 'another commit' })

    const runs = await f.gateway.listCheckRuns(f.pr.headSha, NAME)

    expect(runs).toEqual([
      {
        id: newer.id,
        name: NAME,
        appSlug: 'github-actions',
        headSha: f.pr.headSha,
        status: 'in_progress',
        conclusion: null,
        completedAt: null,
        text: ''
      },
      {
        id: forged.id,
        name: NAME,
        appSlug: 'evil-app',
        headSha: f.pr.headSha,
        status: 'completed',
        conclusion: 'success',
        completedAt: '2024-03-02T10:00:00Z',
        text: 'forged record'
      },
      {
        id: older.id,
        name: NAME,
        appSlug: 'github-actions',
        headSha: f.pr.headSha,
        status: 'completed',
        conclusion: 'neutral',
        completedAt: '2024-03-01T10:00:00Z',
        text: '<!-- rmcoc:record v1 -->\nrecord one'
      }
    ])
    expect(f.github.requests).toHaveLength(1)
  })

  it('asks for every run, not only the latest one per name', async () => {
    const first = seed({ name: NAME, headSha: f.pr.headSha, text: 'run 1' })
    const second = seed({ name: NAME, headSha: f.pr.headSha, text: 'run 2' })

    const runs = await f.gateway.listCheckRuns(f.pr.headSha, NAME)

    expect(runs.map((run) => run.id)).toEqual([second.id, first.id])
  })

  it('pages past 100 runs', async () => {
    for (let index = 0; index < 120; index += 1)
      seed({ name: NAME, headSha: f.pr.headSha, text: `run ${index}` })

    const runs = await f.gateway.listCheckRuns(f.pr.headSha, NAME)

    expect(runs).toHaveLength(120)
    expect(new Set(runs.map((run) => run.text)).size).toBe(120)
    expect(f.github.requestsTo(LIST)).toHaveLength(2)
  })

  it('a run without an app or a text maps to appSlug null and text ""', async () => {
    f.github.fail(LIST, {
      status: 200,
      body: {
        total_count: 1,
        check_runs: [
          {
            id: 5,
            name: NAME,
            head_sha: f.pr.headSha,
            status: 'completed',
            conclusion: 'success',
            completed_at: '2024-03-01T10:00:00Z',
            external_id: null,
            url: 'https://api.github.com/repos/o/r/check-runs/5',
            html_url: null,
            output: { title: null, summary: null, text: null },
            app: null
          }
        ]
      }
    })

    const [run] = await f.gateway.listCheckRuns(f.pr.headSha, NAME)

    expect(run).toMatchObject({ id: 5, appSlug: null, text: '' })
  })

  it('a commit GitHub does not know (force-pushed away) has no runs, and the log says why', async () => {
    const gone = 'f'.repeat(40)

    expect(await f.gateway.listCheckRuns(gone, NAME)).toEqual([])

    expect(f.github.requestsTo(LIST).map((request) => request.status)).toEqual([422])
    expect(f.logs).toContainEqual(
      expect.stringMatching(/does not know the commit .*422 No commit found/)
    )
  })

  it('a token that may not read checks gets no runs, and the log names checks: read', async () => {
    seed({ name: NAME, headSha: f.pr.headSha, text: 'record' })
    f.github.state.checksReadForbidden = true

    expect(await f.gateway.listCheckRuns(f.pr.headSha, NAME)).toEqual([])

    expect(f.logs).toContainEqual(
      expect.stringMatching(/403 Resource not accessible by integration.*checks: read/)
    )
  })

  it('reading stays allowed when only creating is forbidden', async () => {
    const run = seed({ name: NAME, headSha: f.pr.headSha, text: 'record' })
    f.github.state.checksWriteForbidden = true

    expect((await f.gateway.listCheckRuns(f.pr.headSha, NAME)).map((found) => found.id)).toEqual([
      run.id
    ])
  })

  it('other failures are not taken for "no runs"', async () => {
    f.github.fail(LIST, { status: 401, body: { message: 'Bad credentials' } })

    await expect(f.gateway.listCheckRuns(f.pr.headSha, NAME)).rejects.toThrow(/Bad credentials/)
  })
})
