/**
 * The checkout must be the PR head, end to end with real
 * git and the real opencode binary: a workspace at another commit (what
 * actions/checkout gives a pull_request event by default: the merge commit)
 * or no repository at all fails the run before the model sees one request.
 */
import { jest } from '@jest/globals'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { scratchGit } from '../opencode/checkout.js'
import { runAction } from '../support/action-run.js'
import { example } from '../support/webhook-examples.js'
import {
  addedFile,
  checkoutHead,
  NUMBER,
  pass,
  scenarioInputs,
  startScenario,
  type Scenario
} from './harness.js'
import { githubWrites } from './github-requests.js'

jest.setTimeout(180_000)

const refunds = addedFile('src/refunds.ts', ['export const refund = (total: number) => total'])

let scenario: Scenario
afterEach(async () => {
  await scenario.stop()
})

const errorLines = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('::error'))

it('a checkout one commit off the PR head: the run fails before any model request, naming both SHAs and the fix', async () => {
  scenario = await startScenario([refunds])
  const head = scenario.pr.headSha
  // What a pull_request checkout without `ref:` holds: another commit than the head.
  scratchGit(scenario.checkout, 'commit', '-q', '--allow-empty', '-m', 'Merge head into base')
  const merge = checkoutHead(scenario.checkout)
  expect(merge).not.toBe(head)
  scenario.model.enqueue(...pass(1), ...pass(2), ...pass(3), ...pass(4))

  const result = await scenario.run()
  expect(result.failed).toBe(true)
  expect(scenario.model.requests).toHaveLength(0)
  expect(scenario.model.sideRequests).toHaveLength(0)
  const [error] = errorLines(result.stdout)
  expect(error).toContain(`the checkout is ${merge}, the pull request head is ${head}`)
  expect(error).toContain('ref: ${{ github.event.pull_request.head.sha')
  expect(error).toContain('a pull_request event checks out the merge commit by default')
  // Said on the PR as well, like any run that could not start; nothing reviewed.
  expect(scenario.pr.reviews).toHaveLength(0)
  expect(scenario.pr.issueComments.map((c) => c.body).join('\n')).toContain(merge)
  expect(githubWrites(scenario.github).some((w) => w.includes('/reviews'))).toBe(false)
})

it('a workspace that is no git repository: the run fails before any model request, saying so', async () => {
  scenario = await startScenario([refunds])
  const plain = await mkdtemp(join(tmpdir(), 'plain-workspace-'))
  try {
    await writeFile(join(plain, 'refunds.ts'), 'export const refund = 1\n')
    const payload = example('pull_request', 'synchronize')
    payload.number = NUMBER
    payload.pull_request.number = NUMBER
    payload.pull_request.head.sha = scenario.pr.headSha
    payload.pull_request.draft = false
    const result = await runAction({
      eventName: 'pull_request',
      payload,
      apiUrl: scenario.github.url,
      inputs: scenarioInputs(scenario),
      env: { GITHUB_WORKSPACE: plain, GITHUB_SERVER_URL: 'https://github.com' },
      options: { msPerSecond: 1, passDeadlineMs: 60_000 }
    })
    expect(result.failed).toBe(true)
    expect(scenario.model.requests).toHaveLength(0)
    const [error] = errorLines(result.stdout)
    expect(error).toContain(
      `the checkout is not a git repository (${plain}: fatal: not a git repository`
    )
    expect(error).toContain(`so nothing shows it is the pull request head ${scenario.pr.headSha}`)
  } finally {
    await rm(plain, { recursive: true, force: true })
  }
})

it('a checkout of the PR head: the review runs', async () => {
  scenario = await startScenario([refunds])
  expect(checkoutHead(scenario.checkout)).toBe(scenario.pr.headSha)
  scenario.model.enqueue(...pass(1), ...pass(2), ...pass(3), ...pass(4))
  // The guard runs before any agent: the review's script is played without opencode.
  const result = await scenario.run({ played: true })
  expect(errorLines(result.stdout)).toEqual([])
  expect(result.failed).toBe(false)
  expect(scenario.model.playedPrompts.length).toBeGreaterThan(0)
  expect(result.outputs['verdict']).toBe('approve')
})
