/**
 * Teaching that did not complete is offered once more, without opencode:
 * a learnings prompt that fails, or a learning the memory could not keep,
 * leaves the thread named in the run record, and the next full review
 * offers it again (once: a second failure is not carried). A model that
 * simply declined is not asked again.
 */
import { serverError } from '../support/fake-github/faults.js'
import type { FakeRequest } from '../support/fake-github/router.js'
import { submit, type ScriptedTurn } from '../support/scripted-session.js'
import { type EngineFixture } from './engine-harness.js'
import {
  memoryDepsOf,
  reasonedThread,
  teaching,
  conceding,
  startTeamFixture,
  learningCommentsOf
} from './team-memory-deps.js'

const LEARNINGS_PROMPT = 'After the review: what the team taught'

let fixture: EngineFixture
beforeEach(async () => (fixture = await startTeamFixture()))
afterEach(() => fixture.stop())

const failing: ScriptedTurn = async () => ({
  error: { message: 'the provider is overloaded', fatal: false }
})

const passes = (): ScriptedTurn[] => [submit(), submit(), submit(), submit()]

const learningComments = () => learningCommentsOf(fixture)

/** A review whose pass 1 concedes the thread after alice's reason, then `learnings`. */
async function concedingRun(threadId: string, learnings: ScriptedTurn) {
  const [, ...rest] = passes()
  const run = await fixture.run([submit(conceding(threadId)), ...rest, learnings], {
    deps: memoryDepsOf(fixture)
  })
  expect(run.error).toBeUndefined()
  expect(run.agent.prompts[4]).toContain(LEARNINGS_PROMPT)
  return run
}

const laterRun = (turns: ScriptedTurn[]) => fixture.run(turns, { deps: memoryDepsOf(fixture) })

it('a failed learnings prompt is offered again by the next review, which teaches', async () => {
  const thread = reasonedThread(fixture)
  await concedingRun(thread.id, failing)
  expect(learningComments()).toEqual([])

  const next = await laterRun([...passes(), teaching(thread.id)])
  expect(next.error).toBeUndefined()
  expect(next.agent.prompts).toHaveLength(5)
  expect(next.agent.prompts[4]).toContain(thread.id)
  expect(learningComments()).toHaveLength(1)

  const after = await laterRun(passes())
  expect(after.agent.prompts).toHaveLength(4)
})

it('a thread is offered again once: a second failure is not carried', async () => {
  const thread = reasonedThread(fixture)
  await concedingRun(thread.id, failing)
  const next = await laterRun([...passes(), failing])
  expect(next.agent.prompts).toHaveLength(5)

  const after = await laterRun([...passes(), teaching(thread.id)])
  expect(after.agent.prompts).toHaveLength(4)
  expect(learningComments()).toEqual([])
})

it('a learning the memory could not keep is offered again by the next review', async () => {
  const thread = reasonedThread(fixture)
  let githubDown = true
  const learningPost = (request: FakeRequest) =>
    githubDown &&
    request.method === 'POST' &&
    String((request.body as { body?: unknown } | undefined)?.body).includes('"kind": "learning"')
  fixture.github.fail(learningPost, serverError(), Infinity)
  await concedingRun(thread.id, async (tools) => {
    await expect(
      tools.recordTeamLearning({ thread_id: thread.id, rule: 'Unused constants document.' })
    ).rejects.toThrow()
  })
  expect(learningComments()).toEqual([])

  githubDown = false
  const next = await laterRun([...passes(), teaching(thread.id)])
  expect(next.agent.prompts).toHaveLength(5)
  expect(learningComments()).toHaveLength(1)
})

it('a model that declined to teach is not asked again', async () => {
  const thread = reasonedThread(fixture)
  await concedingRun(thread.id, async () => undefined)
  const next = await laterRun([...passes(), teaching(thread.id)])
  expect(next.error).toBeUndefined()
  expect(next.agent.prompts).toHaveLength(4)
})

it('a review whose pass 1 did not complete keeps the threads for the one after', async () => {
  const thread = reasonedThread(fixture)
  await concedingRun(thread.id, failing)
  // Pass 1 never submits its results (its turn, nudge, retry and nudge): no teaching.
  const idle: ScriptedTurn = async () => undefined
  const stalled = await laterRun([idle, idle, idle, idle, submit(), submit(), submit()])
  expect(stalled.reports[0]?.passes[0]).toMatchObject({ number: 1, completed: false })
  expect(stalled.agent.prompts.some((p) => p.includes(LEARNINGS_PROMPT))).toBe(false)

  const next = await laterRun([...passes(), teaching(thread.id)])
  expect(next.agent.prompts).toHaveLength(5)
  expect(learningComments()).toHaveLength(1)
})
