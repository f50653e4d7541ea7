/**
 * Memory across runs, through the action's real run() on one pull request
 * run after run: summary-only findings are shown to the next run and not
 * posted again; a conceded finding is never raised again; a finding that
 * was fixed and comes back reopens its old thread; the one summary comment
 * is edited in place with the earlier runs folded; and without
 * `checks: write` the record falls back to the summary comment, so the next
 * run is still incremental. The runs that only prepare the one under test
 * play their script without opencode (`played`): the same run(), tools and
 * GitHub writes, no sidecar. So do the runs under test whose subject is the
 * action's rule (what the stage answers, the summary comment, the record);
 * the first case's run under test is the real opencode's.
 */
import { jest } from '@jest/globals'
import { parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { onePushPr } from '../support/pr-history.js'
import { OWNER, REPO, pass, tool, type Scenario } from './harness.js'
import { jsonResults, passes, review, summaryBlockOf, withLine } from './history-runs.js'
import { headsOf, push, sha, startHistoryScenario } from './push.js'
import { getRunState, passPromptIn, toolResultsOf } from './requests.js'

jest.setTimeout(240_000)

const BASE = sha('base')
/** The checkout's commits, set as each test makes them. */
let HEAD_A = ''
let HEAD_B = ''

let scenario: Scenario | undefined
afterEach(async () => {
  await scenario?.stop()
  scenario = undefined
})

/** Three files, each adding a 10-line function at line 40 (value0..value9 on lines 41-50). */
const history = onePushPr(3, 10)
const heads = headsOf(history)

const OPTIONS = 'Options reach every transform unvalidated'
const ROWS = 'Row index is read without a bounds check'

it('summary-only findings: run 2 is shown them (origin summary), posting one again is refused, no thread appears', async () => {
  scenario = await startHistoryScenario(heads.old, { baseSha: BASE })
  HEAD_A = scenario.pr.headSha
  scenario.model.enqueue(
    ...pass(1, [
      tool.post('src/feature-1.ts', 44, 8, OPTIONS),
      tool.post('src/feature-2.ts', 45, 6, ROWS)
    ]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  await review(scenario, { inputs: { max_comments: '1' }, played: true })
  // The higher score went inline; the other one only into the summary.
  const [inline] = scenario.pr.threads
  expect(scenario.pr.threads.map((t) => [t.path, t.line])).toEqual([['src/feature-1.ts', 44]])
  if (inline === undefined) throw new Error('no inline thread')
  const record = summaryBlockOf(scenario.github.state.repo(OWNER, REPO).checkRuns[0]?.output.text)
  expect(record.findings?.map((f) => [f.file, f.line, f.finding, f.status])).toEqual([
    ['src/feature-2.ts', 45, ROWS, 'PENDING']
  ])

  const from = await push(scenario, { files: heads.new })
  HEAD_B = scenario.pr.headSha
  scenario.model.enqueue(
    ...passes(
      [getRunState],
      [
        tool.post('src/feature-2.ts', 46, 6, ROWS),
        tool.reply(inline.id, 'Still unvalidated.', false)
      ]
    )
  )
  const run2 = await review(scenario, { before: from, inputs: { max_comments: '1' } })

  const results = jsonResults(toolResultsOf(run2.requests))
  const state = results.find((r) => Array.isArray(r['threads'])) as
    | {
        threads: Array<{
          id: string
          origin: string
          file: string
          status: string
          assessment: { finding: string }
        }>
      }
    | undefined
  const summaryOnly = state?.threads.filter((t) => t.origin === 'summary') ?? []
  expect(summaryOnly.map((t) => [t.file, t.assessment.finding, t.status])).toEqual([
    ['src/feature-2.ts', ROWS, 'PENDING']
  ])
  const refusal = results.find((r) => r['status'] === 'duplicate')
  expect(refusal?.['duplicate_of']).toBe(summaryOnly[0]?.id)
  expect(String(refusal?.['reason'])).toMatch(/^Duplicate of summary:\S+ .*still PENDING/)

  expect(scenario.pr.threads.map((t) => t.path)).toEqual(['src/feature-1.ts'])
  // The next record still carries the summary-only finding, once.
  const runs = scenario.github.state.repo(OWNER, REPO).checkRuns
  expect(runs.map((r) => r.headSha)).toEqual([HEAD_A, HEAD_B])
  expect(summaryBlockOf(runs[1]?.output.text).findings?.map((f) => f.finding)).toEqual([ROWS])
})

it('a finding conceded in one run is refused in the next, with a reason naming the concession', async () => {
  scenario = await startHistoryScenario(heads.old, { baseSha: BASE })
  HEAD_A = scenario.pr.headSha
  scenario.model.enqueue(...pass(1, [tool.post('src/feature-0.ts', 44, 7, OPTIONS)]), ...pass(2))
  scenario.model.enqueue(...pass(3), ...pass(4))
  await review(scenario, { played: true })
  const [thread] = scenario.pr.threads
  if (thread === undefined) throw new Error('run 1 posted no thread')
  const root = thread.comments[0]
  if (root === undefined) throw new Error('thread without a root comment')
  scenario.github.state.appendComment(
    scenario.pr,
    thread,
    {
      author: scenario.github.state.actor('octocat'),
      body: 'The caller in api.ts validates the options before any transform runs.',
      path: root.path,
      line: root.line,
      side: root.side,
      subjectType: root.subjectType,
      commitId: scenario.pr.headSha,
      reviewId: null
    },
    root.id
  )

  // Run 2: the agent concedes the developer's point.
  let from = await push(scenario, { files: heads.new })
  HEAD_B = scenario.pr.headSha
  scenario.model.enqueue(
    ...pass(1, [tool.reply(thread.id, 'Agreed: api.ts validates them first.', true)]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  await review(scenario, { before: from, played: true })
  expect(thread.isResolved).toBe(true)
  expect(thread.comments.at(-1)?.body).toContain('Agreed: api.ts validates them first.')
  const commentsAfterConcession = thread.comments.length

  // Run 3: the same finding again is refused; nothing is posted.
  from = await push(scenario, {
    files: withLine(heads.new, 2, 45, '  const value4 = transform2(rows[4], { ...options })')
  })
  scenario.model.enqueue(...passes([tool.post('src/feature-0.ts', 44, 7, OPTIONS)]))
  const run3 = await review(scenario, { before: from, played: true })
  const refusal = jsonResults(run3.played.results).find((r) => r['status'] === 'duplicate')
  expect(refusal?.['duplicate_of']).toBe(`thread ${thread.id}`)
  expect(String(refusal?.['reason'])).toContain('conceded in an earlier run: not raised again')
  expect(run3.result.outputs['findings_posted']).toBe('0')
  expect(scenario.pr.threads).toHaveLength(1)
  expect(thread.isResolved).toBe(true)
  expect(thread.comments).toHaveLength(commentsAfterConcession)
})

it('a regression reopens the thread resolved as fixed: unresolved, the finding as a reply, no new thread', async () => {
  const UNCHECKED = '  const value3 = transform0(rows[3], options)'
  const CHECKED = '  const value3 = rows.length > 3 ? transform0(rows[3], options) : null'
  expect(heads.old[0]?.head.split('\n')[43]).toBe(UNCHECKED)
  scenario = await startHistoryScenario(heads.old, { baseSha: BASE })
  HEAD_A = scenario.pr.headSha
  scenario.model.enqueue(...pass(1, [tool.post('src/feature-0.ts', 44, 7, ROWS)]), ...pass(2))
  scenario.model.enqueue(...pass(3), ...pass(4))
  await review(scenario, { played: true })
  const [thread] = scenario.pr.threads
  if (thread === undefined) throw new Error('run 1 posted no thread')

  // Run 2: the fix is pushed; the agent resolves the thread as fixed.
  let from = await push(scenario, { files: withLine(heads.old, 0, 44, CHECKED) })
  HEAD_B = scenario.pr.headSha
  // GitHub marks the thread outdated once its line changed: it keeps only its original line.
  Object.assign(thread, { isOutdated: true, line: null })
  scenario.model.enqueue(
    ...pass(1, [tool.resolve(thread.id, 'Fixed: value3 now checks rows.length first.')]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  await review(scenario, { before: from, played: true })
  expect(thread.isResolved).toBe(true)
  expect(thread.comments.at(-1)?.body).toContain('✅ **Issue Resolved**')

  // Run 3: the fix is reverted; the agent raises the same finding.
  from = await push(scenario, { files: heads.old })
  scenario.model.enqueue(...passes([tool.post('src/feature-0.ts', 44, 7, ROWS)]))
  const run3 = await review(scenario, { before: from, played: true })
  const staged = jsonResults(run3.played.results).find((r) => r['status'] === 'staged')
  expect(String(staged?.['note'])).toContain(`Regression of thread ${thread.id}`)

  expect(scenario.pr.threads).toHaveLength(1)
  expect(thread.isResolved).toBe(false)
  const reopening = thread.comments.at(-1)?.body ?? ''
  expect(reopening).toContain('**Regression:**')
  expect(reopening).toContain(`${ROWS}. Details for the developer.`)
  const block = parseRmcoc(reopening)
  expect(block.ok && block.block).toMatchObject({ kind: 'reopening', status: 'PENDING' })
  expect(run3.result.outputs['findings_posted']).toBe('1')
})

it('one summary comment, edited in place: run 2 on top, run 1 folded under "Earlier runs"', async () => {
  scenario = await startHistoryScenario(heads.old, { baseSha: BASE })
  HEAD_A = scenario.pr.headSha
  scenario.model.enqueue(...pass(1, [tool.post('src/feature-0.ts', 44, 7, OPTIONS)]), ...pass(2))
  scenario.model.enqueue(...pass(3), ...pass(4))
  await review(scenario, { played: true })
  const [thread] = scenario.pr.threads
  if (thread === undefined) throw new Error('run 1 posted no thread')
  expect(scenario.pr.issueComments).toHaveLength(1)
  const posted = scenario.pr.issueComments[0]
  const run1Body = posted?.body ?? ''
  expect(run1Body).toContain(OPTIONS)

  const from = await push(scenario, { files: heads.new })
  HEAD_B = scenario.pr.headSha
  scenario.model.enqueue(
    ...pass(1, [
      tool.reply(thread.id, 'Still unvalidated.', false),
      tool.post('src/feature-0.ts', 46, 6, 'Early return skips the audit log')
    ]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  await review(scenario, { before: from, played: true })

  const bot = scenario.pr.issueComments.filter((c) => c.author.login === 'github-actions[bot]')
  expect(bot).toHaveLength(1)
  expect(bot[0]?.id).toBe(posted?.id)
  const body = bot[0]?.body ?? ''
  expect(body).not.toBe(run1Body)
  const fold = body.indexOf('<summary>Earlier runs (1)</summary>')
  expect(fold).toBeGreaterThan(0)
  const [latest, earlier] = [body.slice(0, fold), body.slice(fold)]
  expect(latest).toContain(`Reviewed head \`${HEAD_B.slice(0, 12)}\``)
  expect(latest).toContain('Early return skips the audit log')
  expect(latest).not.toContain(HEAD_A.slice(0, 12))
  expect(earlier).toContain(`Run on <code>${HEAD_A.slice(0, 7)}</code>`)
  expect(earlier).toContain(`Reviewed head \`${HEAD_A.slice(0, 12)}\``)
  expect(earlier).toContain(OPTIONS)
  expect(earlier).not.toContain('Early return skips the audit log')
  expect(summaryBlockOf(body).head_sha).toBe(HEAD_B)
})

it('without checks: write the run succeeds, warns, says where the record went, and the next run is still incremental', async () => {
  scenario = await startHistoryScenario(heads.old, { baseSha: BASE })
  HEAD_A = scenario.pr.headSha
  scenario.github.state.checksWriteForbidden = true
  scenario.model.enqueue(...pass(1, [tool.post('src/feature-0.ts', 44, 7, OPTIONS)]), ...pass(2))
  scenario.model.enqueue(...pass(3), ...pass(4))
  const run1 = await review(scenario, { played: true })
  const warnings = run1.result.stdout.split('\n').filter((line) => line.startsWith('::warning::'))
  expect(warnings.filter((line) => line.includes('checks: write'))).toHaveLength(1)
  expect(run1.result.jobSummary).toContain(
    'kept in the summary comment on the pull request, not in a check run'
  )
  expect(scenario.github.state.repo(OWNER, REPO).checkRuns).toHaveLength(0)
  expect(scenario.pr.issueComments).toHaveLength(1)
  const comment = scenario.pr.issueComments[0]?.body ?? ''
  expect(summaryBlockOf(comment).head_sha).toBe(HEAD_A)
  expect(comment).toContain('checks: write')

  const [thread] = scenario.pr.threads
  if (thread === undefined) throw new Error('run 1 posted no thread')
  const from = await push(scenario, { files: heads.new })
  HEAD_B = scenario.pr.headSha
  scenario.model.enqueue(
    ...pass(1, [tool.reply(thread.id, 'Still unvalidated.', false)]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const run2 = await review(scenario, { before: from, played: true })
  expect(passPromptIn(run2.played.prompts, 1)).toContain(
    `This is an incremental review of ${HEAD_A}..${HEAD_B}`
  )
  expect(summaryBlockOf(scenario.pr.issueComments[0]?.body).head_sha).toBe(HEAD_B)
})
