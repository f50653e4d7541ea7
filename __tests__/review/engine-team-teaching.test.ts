/**
 * Teaching team memory in the engine, without opencode: a thread conceded
 * after the PR author's reason teaches one signed learning through
 * record_team_learning in a new memory issue (once per thread, only listed
 * threads); a bystander's reply teaches nothing; dry_run writes no issue.
 */
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { signBody, verifyBody } from '../../src/core/memory/state-signature.js'
import { submit, type ScriptedTurn } from '../support/scripted-session.js'
import { OWNER, REPO, type EngineFixture } from './engine-harness.js'
import {
  MEMORY_STATE_KEY as STATE_KEY,
  memoryDepsOf,
  startMemoryFixture,
  TAUGHT_FINDING as FINDING
} from './team-memory-deps.js'

let fixture: EngineFixture
beforeEach(async () => (fixture = await startMemoryFixture()))
afterEach(() => fixture.stop())

const memoryDeps = () => memoryDepsOf(fixture)

/** A bot thread on line 1 with one reply by `replier`; its root signed with `key` when given. */
function disputedThread(replier: string, key?: string) {
  const root = formatBotComment(`${FINDING}.`, {
    finding: FINDING,
    assessment: 'Dead code.',
    score: 6,
    category: 'style'
  })
  const scope = { owner: OWNER, repo: REPO, number: fixture.pr.number }
  return fixture.github.state.addThread(fixture.pr, {
    path: 'src/a.ts',
    line: 1,
    comments: [
      {
        author: 'github-actions[bot]',
        body: key === undefined ? root : signBody(root, key, scope)
      },
      { author: replier, body: 'We keep unused constants here as documentation of defaults.' }
    ]
  })
}

const conceding =
  (threadId: string): ScriptedTurn =>
  async (tools) => {
    await tools.replyToThread({ thread_id: threadId, body: 'Fair point.', is_concession: true })
    await submit()(tools, 'pass 1')
  }

it('a thread conceded after the author’s reason teaches one signed learning in a new memory issue', async () => {
  const thread = disputedThread('octocat', STATE_KEY)
  const rules: string[] = []
  const run = await fixture.run(
    [
      conceding(thread.id),
      submit(),
      submit(),
      submit(),
      async (tools, prompt) => {
        rules.push(prompt)
        await tools.recordTeamLearning({
          thread_id: thread.id,
          rule: 'Unused constants in src are documentation of the defaults, keep them.'
        })
        await expect(
          tools.recordTeamLearning({ thread_id: thread.id, rule: 'Again.' })
        ).rejects.toThrow('already taught')
        await expect(
          tools.recordTeamLearning({ thread_id: 'PRRT_other', rule: 'Something.' })
        ).rejects.toThrow('not a thread the learnings prompt lists')
      }
    ],
    { deps: memoryDeps(), inputs: { state_key: STATE_KEY } }
  )
  expect(run.error).toBeUndefined()
  expect(run.agent.prompts).toHaveLength(5)
  expect(rules[0]).toContain(thread.id)
  expect(rules[0]).toContain('documentation of defaults')
  const issues = fixture.github.state.issues.inRepo(OWNER, REPO)
  expect(issues).toHaveLength(1)
  // The learning, then the PR's outcomes comment (the conceded thread counted).
  const comments = issues[0]!.issueComments
  expect(comments).toHaveLength(2)
  expect(comments[1]!.body).toContain('"kind": "outcomes"')
  const scope = { owner: OWNER, repo: REPO, number: issues[0]!.number }
  expect(verifyBody(comments[0]!.body, STATE_KEY, scope).check).toBe('valid')
  const parsed = parseRmcoc(comments[0]!.body)
  expect(parsed.ok && parsed.block.kind === 'learning' ? parsed.block : undefined).toMatchObject({
    taught_by: 'octocat',
    via: 'concession',
    scope: { path: 'src/**', category: 'style' },
    source: { pr: fixture.pr.number, thread: thread.id }
  })
  expect(comments[0]!.body).toContain('delete this comment')
})

it('a bystander’s reply teaches nothing: no learnings prompt', async () => {
  const thread = disputedThread('passer-by')
  const run = await fixture.run([conceding(thread.id), submit(), submit(), submit()], {
    deps: memoryDeps()
  })
  expect(run.error).toBeUndefined()
  expect(run.agent.prompts).toHaveLength(4)
  // The settled thread is counted; nothing is learned.
  const comments = fixture.github.state.issues.inRepo(OWNER, REPO)[0]?.issueComments ?? []
  expect(comments.map((c) => c.body).filter((b) => b.includes('"kind": "learning"'))).toEqual([])
})

it('dry_run accepts the learning but writes no memory issue', async () => {
  const thread = disputedThread('octocat')
  const run = await fixture.run(
    [
      conceding(thread.id),
      submit(),
      submit(),
      submit(),
      async (tools) => {
        const ack = await tools.recordTeamLearning({
          thread_id: thread.id,
          rule: 'Unused constants in src are documentation.'
        })
        expect(ack.note).toContain('dry run')
      }
    ],
    { deps: memoryDeps(), inputs: { dry_run: 'true' } }
  )
  expect(run.error).toBeUndefined()
  expect(run.agent.prompts).toHaveLength(5)
  expect(fixture.github.state.issues.inRepo(OWNER, REPO)).toHaveLength(0)
})
