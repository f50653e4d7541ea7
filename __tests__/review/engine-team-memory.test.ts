/**
 * Team memory read in the engine, without opencode: the real gateway and
 * memory store against the fake GitHub, a scripted agent. The memory issue
 * is read once (forged or wrongly signed learnings ignored, a refused store
 * one warning, none with team_memory false); learnings reach pass 1 and hold
 * back the findings they cover, also after a re-score in pass 4, while a
 * security finding or one at 9 or more goes out with the learning shown.
 */
import { formatBotComment, type LearningBlock } from '../../src/core/memory/rmcoc.js'
import { signBody } from '../../src/core/memory/state-signature.js'
import { memoryIssueBody, MEMORY_ISSUE_TITLE } from '../../src/core/names/memory-issue-marker.js'
import type { ReviewTools } from '../../src/ports/review-tools.js'
import { findingRows } from '../../src/action/job-summary-findings.js'
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
