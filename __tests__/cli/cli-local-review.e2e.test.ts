/**
 * The real command, end to end: the CLI built from src/ (`review`) as a child
 * process in a temporary git repository with no remote, the real opencode
 * binary, and the scripted fake model (pointed at by --opencode-config, the
 * key from OPENCODE_API_KEY). A finding scored 8 makes the verdict
 * request_changes, which --fail-on request_changes turns into exit 1.
 * Each test reviews a fresh repository (the model's script is per run).
 */
import { jest } from '@jest/globals'
import { execFile } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { FINGERPRINT_KEY } from '../../src/core/reports/sarif-report.js'
import { pass, tool } from '../e2e/harness.js'
import { cliBundle, removeCliBundle } from '../support/cli-bundle.js'
import { commandEnv, NODE, refundsRepo, reviewArgs } from '../support/cli-command.js'
import { FAKE_API_KEY, FakeModel } from '../support/fake-model/index.js'
import { sarifSchemaErrors } from '../support/sarif-schema.js'

jest.setTimeout(240_000)

const FINDING = 'Refund total ignores partial captures'

let model: FakeModel
let repo: string
let cli: string
beforeAll(async () => {
  cli = await cliBundle()
})
afterAll(removeCliBundle)
beforeEach(async () => {
  model = await FakeModel.start()
  repo = await refundsRepo()
})
afterEach(async () => {
  await model.stop()
  await rm(repo, { recursive: true, force: true })
})

interface ChildRun {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

/** A review with the fake model's provider and the project's opencode binary. */
function reviewCommand(extra: readonly string[]): Promise<ChildRun> {
  return runChild(reviewArgs(cli, model.baseURL, ['--pass-timeout-minutes', '2', ...extra]))
}

/** The command as a user runs it: its own process, cwd = the repository. */
function runCommand(args: readonly string[]): Promise<ChildRun> {
  return runChild([cli, ...args])
}

/** Node with these arguments, cwd = the repository. */
function runChild(args: readonly string[]): Promise<ChildRun> {
  return new Promise((resolve) => {
    execFile(
      NODE,
      args,
      {
        cwd: repo,
        env: commandEnv(repo),
        maxBuffer: 16 * 1024 * 1024
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1
        resolve({ code, stdout, stderr })
      }
    )
  })
}

function scriptReview(): void {
  model.enqueue(
    ...pass(1, [tool.post('src/refunds.ts', 4, 8, FINDING, { category: 'correctness' })]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
}

it('prints the finding grouped under its file and exits 1 at --fail-on request_changes', async () => {
  scriptReview()
  const run = await reviewCommand(['--fail-on', 'request_changes'])
  expect(run.code).toBe(1)
  expect(run.stdout).toContain('Verdict: request_changes')
  const printed = run.stdout.split('\n')
  const fileAt = printed.indexOf('src/refunds.ts')
  expect(fileAt).toBeGreaterThanOrEqual(0)
  expect(printed[fileAt + 1]).toMatch(new RegExp(`^ {2}line 4 +score {2}8 {2}${FINDING}$`))
  expect(run.stdout).not.toContain(FAKE_API_KEY)
  // stderr is a pipe here: no progress lines.
  expect(run.stderr).not.toContain('Review pass')
})

it('writes the run as SARIF 2.1.0 with --format sarif --output; status lists it until dismissed', async () => {
  scriptReview()
  const run = await reviewCommand([
    '--fail-on',
    'request_changes',
    '--format',
    'sarif',
    '--output',
    'review.sarif'
  ])
  expect(run.code).toBe(1)
  expect(run.stdout).toBe('')
  const log = JSON.parse(await readFile(join(repo, 'review.sarif'), 'utf8'))
  expect(sarifSchemaErrors(log)).toEqual([])
  expect(log.runs[0].results).toEqual([
    expect.objectContaining({
      level: 'warning',
      ruleId: 'correctness',
      message: { text: FINDING },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'src/refunds.ts', uriBaseId: '%SRCROOT%' },
            region: { startLine: 4, endLine: 4 }
          }
        }
      ],
      properties: { score: 8 }
    })
  ])
  const status = await runCommand(['status'])
  expect(status.code).toBe(0)
  expect(status.stdout).toContain(FINDING)

  // Its id (the SARIF fingerprint) dismisses it: status no longer lists it.
  const id: string = log.runs[0].results[0].partialFingerprints[FINGERPRINT_KEY]
  expect(status.stdout).toContain(`id: ${id}`)
  const dismissed = await runCommand(['dismiss', id, '--reason', 'captures are refunded upstream'])
  expect(dismissed.code).toBe(0)
  expect(dismissed.stdout).toContain(`Dismissed ${id} (src/refunds.ts:4): ${FINDING}`)
  const after = await runCommand(['status', '--format', 'json'])
  expect(after.code).toBe(0)
  expect(JSON.parse(after.stdout).findings).toEqual([])

  // The reason became a team learning; `forget` takes it back.
  const listed = await runCommand(['learnings', '--format', 'json'])
  expect(listed.code).toBe(0)
  const [learning] = JSON.parse(listed.stdout).learnings
  expect(learning).toMatchObject({ rule: 'captures are refunded upstream', finding: FINDING })
  expect(dismissed.stdout).toContain(`Take it back with: review-my-code-bot forget ${learning.id}`)
  const forgot = await runCommand(['forget', learning.id])
  expect(forgot.code).toBe(0)
  expect(forgot.stdout).toBe(`Forgot ${learning.id}: captures are refunded upstream\n`)
  expect((await runCommand(['learnings'])).stdout).toContain('No team learnings are kept')
})
