/**
 * The `sarif_file` output: a full review writes the PR's open findings as a
 * SARIF 2.1.0 file under RUNNER_TEMP, valid against the official schema; the
 * next run after a push names the findings still open the same way, drops
 * the one it resolved and adds its own; a run that reviews nothing sets ''.
 */
import { jest } from '@jest/globals'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FINGERPRINT_KEY, type SarifLog } from '../../src/core/reports/sarif-report.js'
import { runAction } from '../support/action-run.js'
import { numberedLines } from '../support/pr-history.js'
import { sarifSchemaErrors } from '../support/sarif-schema.js'
import { example } from '../support/webhook-examples.js'
import { pass, tool, type Scenario } from './harness.js'
import { push, sha, startHistoryScenario } from './push.js'

jest.setTimeout(240_000)

const BASE = sha('sarif base')
/** The score-9 finding is published as scripted: confirmation has its own tests. */
const NO_CONFIRMATION = { confirm_min_score: 'off' }
const FIRST = numberedLines('export const step', 40)
const SECOND = `${FIRST}export const step 41\n`

let scenario: Scenario | undefined
let runnerTemp: string
beforeEach(async () => {
  runnerTemp = await mkdtemp(join(tmpdir(), 'runner-temp-'))
  process.env['RUNNER_TEMP'] = runnerTemp
})
afterEach(async () => {
  delete process.env['RUNNER_TEMP']
  await scenario?.stop()
  scenario = undefined
  await rm(runnerTemp, { recursive: true, force: true })
})

async function readSarif(path: string | undefined): Promise<SarifLog> {
  expect(path).toBe(join(runnerTemp, 'review-my-code-bot-42.sarif'))
  const log = JSON.parse(await readFile(path as string, 'utf8')) as SarifLog
  expect(sarifSchemaErrors(log)).toEqual([])
  return log
}

/** Each result as "file:line level rule fingerprint". */
function lines(log: SarifLog): string[] {
  return log.runs[0].results.map((r) => {
    const location = r.locations?.[0]?.physicalLocation
    const where = `${location?.artifactLocation.uri}:${location?.region?.startLine ?? '-'}`
    return `${where} ${r.level} ${r.ruleId} ${r.partialFingerprints[FINGERPRINT_KEY]}`
  })
}

/** The REST id of the root comment of the thread on `line` of src/refunds.ts. */
function rootCommentOn(line: number): number {
  const thread = scenario?.pr.threads.find((t) => t.comments[0]?.line === line)
  if (thread?.comments[0] === undefined) throw new Error(`no thread on line ${line}`)
  return thread.comments[0].id
}

it('writes the open findings, valid SARIF, and keeps their identity across runs', async () => {
  const files = [{ path: 'src/refunds.ts', base: '', head: FIRST }]
  scenario = await startHistoryScenario(files, { baseSha: BASE })
  scenario.model.enqueue(
    ...pass(1, [
      tool.post('src/refunds.ts', 10, 9, 'Refund total ignores captures', { category: 'security' }),
      tool.post('src/refunds.ts', 20, 6, 'Orders are mapped twice', { category: 'performance' }),
      tool.post('src/refunds.ts', 30, 3, 'Variable name step30 is vague'),
      tool.post('src/ledger.ts', 5, 7, 'Ledger rounding drifts', { category: 'correctness' })
    ]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  // Run 1 only prepares run 2: its script is played without opencode (same run(), no sidecar).
  const run1 = await scenario.run({ inputs: NO_CONFIRMATION, played: true })
  expect(run1.failed).toBe(false)
  const first = await readSarif(run1.outputs['sarif_file'])
  const ledger = first.runs[0].results.find((r) => r.message.text === 'Ledger rounding drifts')
  const ledgerId = ledger?.partialFingerprints[FINGERPRINT_KEY]
  // ledger.ts is not in the PR: a summary-only finding, named by its run-record id.
  expect(ledgerId).toMatch(/^[0-9a-f]{7}-\d{14}-F3$/)
  // The score-3 finding was suppressed: no result.
  expect(lines(first)).toEqual([
    `src/refunds.ts:10 error security F1@${rootCommentOn(10)}`,
    `src/ledger.ts:5 warning correctness ${ledgerId}`,
    `src/refunds.ts:20 note performance F2@${rootCommentOn(20)}`
  ])
  expect(first.runs[0].tool.driver.rules.map((rule) => rule.id)).toEqual([
    'security',
    'correctness',
    'performance'
  ])

  // Run 2 after a push: resolves the score-6 thread, raises one new finding.
  const resolved = scenario.pr.threads.find((t) => t.comments[0]?.line === 20)
  const from = await push(scenario, { files: [{ ...files[0]!, head: SECOND }] })
  scenario.model.enqueue(
    ...pass(1, [
      tool.resolve(resolved?.id ?? '', 'Mapped once now.'),
      tool.post('src/refunds.ts', 41, 7, 'Step 41 skips validation', { category: 'correctness' })
    ]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  // Played too: the SARIF file and its identities are the action's rules
  // (the findings reach the action through the real sidecar in fresh-review).
  const run2 = await scenario.run({ before: from, inputs: NO_CONFIRMATION, played: true })
  expect(run2.failed).toBe(false)
  const second = await readSarif(run2.outputs['sarif_file'])
  // Run 2's own "F1" is a new thread: its identity differs from run 1's F1.
  expect(lines(second)).toEqual([
    `src/refunds.ts:10 error security F1@${rootCommentOn(10)}`,
    `src/ledger.ts:5 warning correctness ${ledgerId}`,
    `src/refunds.ts:41 warning correctness F1@${rootCommentOn(41)}`
  ])
})

it('a run that reviews nothing sets sarif_file to an empty string and writes no file', async () => {
  const payload = example('pull_request', 'closed')
  const result = await runAction({
    eventName: 'pull_request',
    payload,
    inputs: { github_token: 'ghs_unusedToken0001', model: 'anthropic/claude-sonnet-4-5' }
  })
  expect(result.outputs['skipped_reason']).not.toBe('')
  expect(result.outputs['sarif_file']).toBe('')
})
