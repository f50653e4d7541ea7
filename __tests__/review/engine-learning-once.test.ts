/**
 * When a thread is offered for teaching, without opencode: a threads-only
 * run that settles the thread with a developer's reason teaches at once (the
 * memory read only then), and a thread is offered once: one that settled in
 * an earlier run is not offered again, nor a thumbs-down the last review
 * already saw.
 */
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { submit, type ScriptedTurn } from '../support/scripted-session.js'
import { markHeadReviewed, OWNER, REPO, type EngineFixture } from './engine-harness.js'
import {
  memoryDepsOf,
  reasonedThread,
  TAUGHT_FINDING as FINDING,
  teaching,
  startTeamFixture,
  learningCommentsOf
} from './team-memory-deps.js'

const BOT = 'github-actions[bot]'
const LIST_ISSUES = 'GET /repos/:owner/:repo/issues'
const LEARNINGS_PROMPT = 'After the review: what the team taught'

let fixture: EngineFixture
beforeEach(async () => (fixture = await startTeamFixture()))
afterEach(() => fixture.stop())

const memoryDeps = () => memoryDepsOf(fixture)

/** The run record of a review of `headSha` that finished at `reviewedAt`. */
function recordOf(headSha: string, reviewedAt: string) {
  markHeadReviewed(fixture, { headSha, reviewedAt })
}

/** A bot finding on src/a.ts line 1 with alice's reason, and `more` comments after it. */
const findingThread = (more: Array<{ author: string; body: string }> = []) =>
  reasonedThread(fixture, more)

const learningComments = () => learningCommentsOf(fixture)

const replyRun = (commentId: number, turns: ScriptedTurn[]) =>
  fixture.run(turns, {
    deps: memoryDeps(),
    request: { trigger: 'reply', commentId, actor: 'alice', replyBy: 'developer' }
  })

describe('a threads-only run', () => {
  beforeEach(() => recordOf(fixture.pr.headSha, '2026-11-20T00:00:00.000Z'))

  it('that concedes after a writer’s reason teaches the learning in the same session', async () => {
    const thread = findingThread()
    const run = await replyRun(thread.comments[1]!.id, [
      async (tools) => {
        await tools.replyToThread({ thread_id: thread.id, body: 'Fair.', is_concession: true })
      },
      teaching(thread.id)
    ])
    expect(run.error).toBeUndefined()
    expect(run.agent.prompts).toHaveLength(2)
    expect(run.agent.prompts[1]).toContain(LEARNINGS_PROMPT)
    const [comment, ...others] = learningComments()
    expect(others).toEqual([])
    const parsed = parseRmcoc(comment!.body)
    expect(parsed.ok && parsed.block).toMatchObject({
      kind: 'learning',
      taught_by: 'alice',
      source: { pr: fixture.pr.number, thread: thread.id }
    })
  })

  it('that settles nothing teachable reads no memory and sends no learnings prompt', async () => {
    const thread = findingThread()
    const run = await replyRun(thread.comments[1]!.id, [
      async (tools) => {
        await tools.replyToThread({
          thread_id: thread.id,
          body: 'It is unused.',
          is_concession: false
        })
      }
    ])
    expect(run.error).toBeUndefined()
    expect(run.agent.prompts).toHaveLength(1)
    expect(fixture.github.requestsTo(LIST_ISSUES)).toEqual([])
  })
})

const passes: ScriptedTurn[] = [submit(), submit(), submit(), submit()]

it('a full review does not offer a thread that settled in an earlier run again', async () => {
  const concession = formatBotComment('Fair point.', { kind: 'concession', status: 'RESOLVED' })
  const thread = findingThread([{ author: BOT, body: concession }])
  thread.isResolved = true

  const run = await fixture.run([...passes, teaching(thread.id)], { deps: memoryDeps() })

  expect(run.error).toBeUndefined()
  expect(run.agent.prompts).toHaveLength(4)
  // The memory issue counts the thread's outcome; it learns nothing from it again.
  expect(learningComments()).toEqual([])
})

it('a writer’s 👎 is offered by the first review after it, not by later ones', async () => {
  const thread = fixture.github.state.addThread(fixture.pr, {
    path: 'src/a.ts',
    line: 1,
    comments: [
      {
        author: BOT,
        body: formatBotComment(`${FINDING}.`, { finding: FINDING, assessment: 'Why.', score: 6 })
      }
    ]
  })
  const rootId = thread.comments[0]!.id
  // The open thread gets pass 1's "still open" prompt, answered with nothing.
  const withOpenThread = [submit(), async () => undefined, submit(), submit(), submit()]
  fixture.github.state.addReaction('review', rootId, '-1', 'alice', '2026-11-21T00:00:00Z')
  recordOf('beef'.padEnd(40, '0'), '2026-11-22T00:00:00.000Z')

  const later = await fixture.run([...withOpenThread, teaching(thread.id)], {
    deps: memoryDeps()
  })
  expect(later.error).toBeUndefined()
  expect(later.agent.prompts).toHaveLength(5)

  // After the record the first run left (the engine's clock reads 2026-11-23T06:00).
  fixture.github.state.addUser('carol')
  fixture.github.state.grant(OWNER, REPO, 'carol', 'write')
  fixture.github.state.addReaction('review', rootId, '-1', 'carol', '2026-11-23T07:00:00Z')
  const after = await fixture.run([...withOpenThread, teaching(thread.id)], {
    deps: memoryDeps()
  })
  expect(after.error).toBeUndefined()
  expect(after.agent.prompts).toHaveLength(6)
  expect(after.agent.prompts[5]).toContain(LEARNINGS_PROMPT)
  expect(after.agent.prompts[5]).toContain(thread.id)
})
