/**
 * The review's check run through the engine, without opencode: in progress
 * before the agent's first model request, completed with the verdict (per
 * fail_on), the record and the findings as annotations, completed (never
 * left spinning) when the review fails, and a warning without checks: write.
 */
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { ReviewFailedError } from '../../src/review/preparation/review-failure.js'
import {
  CHECK_RUN_NAME,
  LEGACY_CHECK_RUN_NAME
} from '../../src/review/preparation/run-record-search.js'
import type { FakeCheckRun } from '../support/fake-github/check-run-state.js'
import { submit } from '../support/scripted-session.js'
import { OWNER, REPO, startEngineFixture, type EngineFixture } from './engine-harness.js'

const LINES = 70
const PATCH = [
  `@@ -0,0 +1,${LINES} @@`,
  ...Array.from({ length: LINES }, (_, i) => `+const v${i} = ${i}`)
].join('\n')
const RUN_URL = 'https://github.com/octo-org/widgets/actions/runs/1'
const UPDATE = 'PATCH /repos/:owner/:repo/check-runs/:check_run_id'

let fixture: EngineFixture
beforeEach(async () => {
  fixture = await startEngineFixture({
    headSha: 'c0ffee'.padEnd(40, '1'),
    files: [{ filename: 'src/a.ts', status: 'added', additions: LINES, deletions: 0, patch: PATCH }]
  })
})
afterEach(async () => {
  await fixture.stop()
})

const checkRuns = () => fixture.github.state.repo(OWNER, REPO).checkRuns

/** A finding of `score` on `line` whose words share nothing with the others'. */
const finding = (line: number, score: number) => ({
  file: 'src/a.ts',
  line,
  body: `Line ${line} is wrong.`,
  assessment: { finding: `Alpha${line} beta${line} gamma${line}`, assessment: 'Why.', score }
})

it('in progress on the head before the first model request, completed as a failure with fail_on request_changes', async () => {
  let seen: FakeCheckRun[] = []
  const run = await fixture.run(
    [
      submit(async (tools) => {
        seen = structuredClone(checkRuns())
        await tools.postReviewComment(finding(2, 7))
      })
    ],
    { inputs: { fail_on: 'request_changes' } }
  )

  expect(run.error).toBeUndefined()
  expect(run.outcome).toMatchObject({ kind: 'reviewed', verdict: 'request_changes' })
  expect(seen).toEqual([
    expect.objectContaining({
      name: CHECK_RUN_NAME,
      headSha: fixture.pr.headSha,
      status: 'in_progress',
      conclusion: null,
      detailsUrl: RUN_URL,
      output: expect.objectContaining({ title: 'Review in progress' })
    })
  ])
  // The same check run, completed: the verdict, the record and one annotation.
  expect(checkRuns()).toHaveLength(1)
  const [check] = checkRuns()
  expect(check).toMatchObject({
    id: seen[0]?.id,
    status: 'completed',
    conclusion: 'failure',
    output: { title: '🟠 Request changes' }
  })
  const record = parseRmcoc(check?.output.text ?? '')
  expect(record.ok && record.block.kind === 'summary' && record.block.head_sha).toBe(
    fixture.pr.headSha
  )
  expect(check?.annotations).toEqual([
    {
      path: 'src/a.ts',
      start_line: 2,
      end_line: 2,
      annotation_level: 'warning',
      title: 'Alpha2 beta2 gamma2',
      message: 'Alpha2 beta2 gamma2\n\nWhy.\n\nScore 7/10.'
    }
  ])
})

it('fail_on never: the same verdict is neutral, never a failure', async () => {
  await fixture.run([submit(async (tools) => tools.postReviewComment(finding(2, 7)))])

  expect(checkRuns()[0]).toMatchObject({ status: 'completed', conclusion: 'neutral' })
})

it('60 findings are 60 annotations, sent in two batches (50 with the completion, then 10)', async () => {
  const run = await fixture.run(
    [
      submit(async (tools) => {
        for (let index = 0; index < 60; index += 1)
          await tools.postReviewComment(finding(index + 1, index % 2 === 0 ? 9 : 6))
      })
    ],
    { inputs: { max_comments: '100' } }
  )

  expect(run.outcome).toMatchObject({ kind: 'reviewed', findingsPosted: 60 })
  const [check] = checkRuns()
  // One annotation per finding (publication puts the higher scores first).
  const lines = check?.annotations.map((a) => a.start_line) ?? []
  expect([...lines].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1))
  const levelOf = new Map(check?.annotations.map((a) => [a.start_line, a.annotation_level]))
  expect([levelOf.get(1), levelOf.get(2)]).toEqual(['failure', 'notice'])
  const batches = fixture.github
    .requestsTo(UPDATE)
    .map((request) => (request.body as { output: { annotations?: unknown[] } }).output)
    .map((output) => output.annotations?.length ?? 0)
  expect(batches).toEqual([50, 10])
})

it('a failed review leaves the check completed (failure under a fail_on gate), not in progress', async () => {
  const run = await fixture.run(
    [async () => ({ error: { message: 'APIError: 401 invalid key', fatal: true } })],
    { inputs: { fail_on: 'request_changes' } }
  )

  expect(run.error).toBeInstanceOf(ReviewFailedError)
  expect(checkRuns()).toEqual([
    expect.objectContaining({
      status: 'completed',
      conclusion: 'failure',
      output: expect.objectContaining({
        title: 'Review could not complete',
        summary: expect.stringContaining('the model could not be used: APIError: 401'),
        text: null
      })
    })
  ])
})

it('without checks: write, a warning and the review as before: the record goes to the summary comment', async () => {
  fixture.github.state.checksWriteForbidden = true

  const run = await fixture.run([submit(async (tools) => tools.postReviewComment(finding(2, 7)))])

  expect(run.error).toBeUndefined()
  expect(run.outcome).toMatchObject({ kind: 'reviewed', findingsPosted: 1 })
  expect(checkRuns()).toEqual([])
  expect(run.warnings.filter((w) => w.includes('checks: write'))).toHaveLength(1)
  expect(run.reports[0]).toMatchObject({ recordHome: 'summary-comment' })
  const summary = fixture.pr.issueComments.at(-1)?.body ?? ''
  expect(parseRmcoc(summary)).toMatchObject({ ok: true, block: { kind: 'summary' } })
  expect(summary).toContain('checks: write')
})

it('a record under the earlier name still counts; a failed run’s check run (no record) is skipped', async () => {
  const record = formatBotComment('', {
    kind: 'summary',
    head_sha: fixture.pr.headSha,
    pr: fixture.pr.number,
    counts: { posted: 0, suppressed: 0, resolved: 0, pending: 0, disputed: 0, escalated: 0 }
  })
  fixture.github.state.addCheckRun(OWNER, REPO, {
    name: LEGACY_CHECK_RUN_NAME,
    headSha: fixture.pr.headSha,
    completedAt: '2026-01-01T00:00:00Z',
    text: record
  })
  fixture.github.state.addCheckRun(OWNER, REPO, {
    name: CHECK_RUN_NAME,
    headSha: fixture.pr.headSha,
    conclusion: 'neutral',
    completedAt: '2026-01-02T00:00:00Z',
    title: 'Review could not complete',
    summary: 'Review failed.'
  })
  const thread = fixture.github.state.addThread(fixture.pr, {
    path: 'src/a.ts',
    line: 2,
    comments: [
      {
        author: 'github-actions[bot]',
        body: formatBotComment('v1 is unused.', {
          finding: 'v1 is unused',
          assessment: 'Why.',
          score: 7
        })
      },
      { author: 'octocat', body: 'Fixed in the latest commit.' }
    ]
  })
  const replyId = thread.comments.at(-1)!.id

  const run = await fixture.run(
    [
      async (tools) => {
        await tools.resolveThread({ thread_id: thread.id, reason: 'Fixed.' })
      }
    ],
    { request: { trigger: 'reply', commentId: replyId, actor: 'octocat', replyBy: 'developer' } }
  )

  // The head counts as reviewed: the reply gets a threads-only run, which writes no check run.
  expect(run.error).toBeUndefined()
  expect(run.reports[0]?.mode).toBe('threads-only')
  expect(checkRuns()).toHaveLength(2)
})
