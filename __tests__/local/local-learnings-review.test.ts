/**
 * Local team memory across branches, with played runs (the engine, the
 * state files and the tools are real; the scripted model is played without
 * opencode): a finding dismissed on one branch teaches a learning kept in
 * the repository's learnings file; on another branch the same finding is
 * refused naming the learning and the prompts carry it; once forgotten, it
 * is raised again. `--no-learn` teaches nothing.
 */
import { jest } from '@jest/globals'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { dismissFinding } from '../../src/local/local-dismissal.js'
import {
  forgetLearning,
  localLearnings,
  runLocalReview,
  type LocalReviewResult
} from '../../src/local/local-review.js'
import { pass, tool } from '../e2e/harness.js'
import { passPromptIn } from '../e2e/requests.js'
import { FAKE_API_KEY, FakeModel, scriptPlayer } from '../support/fake-model/index.js'
import { commitFiles, lines, repoGit } from '../support/local-repo.js'
import { localConfigFor, recordingLog, useLocalRuns } from '../support/local-run.js'

jest.setTimeout(120_000)

let model: FakeModel | undefined
let dir = ''
const local = useLocalRuns()

const REFUND = 'Refund amount is never checked against the captured total'
const RULE = 'Refund amounts are validated by the payments gateway before they reach this code.'
const BASE = lines('export const base =', 20)

/** One played local review of the checked-out branch, raising REFUND at `line` when given. */
async function review(fake: FakeModel, line?: number, teamMemory = true) {
  const firstPlayed = fake.playedPrompts.length
  fake.enqueue(
    ...pass(1, line === undefined ? [] : [tool.post('src/refund.ts', line, 7, REFUND)]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const logged = recordingLog()
  const result = await runLocalReview({
    cwd: dir,
    base: 'main',
    workingTree: false,
    config: { ...localConfigFor(fake), teamMemory },
    env: { PATH: process.env['PATH'], HOME: dir, OPENCODE_API_KEY: FAKE_API_KEY },
    log: logged.log,
    passDeadlineMs: 60_000,
    startAgent: scriptPlayer(fake).start
  })
  return {
    result: reviewed(result),
    prompts: fake.playedPrompts.slice(firstPlayed),
    warnings: logged.warnings
  }
}

function reviewed(result: LocalReviewResult) {
  if (result.kind !== 'reviewed') throw new Error(`not reviewed: ${result.reason}`)
  return result
}

const refundChange = (n: number) => `${BASE}export function refund${n}(a: number) { return -a }\n`

it('a dismissal on one branch holds the finding back on another until the learning is forgotten', async () => {
  model = await local.startModel()
  dir = await local.makeRepo({ 'src/refund.ts': BASE })
  await commitFiles(dir, { 'src/refund.ts': refundChange(1) })
  const first = await review(model, 21)
  const id = first.result.findings[0]?.id ?? ''
  const dismissal = await dismissFinding(dir, id, `  ${RULE}  `)
  if (dismissal.learning.kind !== 'learned') throw new Error('nothing learned')
  const { learning } = dismissal.learning
  expect(learning).toMatchObject({
    rule: RULE,
    scope: { path: 'src/**', category: 'uncategorized' },
    finding: REFUND,
    source: { pr: 1, branch: 'feature' },
    taught_by: 'dana-developer',
    via: 'dismissed'
  })
  const kept = await localLearnings(dir)
  expect(kept.learnings).toEqual([learning])
  expect(JSON.parse(await readFile(kept.path, 'utf8'))).toEqual({
    version: 1,
    learnings: [learning]
  })

  // Another branch from main raises the same finding: refused, naming the learning.
  repoGit(dir, 'checkout', '-q', '-b', 'other', 'main')
  await commitFiles(dir, { 'src/refund.ts': refundChange(2) })
  const other = await review(model, 21)
  expect(other.result.findings).toEqual([])
  expect(other.result.report.refused).toEqual([
    expect.objectContaining({ kind: 'learning', finding: REFUND })
  ])
  expect(other.result.report.refused[0]?.reason).toContain(
    `${learning.id} (“${RULE}”), taught by dana-developer on branch feature`
  )
  const pass1 = passPromptIn(other.prompts, 1)
  expect(pass1).toContain(`${learning.id}: ${RULE}`)
  expect(pass1).toContain('taught by dana-developer on branch feature on the finding')

  // --team-memory false: a review without the learnings raises it (on a third branch).
  repoGit(dir, 'checkout', '-q', '-b', 'third', 'main')
  await commitFiles(dir, { 'src/refund.ts': refundChange(4) })
  const without = await review(model, 21, false)
  expect(without.result.findings.map((f) => f.finding)).toEqual([REFUND])
  expect(passPromptIn(without.prompts, 1)).not.toContain(RULE)
  repoGit(dir, 'checkout', '-q', 'other')

  // Forgotten: the next review of the branch raises it again.
  await expect(forgetLearning(dir, 'L-0000000000')).rejects.toThrow(
    `no learning "L-0000000000": the learnings are: ${learning.id}`
  )
  expect(await forgetLearning(dir, learning.id)).toEqual(learning)
  expect((await localLearnings(dir)).learnings).toEqual([])
  await commitFiles(dir, { 'src/refund.ts': refundChange(3) })
  const again = await review(model, 21)
  expect(again.result.findings.map((f) => f.finding)).toEqual([REFUND])
  expect(passPromptIn(again.prompts, 1)).not.toContain(RULE)
})

it('--no-learn dismisses without teaching; a corrupt learnings file is set aside with a warning', async () => {
  model = await local.startModel()
  dir = await local.makeRepo({ 'src/refund.ts': BASE })
  await commitFiles(dir, { 'src/refund.ts': refundChange(1) })
  const first = await review(model, 21)
  const id = first.result.findings[0]?.id ?? ''
  const dismissal = await dismissFinding(dir, id, 'Not on this branch.', { learn: false })
  expect(dismissal.learning).toEqual({ kind: 'off' })
  const kept = await localLearnings(dir)
  expect(kept.learnings).toEqual([])

  await mkdir(dirname(kept.path), { recursive: true })
  await writeFile(kept.path, '{"version": 1, "learnings": [{"kind": "learning"}]}')
  await commitFiles(dir, { 'src/refund.ts': refundChange(2) })
  const next = await review(model)
  expect(next.warnings).toEqual([
    expect.stringContaining(`The learnings file ${kept.path} could not be read`)
  ])
  expect(next.warnings[0]).toContain('learnings[0].id')
  expect(next.warnings[0]).toContain('reviews go on without learnings')
  expect((await localLearnings(dir)).learnings).toEqual([])
})
