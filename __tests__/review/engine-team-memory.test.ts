/**
 * Team memory in the engine, without opencode: the real gateway and memory
 * store against the fake GitHub, a scripted agent. The memory issue is read
 * once (forged learnings ignored, a refused store one warning), learnings
 * reach pass 1 and hold back the findings they cover (a security finding
 * goes out with the learning shown), and a thread settled with a
 * developer's reason teaches a learning through record_team_learning.
 */
import { formatBotComment, parseRmcoc, type LearningBlock } from '../../src/core/memory/rmcoc.js'
import { signBody, verifyBody } from '../../src/core/memory/state-signature.js'
import { memoryIssueBody, MEMORY_ISSUE_TITLE } from '../../src/core/names/memory-issue-marker.js'
import type { ReviewTools } from '../../src/ports/review-tools.js'
import { findingRows } from '../../src/action/job-summary-findings.js'
import { submit, type ScriptedTurn } from '../support/scripted-session.js'
import {
  ADDED_FILE,
  OWNER,
  REPO,
  startEngineFixture,
  type EngineFixture
} from './engine-harness.js'
import { memoryDepsOf } from './team-memory-deps.js'

const STATE_KEY = 'team-memory-state-key-0001'
const FINDING = 'Constant a is declared but never read anywhere'

let fixture: EngineFixture
beforeEach(async () => {
  fixture = await startEngineFixture({ headSha: 'c0ffee'.padEnd(40, '1'), files: [ADDED_FILE] })
})
afterEach(async () => {
  await fixture.stop()
})

const memoryDeps = () => memoryDepsOf(fixture)

function learning(category = 'style'): LearningBlock {
  return {
    kind: 'learning',
    id: 'L-0a1b2c3d4e',
    rule: 'Unused constants in src are kept on purpose as documentation of the defaults',
    scope: { path: 'src/**', category },
    finding: FINDING,
    source: { pr: 3, thread: 'PRRT_old' },
    taught_by: 'alice',
    via: 'concession',
    created_at: '2026-10-01T00:00:00.000Z'
  }
}

/** The memory issue with one learning comment by `author`, signed when `key` is given. */
function seedMemory(author: string, block = learning(), key?: string) {
  const issue = fixture.github.state.issues.add(OWNER, REPO, {
    title: MEMORY_ISSUE_TITLE,
    body: memoryIssueBody(),
    author: 'github-actions[bot]'
  })
  const body = formatBotComment(`Team learning ${block.id}.`, block)
  const scope = { owner: OWNER, repo: REPO, number: issue.number }
  fixture.github.state.addIssueComment(issue, {
    author,
    body: key === undefined ? body : signBody(body, key, scope)
  })
  return issue
}

const postFinding = (category: string, score: number) => (tools: ReviewTools) =>
  tools.postReviewComment({
    file: 'src/a.ts',
    line: 1,
    body: `${FINDING}.`,
    category,
    assessment: { finding: FINDING, assessment: 'Dead code.', score }
  })

const onePass = (category: string, score: number): ScriptedTurn[] => [
  submit(postFinding(category, score)),
  submit(),
  submit(),
  submit()
]

/** The root comments of the PR's review threads (the findings posted inline). */
const prComments = () => fixture.pr.threads.map((thread) => thread.comments[0]!)
const summaryBody = () => fixture.pr.issueComments.at(-1)?.body ?? ''

it('a learning reaches pass 1 and refuses the finding it covers, counted in both summaries', async () => {
  seedMemory('github-actions[bot]')
  const run = await fixture.run(onePass('style', 6), { deps: memoryDeps() })
  expect(run.error).toBeUndefined()
  expect(run.agent.prompts[0]).toContain('L-0a1b2c3d4e')
  expect(run.agent.prompts[0]).toContain('taught by alice in PR #3')
  expect(prComments()).toHaveLength(0)
  const refused = run.reports[0]?.refused ?? []
  expect(refused).toEqual([
    expect.objectContaining({ kind: 'learning', reason: expect.stringContaining('L-0a1b2c3d4e') })
  ])
  expect(summaryBody()).toContain('held back by team learnings: 1')
})

it('a security finding at 9 matching a learning is published with the learning shown', async () => {
  seedMemory('github-actions[bot]', learning('security'))
  const run = await fixture.run(onePass('security', 9), {
    deps: memoryDeps(),
    inputs: { confirm_min_score: 'off' }
  })
  expect(run.error).toBeUndefined()
  const bodies = prComments().map((comment) => comment.body)
  expect(bodies).toHaveLength(1)
  expect(bodies[0]).toContain('Team learning L-0a1b2c3d4e')
  expect(bodies[0]).toContain('published anyway')
})

it.each([7, 3])(
  'a finding published at 9 beside a learning, re-scored to %i in pass 4, is held back by it',
  async (score) => {
    seedMemory('github-actions[bot]')
    const answers: unknown[] = []
    const rescore = (tools: ReviewTools) =>
      tools
        .updateStagedFinding({ finding_id: 'F1', action: 'rescore', score, reason: 'Minor.' })
        .then((answer) => answers.push(answer))
    const run = await fixture.run(
      [submit(postFinding('style', 9)), submit(), submit(), submit(rescore)],
      { deps: memoryDeps(), inputs: { confirm_min_score: 'off' } }
    )
    expect(run.error).toBeUndefined()
    expect(answers).toEqual([
      expect.objectContaining({
        status: 'withdrawn',
        note: expect.stringContaining('L-0a1b2c3d4e')
      })
    ])
    expect(prComments()).toHaveLength(0)
    const report = run.reports[0]!
    expect(report.stage).toEqual([
      expect.objectContaining({
        state: 'held-back',
        score,
        note: expect.stringContaining('L-0a1b2c3d4e')
      })
    ])
    expect(findingRows(report).map((row) => row[2])).toEqual(['held back by a team learning'])
    expect(summaryBody()).toContain('held back by team learnings: 1')
  }
)

it('a finding re-scored from 10 to 9 beside a learning is still published', async () => {
  seedMemory('github-actions[bot]')
  const rescore = (tools: ReviewTools) =>
    tools.updateStagedFinding({ finding_id: 'F1', action: 'rescore', score: 9, reason: 'Less.' })
  const run = await fixture.run(
    [submit(postFinding('style', 10)), submit(), submit(), submit(rescore)],
    { deps: memoryDeps(), inputs: { confirm_min_score: 'off' } }
  )
  expect(run.error).toBeUndefined()
  expect(prComments().map((comment) => comment.body)).toEqual([
    expect.stringContaining('published anyway')
  ])
})

it.each([
  ['by another author', 'mallory', undefined, ''],
  ['unsigned, with a state_key', 'github-actions[bot]', undefined, STATE_KEY],
  ['signed with another key', 'github-actions[bot]', 'another-key-0000000000', STATE_KEY]
])('a learning %s is ignored: the finding is staged', async (_, author, key, stateKey) => {
  seedMemory(author, learning(), key)
  const run = await fixture.run(onePass('style', 6), {
    deps: memoryDeps(),
    inputs: stateKey === '' ? {} : { state_key: stateKey }
  })
  expect(run.error).toBeUndefined()
  expect(run.agent.prompts[0]).not.toContain('L-0a1b2c3d4e')
  expect(run.reports[0]?.refused ?? []).toEqual([])
  expect(prComments()).toHaveLength(1)
})

it('a learning signed for the memory issue is read with a state_key', async () => {
  seedMemory('github-actions[bot]', learning(), STATE_KEY)
  const run = await fixture.run(onePass('style', 6), {
    deps: memoryDeps(),
    inputs: { state_key: STATE_KEY }
  })
  expect(run.reports[0]?.refused.map((r) => r.kind)).toEqual(['learning'])
})

it('a token without issues access warns once naming the permission; the review goes on', async () => {
  seedMemory('github-actions[bot]')
  fixture.github.state.issues.permission = 'none'
  const run = await fixture.run(onePass('style', 6), { deps: memoryDeps() })
  expect(run.error).toBeUndefined()
  expect(run.warnings.filter((w) => w.includes('issues: write'))).toHaveLength(1)
  expect(prComments()).toHaveLength(1)
})

it('team_memory false reads no memory', async () => {
  seedMemory('github-actions[bot]')
  const run = await fixture.run(onePass('style', 6), {
    deps: memoryDeps(),
    inputs: { team_memory: 'false' }
  })
  expect(run.agent.prompts[0]).not.toContain('L-0a1b2c3d4e')
  expect(prComments()).toHaveLength(1)
})

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
