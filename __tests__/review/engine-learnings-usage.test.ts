/**
 * What the learnings prompt costs is counted, without opencode: its turn
 * is a row of the pass table named "learnings" and in the run's usage
 * totals, after a full review's passes and after a threads-only answer.
 */
import { submit, type ScriptedTurn } from '../support/scripted-session.js'
import { markHeadReviewed, type EngineFixture } from './engine-harness.js'
import {
  memoryDepsOf,
  reasonedThread,
  teaching,
  conceding,
  startTeamFixture
} from './team-memory-deps.js'

let fixture: EngineFixture
beforeEach(async () => (fixture = await startTeamFixture()))
afterEach(() => fixture.stop())

// Every scripted turn reports 100 input and 10 output tokens in one request.
it('a full review counts the learnings turn as its own row and in the totals', async () => {
  const thread = reasonedThread(fixture)
  const run = await fixture.run(
    [submit(conceding(thread.id)), submit(), submit(), submit(), teaching(thread.id)],
    { deps: memoryDepsOf(fixture) }
  )
  expect(run.error).toBeUndefined()
  expect(run.agent.prompts).toHaveLength(5)
  const passes = run.reports[0]?.passes ?? []
  expect(passes.map((p) => p.label ?? String(p.number))).toEqual(['1', '2', '3', '4', 'learnings'])
  expect(passes[4]).toMatchObject({ completed: true, inputTokens: 100, outputTokens: 10 })
  expect(run.outcome).toMatchObject({ usage: { inputTokens: 500, outputTokens: 50 } })
})

it('a threads-only run counts the learnings turn after the answer', async () => {
  markHeadReviewed(fixture, { reviewedAt: '2026-11-20T00:00:00.000Z' })
  const thread = reasonedThread(fixture)
  const answer: ScriptedTurn = async (tools) => {
    await conceding(thread.id)(tools)
  }
  const run = await fixture.run([answer, teaching(thread.id)], {
    deps: memoryDepsOf(fixture),
    request: {
      trigger: 'reply',
      commentId: thread.comments[1]!.id,
      actor: 'alice',
      replyBy: 'developer'
    }
  })
  expect(run.error).toBeUndefined()
  expect(run.agent.prompts).toHaveLength(2)
  const passes = run.reports[0]?.passes ?? []
  expect(passes.map((p) => p.label)).toEqual(['reply', 'learnings'])
  expect(run.outcome).toMatchObject({ usage: { inputTokens: 200, outputTokens: 20 } })
})
