/**
 * Outcomes in the engine, without opencode: the real gateway and memory
 * store against the fake GitHub, a scripted agent. At the end of a run the
 * PR's settled threads (fixed, conceded, dismissed, ...) are counted into ONE
 * outcomes comment of the memory issue, each thread once across runs; the
 * comment is edited in place, posted anew when it was deleted, never written
 * in a dry run or when the token may not; the job summary gets the rates.
 */
import { formatBotComment, parseRmcoc, type OutcomesBlock } from '../../src/core/memory/rmcoc.js'
import { signBody, verifyBody } from '../../src/core/memory/state-signature.js'
import { submit, type ScriptedTurn } from '../support/scripted-session.js'
import { markHeadReviewed, OWNER, REPO, type EngineFixture } from './engine-harness.js'
import {
  MEMORY_STATE_KEY as STATE_KEY,
  memoryDepsOf,
  startMemoryFixture
} from './team-memory-deps.js'

let fixture: EngineFixture
beforeEach(async () => (fixture = await startMemoryFixture()))
afterEach(() => fixture.stop())

const memoryDeps = () => memoryDepsOf(fixture)

/** A bot thread on `line` (category, score), with a developer's reply or resolved by a person. */
function botThread(
  line: number,
  finding: string,
  options: {
    reply?: string
    resolved?: boolean
    category?: string
    score?: number
    key?: string
  } = {}
) {
  const body = formatBotComment(`${finding}.`, {
    finding,
    assessment: 'Why it matters.',
    score: options.score ?? 6,
    category: options.category ?? 'style'
  })
  const scope = { owner: OWNER, repo: REPO, number: fixture.pr.number }
  const root = options.key === undefined ? body : signBody(body, options.key, scope)
  return fixture.github.state.addThread(fixture.pr, {
    path: 'src/a.ts',
    line,
    isResolved: options.resolved ?? false,
    comments: [
      { author: 'github-actions[bot]', body: root },
      ...(options.reply === undefined ? [] : [{ author: 'octocat', body: options.reply }])
    ]
  })
}

const memoryIssues = () => fixture.github.state.issues.inRepo(OWNER, REPO)
const outcomeComments = () =>
  memoryIssues().flatMap((issue) =>
    issue.issueComments.filter((comment) => {
      const parsed = parseRmcoc(comment.body)
      return parsed.ok && parsed.block.kind === 'outcomes'
    })
  )

function blockOf(body: string): OutcomesBlock {
  const parsed = parseRmcoc(body)
  if (!parsed.ok || parsed.block.kind !== 'outcomes') throw new Error('no outcomes block')
  return parsed.block
}

/** Four passes doing nothing, then a turn for a learnings prompt if one comes. */
const quiet = (): ScriptedTurn[] => [submit(), submit(), submit(), submit(), async () => undefined]

it('a history of fixed, conceded and dismissed threads is counted once each, in one comment edited in place', async () => {
  const fixed = botThread(1, 'Constant a is never read')
  const conceded = botThread(2, 'Constant b shadows the import', {
    reply: 'The shadowing is intended: b is the local override.',
    category: 'Error Handling',
    score: 9
  })
  const dismissed = botThread(3, 'Constant c duplicates a default', { resolved: true })
  botThread(4, 'Constant d is exported twice')
  const run1 = await fixture.run(
    [
      submit(async (tools) => {
        await tools.resolveThread({ thread_id: fixed.id, reason: 'a is read in main.ts now.' })
        await tools.replyToThread({
          thread_id: conceded.id,
          body: 'Fair point.',
          is_concession: true
        })
      }),
      ...quiet().slice(1)
    ],
    { deps: memoryDeps() }
  )
  expect(run1.error).toBeUndefined()
  expect(memoryIssues()).toHaveLength(1)
  const [comment] = outcomeComments()
  expect(outcomeComments()).toHaveLength(1)
  const first = blockOf(comment!.body)
  expect(first.pr).toBe(fixture.pr.number)
  expect(first.entries.map((e) => [e.thread, e.outcome, e.category, e.band])).toEqual(
    expect.arrayContaining([
      [fixed.id, 'fixed', 'style', '5-6'],
      [conceded.id, 'conceded', 'error-handling', '9-10'],
      [dismissed.id, 'dismissed', 'style', '5-6']
    ])
  )
  expect(first.entries).toHaveLength(3)
  const rates = run1.reports[0]?.outcomeRates
  expect(rates).toMatchObject({ total: 3, pullRequests: 1 })
  expect(rates?.outcomes.fixed).toEqual({ count: 1, percent: 33 })

  const later = botThread(5, 'Constant e is unused', { resolved: true })
  // A day later: a thread counted again would carry the new time.
  const nextDay = () => new Date('2026-11-24T06:00:00.000Z')
  const run2 = await fixture.run(quiet(), { deps: { ...memoryDeps(), now: nextDay } })
  expect(run2.error).toBeUndefined()
  expect(outcomeComments()).toHaveLength(1)
  expect(outcomeComments()[0]!.id).toBe(comment!.id)
  const second = blockOf(outcomeComments()[0]!.body)
  expect(second.entries.slice(0, 3)).toEqual(first.entries)
  expect(second.entries.slice(3).map((e) => [e.thread, e.outcome])).toEqual([
    [later.id, 'dismissed']
  ])
  expect(run2.reports[0]?.outcomeRates?.total).toBe(4)
})

it('nothing new settled: the outcomes comment is not written again', async () => {
  botThread(1, 'Constant a is never read', { resolved: true })
  await fixture.run(quiet(), { deps: memoryDeps() })
  const writes = fixture.github.requests.length
  const run = await fixture.run(quiet(), { deps: memoryDeps() })
  expect(run.error).toBeUndefined()
  const patched = fixture.github.requests
    .slice(writes)
    .filter((r) => r.method === 'PATCH' && r.path.includes('/issues/comments/'))
  expect(patched).toEqual([])
  expect(outcomeComments()).toHaveLength(1)
  expect(run.reports[0]?.outcomeRates?.total).toBe(1)
})

it('an outcomes comment deleted during the run is posted anew', async () => {
  botThread(1, 'Constant a is never read', { resolved: true })
  await fixture.run(quiet(), { deps: memoryDeps() })
  const old = outcomeComments()[0]!
  const later = botThread(2, 'Constant b is unused', { resolved: true })
  const run = await fixture.run(
    [
      submit(async () => {
        fixture.github.state.issues.deleteComment(old.id)
      }),
      ...quiet().slice(1)
    ],
    { deps: memoryDeps() }
  )
  expect(run.error).toBeUndefined()
  const now = outcomeComments()
  expect(now).toHaveLength(1)
  expect(now[0]!.id).not.toBe(old.id)
  expect(blockOf(now[0]!.body).entries.map((e) => e.thread)).toContain(later.id)
  expect(blockOf(now[0]!.body).entries).toHaveLength(2)
})

it('with a state_key the comment is signed for the memory issue and read back on the next run', async () => {
  botThread(1, 'Constant a is never read', { resolved: true, key: STATE_KEY })
  const inputs = { state_key: STATE_KEY }
  await fixture.run(quiet(), { deps: memoryDeps(), inputs })
  const issue = memoryIssues()[0]!
  const comment = outcomeComments()[0]!
  const scope = { owner: OWNER, repo: REPO, number: issue.number }
  expect(verifyBody(comment.body, STATE_KEY, scope).check).toBe('valid')
  botThread(2, 'Constant b is unused', { resolved: true, key: STATE_KEY })
  await fixture.run(quiet(), { deps: memoryDeps(), inputs })
  expect(outcomeComments()).toHaveLength(1)
  expect(outcomeComments()[0]!.id).toBe(comment.id)
  expect(blockOf(outcomeComments()[0]!.body).entries).toHaveLength(2)
})

it.each([
  ['read', 'rates of what it read and this run'],
  ['none', 'no rates']
] as const)(
  'a token with issues: %s writes no outcomes and warns once; the review goes on with %s',
  async (permission, _rates) => {
    botThread(1, 'Constant a is never read', { resolved: true })
    fixture.github.state.issues.add(OWNER, REPO, { title: 'unrelated', author: 'octocat' })
    fixture.github.state.issues.permission = permission
    const run = await fixture.run(quiet(), { deps: memoryDeps() })
    expect(run.error).toBeUndefined()
    expect(run.warnings.filter((w) => w.includes('issues: write'))).toHaveLength(1)
    expect(outcomeComments()).toHaveLength(0)
    expect(run.reports[0]?.outcomeRates?.total).toBe(permission === 'read' ? 1 : undefined)
  }
)

it('a dry run writes no outcomes; its job summary still has the rates', async () => {
  botThread(1, 'Constant a is never read', { resolved: true })
  const run = await fixture.run(quiet(), { deps: memoryDeps(), inputs: { dry_run: 'true' } })
  expect(run.error).toBeUndefined()
  expect(memoryIssues()).toHaveLength(0)
  expect(run.reports[0]?.outcomeRates?.total).toBe(1)
})

it('team_memory false counts nothing and reports no rates', async () => {
  botThread(1, 'Constant a is never read', { resolved: true })
  const run = await fixture.run(quiet(), { deps: memoryDeps(), inputs: { team_memory: 'false' } })
  expect(memoryIssues()).toHaveLength(0)
  expect(run.reports[0]?.outcomeRates).toBeUndefined()
})

it('a threads-only run counts the thread its answer settled', async () => {
  markHeadReviewed(fixture)
  const thread = botThread(1, 'Constant a is never read', { reply: 'Fixed in the latest commit.' })
  const replyId = thread.comments.at(-1)!.id
  const run = await fixture.run(
    [
      async (tools) => {
        await tools.resolveThread({ thread_id: thread.id, reason: 'a is read in main.ts now.' })
      }
    ],
    {
      deps: memoryDeps(),
      request: { trigger: 'reply', commentId: replyId, actor: 'octocat', replyBy: 'developer' }
    }
  )
  expect(run.error).toBeUndefined()
  expect(run.reports[0]?.mode).toBe('threads-only')
  expect(blockOf(outcomeComments()[0]!.body).entries.map((e) => [e.thread, e.outcome])).toEqual([
    [thread.id, 'fixed']
  ])
  expect(run.reports[0]?.outcomeRates?.total).toBe(1)
})
