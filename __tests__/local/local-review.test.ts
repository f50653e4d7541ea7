/**
 * Local reviews end to end: runLocalReview on a temporary git repository
 * with no remote, the real opencode binary against the scripted fake model.
 * A first review publishes a finding into the state file; a one-line commit
 * is reviewed incrementally; a dismissed finding the model raises again is
 * not published again; a corrupt state file is backed up and reported.
 * Runs that prepare the one under test play their script without opencode.
 */
import { jest } from '@jest/globals'
import { readFile, writeFile, mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import {
  localStatus,
  runLocalReview,
  type LocalReviewResult
} from '../../src/local/local-review.js'
import { dismissFinding } from '../../src/local/local-dismissal.js'
import { pass, tool } from '../e2e/harness.js'
import { passPromptIn } from '../e2e/requests.js'
import { FAKE_API_KEY, FakeModel, scriptPlayer } from '../support/fake-model/index.js'
import { commitFiles, lines, writeFiles } from '../support/local-repo.js'
import { localConfigFor, recordingLog, useLocalRuns } from '../support/local-run.js'

jest.setTimeout(240_000)

let model: FakeModel | undefined
let dir = ''
const local = useLocalRuns()

/**
 * One local review. `played`: its script is played without opencode (the
 * same review, state file and tools, no sidecar), for a run that only
 * prepares the one under test; its prompts are then the played ones.
 */
async function review(fake: FakeModel, workingTree = false, played = false) {
  const first = fake.requests.length
  const firstPlayed = fake.playedPrompts.length
  const logged = recordingLog()
  const result = await runLocalReview({
    cwd: dir,
    base: 'main',
    workingTree,
    config: localConfigFor(fake),
    env: { PATH: process.env['PATH'], HOME: dir, OPENCODE_API_KEY: FAKE_API_KEY },
    log: logged.log,
    passDeadlineMs: 60_000,
    ...(played ? { startAgent: scriptPlayer(fake).start } : {})
  })
  const requests = fake.requests.slice(first)
  return { result, logged, requests, prompts: fake.playedPrompts.slice(firstPlayed) }
}

function reviewed(result: LocalReviewResult) {
  if (result.kind !== 'reviewed') throw new Error(`not reviewed: ${result.reason}`)
  return result
}

const REFUND = 'Refund amount is never checked against the captured total'
const FIRST_CHANGE = 'export function refund(amount: number) { return pay(-amount) }'
const PUSHED_LINE = 'export const REFUND_LIMIT = 500'

it('reviews the branch, then only a one-line commit; a dismissed finding raised again is not published again', async () => {
  model = await local.startModel()
  dir = await local.makeRepo({ 'src/refund.ts': lines('export const base =', 20) })
  await commitFiles(dir, {
    'src/refund.ts': `${lines('export const base =', 20)}${FIRST_CHANGE}\n`
  })
  model.enqueue(
    ...pass(1, [tool.post('src/refund.ts', 21, 7, REFUND)]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const run1 = await review(model, false, true)
  const first = reviewed(run1.result)
  expect(first.scope).toBe('full')
  expect(first.warnings).toEqual([])
  expect(run1.logged.groups.filter((t) => /^Review pass \d of 4/.test(t))).toHaveLength(4)
  expect(passPromptIn(run1.prompts, 1)).toContain(FIRST_CHANGE)
  expect(first.findings).toEqual([
    expect.objectContaining({ file: 'src/refund.ts', line: 21, score: 7, finding: REFUND })
  ])
  const finding = first.findings[0]
  if (finding === undefined) throw new Error('no finding')
  expect(finding.id).toBe(finding.fingerprint)
  expect(finding.body).toContain(`${REFUND}. Details for the developer.`)
  expect(finding.body).not.toContain('rmcoc')
  expect(await localStatus(dir)).toEqual({
    findings: first.findings,
    statePath: first.statePath,
    warnings: []
  })

  // A one-line commit, away from the first change: pass 1 holds only that line.
  const withPushed = lines('export const base =', 20).replace(
    'export const base = 10\n',
    `export const base = 10\n${PUSHED_LINE}\n`
  )
  await commitFiles(dir, { 'src/refund.ts': `${withPushed}${FIRST_CHANGE}\n` })
  model.enqueue(...pass(1), ...pass(2), ...pass(3), ...pass(4))
  const run2 = await review(model, false, true)
  const second = reviewed(run2.result)
  expect(second.scope).toBe('incremental')
  const incremental = passPromptIn(run2.prompts, 1)
  expect(incremental).toContain('This is an incremental review of')
  expect(incremental).toContain(`+${PUSHED_LINE}`)
  expect(incremental).not.toContain(FIRST_CHANGE)
  // The earlier finding is still open.
  expect(second.findings.map((f) => f.id)).toEqual([finding.id])

  // The developer dismisses it; the model raises it again after the next commit.
  await expect(dismissFinding(dir, 'F9@999', 'no')).rejects.toThrow(
    `no open finding "F9@999": the open findings are: ${finding.id}`
  )
  // --no-learn: this case is the branch's own memory of the dismissal, not a team learning.
  const dismissed = await dismissFinding(dir, finding.id, 'Amounts are validated by the caller.', {
    learn: false
  })
  expect(dismissed.learning).toEqual({ kind: 'off' })
  expect(dismissed.finding.id).toBe(finding.id)
  expect((await localStatus(dir)).findings).toEqual([])
  await commitFiles(dir, { 'src/other.ts': 'export const other = 1\n' })
  // The same finding, on the line the first change moved to.
  model.enqueue(
    ...pass(1, [tool.post('src/refund.ts', 22, 7, REFUND)]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const run3 = await review(model)
  const third = reviewed(run3.result)
  expect(third.findings).toEqual([])
  expect(third.report.refused).toEqual([
    expect.objectContaining({ kind: 'duplicate', finding: REFUND })
  ])
  expect(third.report.refused[0]?.reason).toContain("developer's call")
  const state = JSON.parse(await readFile(third.statePath, 'utf8')) as {
    threads: Array<{ comments: Array<{ body: string }> }>
  }
  expect(state.threads).toHaveLength(1)
  expect(state.threads[0]?.comments.map((c) => c.body)).toContain(
    'Amounts are validated by the caller.'
  )
})

it('a corrupt state file is kept as a backup and reported; --working-tree reviews the uncommitted tracked change, then narrows from that snapshot', async () => {
  model = await local.startModel()
  dir = await local.makeRepo({ 'src/a.ts': lines('export const a =', 5) })
  await commitFiles(dir, { 'src/a.ts': `${lines('export const a =', 5)}export const b = 1\n` })
  const { statePath } = await localStatus(dir)
  await mkdir(dirname(statePath), { recursive: true })
  await writeFile(statePath, '{"version": 1, "threads": [')
  const UNCOMMITTED = 'export const uncommitted = true'
  await writeFiles(dir, {
    'src/a.ts': `${lines('export const a =', 5)}export const b = 1\n${UNCOMMITTED}\n`
  })
  model.enqueue(...pass(1), ...pass(2), ...pass(3), ...pass(4))
  const run = await review(model, true, true)
  const result = reviewed(run.result)
  expect(result.warnings).toHaveLength(1)
  const backup = /kept as (\S+) and/.exec(result.warnings[0] ?? '')?.[1] ?? ''
  expect(backup.startsWith(`${statePath}.corrupt-`)).toBe(true)
  expect(await readFile(backup, 'utf8')).toBe('{"version": 1, "threads": [')
  expect(result.scope).toBe('full')
  expect(passPromptIn(run.prompts, 1)).toContain(`+${UNCOMMITTED}`)
  // The run started from empty state and wrote a fresh, readable file.
  expect(await localStatus(dir)).toEqual({ findings: [], statePath, warnings: [] })

  // The snapshot is no commit of the branch, yet the next run narrows from it.
  await commitFiles(dir, {})
  const NEXT = 'export const next = 2'
  await writeFiles(dir, {
    'src/a.ts': `${lines('export const a =', 5)}export const b = 1\n${UNCOMMITTED}\n${NEXT}\n`
  })
  model.enqueue(...pass(1), ...pass(2), ...pass(3), ...pass(4))
  // Played: narrowing from the snapshot is local mode's rule (the first case's
  // last review runs the real sidecar).
  const next = await review(model, true, true)
  expect(reviewed(next.result).scope).toBe('incremental')
  const narrowed = passPromptIn(next.prompts, 1)
  expect(narrowed).toContain(`+${NEXT}`)
  expect(narrowed).not.toContain(`+${UNCOMMITTED}`)
})
