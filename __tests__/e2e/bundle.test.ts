/**
 * The artifact that ships: dist/index.js (what action.yml runs) reviews a PR
 * end to end as a separate node process, with the real opencode binary, the
 * fake model and the fake GitHub. Catches what tests of src/ cannot: a prompt
 * missing from the bundle, a dependency ncc could not bundle.
 */
import { jest } from '@jest/globals'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { parseOutputFile } from '../support/action-run.js'
import { FAKE_API_KEY, FAKE_MODEL, fakeProviderOverrides } from '../support/fake-model/index.js'
import { OPENCODE_BIN } from '../support/fake-model/sidecar.js'
import { example } from '../support/webhook-examples.js'
import {
  addedFile,
  GITHUB_TOKEN,
  NUMBER,
  pass,
  startScenario,
  tool,
  type Scenario
} from './harness.js'

jest.setTimeout(180_000)

const DIST = fileURLToPath(new URL('../../dist/index.js', import.meta.url))

let scenario: Scenario
let dir: string
afterEach(async () => {
  await scenario.stop()
  await rm(dir, { recursive: true, force: true })
})

/** Runner variables and inputs for one run of dist/index.js in `dir`. */
async function runnerEnv(dir: string) {
  const payload = example('pull_request', 'opened')
  payload.number = NUMBER
  payload.pull_request.number = NUMBER
  payload.pull_request.head.sha = scenario.pr.headSha
  const files = {
    event: join(dir, 'event.json'),
    output: join(dir, 'out'),
    state: join(dir, 'state'),
    summary: join(dir, 'summary')
  }
  await writeFile(files.event, JSON.stringify(payload))
  for (const path of [files.output, files.state, files.summary]) await writeFile(path, '')
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: dir,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: files.event,
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_API_URL: scenario.github.url,
    GITHUB_REPOSITORY: 'Codertocat/Hello-World',
    GITHUB_RUN_ID: '7',
    GITHUB_WORKSPACE: scenario.checkout,
    INPUT_GITHUB_TOKEN: GITHUB_TOKEN,
    INPUT_MODEL: FAKE_MODEL,
    INPUT_OPENCODE_API_KEY: FAKE_API_KEY,
    INPUT_OPENCODE_CONFIG: JSON.stringify(fakeProviderOverrides(scenario.model.baseURL)),
    INPUT_OPENCODE_PATH: OPENCODE_BIN,
    INPUT_PASS_TIMEOUT_MINUTES: '2',
    // The score-9 finding is published as scripted: confirmation has its own tests.
    INPUT_CONFIRM_MIN_SCORE: 'off'
  }
  return { env, files }
}

it('dist/index.js reviews a PR and sets its outputs', async () => {
  scenario = await startScenario([
    addedFile('src/a.ts', ['export const a = 1', 'export const b = 2'])
  ])
  scenario.model.enqueue(
    ...pass(1, [tool.post('src/a.ts', 2, 9, 'Hardcoded production credential')]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  dir = await mkdtemp(join(tmpdir(), 'bundle-run-'))
  const { env, files } = await runnerEnv(dir)
  const { stdout } = await promisify(execFile)(process.execPath, [DIST], {
    env,
    maxBuffer: 16 * 1024 * 1024
  })
  expect(stdout).not.toContain('::error::')
  const outputs = parseOutputFile(await readFile(files.output, 'utf8'))
  expect(outputs).toMatchObject({
    verdict: 'needs_major_work',
    findings_posted: '1',
    skipped_reason: ''
  })
  expect(scenario.pr.threads.flatMap((t) => t.comments).map((c) => c.line)).toEqual([2])
  expect(await readFile(files.summary, 'utf8')).toContain('src/a.ts:2')
})

it('dist/index.js exits, failed, when the model refuses the key (no handle keeps it alive)', async () => {
  scenario = await startScenario([addedFile('src/a.ts', ['export const a = 1'])])
  scenario.model.fallback = { status: 401, body: { error: { message: 'invalid api key' } } }
  dir = await mkdtemp(join(tmpdir(), 'bundle-run-'))
  const { env } = await runnerEnv(dir)
  const failure = await promisify(execFile)(process.execPath, [DIST], {
    env,
    timeout: 120_000
  }).then(
    () => undefined,
    (error: { code?: number; killed?: boolean; stdout?: string }) => error
  )
  expect(failure?.killed).toBe(false)
  expect(failure?.code).toBe(1)
  expect(failure?.stdout).toContain('::error::Review failed: the model could not be used')
  expect(scenario.pr.issueComments).toHaveLength(1)
})
