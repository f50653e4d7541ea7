/**
 * `stats` in-process: the rates from the memory issue on the fake GitHub
 * (the bot's outcomes comments only, signed ones only with the state key) in
 * each format, from this repository's local state without --repo, and its
 * bad usages naming the flag or variable.
 */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { REAL_ENGINE } from '../../src/cli/cli-io.js'
import { formatBotComment, type OutcomesBlock } from '../../src/core/memory/rmcoc.js'
import { signBody } from '../../src/core/memory/state-signature.js'
import { emptyState, saveState, statePathFor } from '../../src/local/local-state-file.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'
import { makeLocalRepo } from '../support/local-repo.js'
import { BOT, OWNER, REPO, seedMemoryIssue } from '../github/memory-fixture.js'
import { fakeEngine, reviewed, runCli } from './cli-fakes.js'

const TOKEN = 'ghs_statsToken0000000001'
const KEY = 'stats-state-key-00000001'
const recent = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString()
const old = new Date(Date.now() - 200 * 24 * 60 * 60 * 1000).toISOString()

const block = (pr: number, outcomes: string[], at = recent): OutcomesBlock => ({
  kind: 'outcomes',
  pr,
  entries: outcomes.map((outcome, i) => ({
    thread: `PRRT_${pr}_${i}`,
    outcome: outcome as OutcomesBlock['entries'][number]['outcome'],
    category: 'style',
    band: '5-6',
    settled_at: at
  }))
})

let github: FakeGitHub
beforeEach(async () => {
  github = await new FakeGitHub().start()
  github.state.addPullRequest(OWNER, REPO, 7)
})
afterEach(async () => {
  await github.stop()
})

function seed(key?: string) {
  const issue = seedMemoryIssue(github)
  const scope = { owner: OWNER, repo: REPO, number: issue.number }
  const add = (author: string, b: OutcomesBlock) => {
    const body = formatBotComment(`Outcomes of PR #${b.pr}.`, b)
    github.state.addIssueComment(issue, {
      author,
      body: key === undefined ? body : signBody(body, key, scope)
    })
  }
  add(BOT, block(7, ['fixed', 'fixed', 'conceded']))
  add(BOT, block(8, ['escalated']))
  add(BOT, block(9, ['dismissed'], old))
  add('mallory', block(10, ['dismissed', 'dismissed', 'dismissed']))
}

const stats = (args: string[], env: Record<string, string> = {}) =>
  runCli(['stats', '--repo', `${OWNER}/${REPO}`, ...args], fakeEngine(reviewed('approve', [])), {
    env: { GITHUB_TOKEN: TOKEN, GITHUB_API_URL: github.url, ...env }
  })

it('prints the rates of the bot’s outcomes over the last 90 days as text', async () => {
  seed()
  const run = await stats([])
  expect(run.code).toBe(0)
  expect(run.stdout).toContain(`Review outcomes: ${OWNER}/${REPO}`)
  expect(run.stdout).toContain(
    'Of 4 findings settled in the last 90 days (2 pull requests), 50% were fixed, 25% conceded and 25% escalated.'
  )
  expect(run.stdout).toMatch(/By category:\nCategory +Findings/)
  expect(run.stderr).toContain('mallory')
})

it('prints markdown tables and JSON', async () => {
  seed()
  const markdown = await stats(['--format', 'markdown'])
  expect(markdown.stdout).toContain(`## Review outcomes: ${OWNER}/${REPO}`)
  expect(markdown.stdout).toContain('| Fixed | 2 | 50% |')
  const json = await stats(['--format', 'json'])
  const parsed = JSON.parse(json.stdout)
  expect(parsed).toMatchObject({
    source: `github:${OWNER}/${REPO}`,
    total: 4,
    pullRequests: 2,
    days: 90,
    outcomes: { fixed: { count: 2, percent: 50 }, dismissed: { count: 0, percent: 0 } }
  })
})

it('with the state key, only signed outcomes count', async () => {
  seed()
  const unsigned = await stats(['--format', 'json'], { REVIEW_MY_CODE_BOT_STATE_KEY: KEY })
  expect(JSON.parse(unsigned.stdout).total).toBe(0)
  await github.stop()
  github = await new FakeGitHub().start()
  github.state.addPullRequest(OWNER, REPO, 7)
  seed(KEY)
  const signed = await stats(['--format', 'json'], { REVIEW_MY_CODE_BOT_STATE_KEY: KEY })
  expect(JSON.parse(signed.stdout).total).toBe(4)
})

it('a repository without a memory issue says so briefly', async () => {
  const run = await stats([])
  expect(run.code).toBe(0)
  expect(run.stdout).toContain('No finding settled in the last 90 days')
  expect(run.stderr).toContain('has no memory issue')
})

it('a token that may not read issues fails naming the permission', async () => {
  seed()
  github.state.issues.permission = 'none'
  const run = await stats([])
  expect(run.code).toBe(3)
  expect(run.stderr).toContain('issues')
})

it('reads this repository’s local state without --repo', async () => {
  const dir = await makeLocalRepo({ 'a.txt': 'a\n' })
  try {
    const state = { ...emptyState(BOT), outcomes: block(1, ['fixed', 'dismissed']).entries }
    await saveState(statePathFor(join(dir, '.git'), 'feature'), state)
    const run = await runCli(['stats', '--format', 'json'], REAL_ENGINE, { cwd: dir })
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({
      source: 'local',
      total: 2,
      outcomes: { fixed: { count: 1 }, dismissed: { count: 1 } }
    })
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

describe('bad usage exits 2 naming the flag or variable', () => {
  it.each([
    [['--repo', 'widgets'], {}, '--repo must be owner/name, got "widgets"'],
    [['--format', 'sarif'], {}, '--format sarif describes findings'],
    [['--bot-logins', ' , '], {}, '--bot-logins must name at least one login'],
    [[], { GITHUB_TOKEN: '' }, 'stats --repo needs GITHUB_TOKEN'],
    [[], { GITHUB_API_URL: 'not a url' }, 'GITHUB_API_URL must be a URL, got "not a url"']
  ])('%j %j', async (args, env, message) => {
    const run = await stats(args, env)
    expect(run.code).toBe(2)
    expect(run.stderr).toContain(message)
  })
})
