/**
 * Local fix mode end to end: runLocalFix on a temporary git repository with
 * no remote. The review before the loop plays its script without opencode
 * (it only stages the finding); the fixer and the review of its commit run
 * the real opencode against the scripted fake model. Refusals (a dirty work
 * tree, no fix.verify at the base) happen before any model request.
 */
import { jest } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { runLocalFix, type LocalFixResult } from '../../src/local/local-fix.js'
import { LocalGit } from '../../src/local/local-git.js'
import { localStatus } from '../../src/local/local-review.js'
import { dirtyPaths } from '../../src/local/local-work-tree.js'
import { pass, tool } from '../e2e/harness.js'
import {
  FAKE_API_KEY,
  FakeModel,
  scriptPlayer,
  type RecordedRequest,
  type ScriptStep
} from '../support/fake-model/index.js'
import { commitFiles, lines, repoGit, writeFiles } from '../support/local-repo.js'
import { localConfigFor, recordingLog, useLocalRuns } from '../support/local-run.js'

jest.setTimeout(240_000)

let model: FakeModel | undefined
let dir = ''
const local = useLocalRuns()

const FINDING = 'Order total overflows for large carts'
const OVERFLOW = 'export const total = (a: number, b: number) => a + b // overflow'
const BASE_FILE = lines('export const base =', 20)
const CONFIG_PATH = '.github/review-my-code-bot.yml'
const VERIFY_CONFIG = 'fix:\n  verify:\n    - "grep -q clamped src/x.ts"\n'

/** One local fix; the review before the loop is played from the queue. */
function fix(fake: FakeModel): Promise<LocalFixResult> {
  return runLocalFix({
    cwd: dir,
    base: 'main',
    config: localConfigFor(fake),
    env: { PATH: process.env['PATH'], HOME: dir, OPENCODE_API_KEY: FAKE_API_KEY },
    log: recordingLog().log,
    passDeadlineMs: 60_000,
    maxRounds: 3,
    startAgent: scriptPlayer(fake).start
  })
}

/** A branch adding the overflowing line 21 on a base whose config holds `config`. */
async function repoWithFinding(config: string | undefined): Promise<void> {
  dir = await local.makeRepo({
    'src/x.ts': BASE_FILE,
    ...(config === undefined ? {} : { [CONFIG_PATH]: config })
  })
  await commitFiles(dir, { 'src/x.ts': `${BASE_FILE}${OVERFLOW}\n` }, 'add total')
}

const offers = (request: RecordedRequest, name: string): boolean =>
  ((request.body?.tools ?? []) as Array<{ function?: { name?: string } }>).some(
    (t) => t.function?.name === name
  )

/** The fixer's working directory, as opencode tells the model in its system prompt. */
function workdir(request: RecordedRequest): string {
  const system = JSON.stringify(request.body?.messages ?? [])
  const found = /Working directory: ([^\\"]+?)\\n/.exec(system)?.[1]
  if (found === undefined) throw new Error('no working directory in the fixer request')
  return found
}

function findingIds(request: RecordedRequest): string[] {
  const text = JSON.stringify(request.body?.messages ?? [])
  return [...text.matchAll(/## finding_id (\S+?)\\n/g)].map((m) => m[1] ?? '')
}

const call = (name: string, args: Record<string, unknown>): ScriptStep => ({
  toolCalls: [{ name, arguments: args }]
})

/**
 * The fixer (requests offering submit_fix_result) reads, edits and reports
 * every finding fixed; the review of its commit resolves `threadId()` in
 * pass 1. Returns the fixer's and the review's requests.
 */
function scriptFixAndReview(threadId: () => string) {
  const file = (r: RecordedRequest) => `${workdir(r)}/src/x.ts`
  const fixerSteps = [
    (r: RecordedRequest) => call('read', { filePath: file(r) }),
    (r: RecordedRequest) =>
      call('edit', {
        filePath: file(r),
        oldString: 'a + b // overflow',
        newString: 'Math.min(a + b, Number.MAX_SAFE_INTEGER) // clamped'
      }),
    (r: RecordedRequest) =>
      call('submit_fix_result', {
        fixed: findingIds(r).map((id) => ({ finding_id: id, description: 'Clamped the total.' })),
        rejected: []
      })
  ]
  const fixer: RecordedRequest[] = []
  const review: RecordedRequest[] = []
  const steps: ScriptStep[] = []
  model!.route = (request) => {
    if (offers(request, 'submit_fix_result')) {
      fixer.push(request)
      return fixerSteps[fixer.length - 1]?.(request) ?? { text: 'Done.' }
    }
    review.push(request)
    if (review.length === 1) {
      const resolve = tool.resolve(threadId(), 'The fix commit clamps the total.')
      steps.push({ toolCalls: [resolve] }, ...pass(1), ...pass(2), ...pass(3), ...pass(4))
    }
    return steps.shift()
  }
  return { fixer, review }
}

it('reviews, fixes, verifies and commits the fix on the branch, then the review of the commit resolves the finding: converged', async () => {
  model = await local.startModel()
  await repoWithFinding(VERIFY_CONFIG)
  const reviewed = repoGit(dir, 'rev-parse', 'HEAD').trim()
  model.enqueue(
    ...pass(1, [tool.post('src/x.ts', 21, 8, FINDING)]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  let statePath = ''
  const threadId = () => {
    const state = JSON.parse(readFileSync(statePath, 'utf8')) as { threads: Array<{ id: string }> }
    return state.threads[0]?.id ?? 'none'
  }
  const { fixer, review } = scriptFixAndReview(threadId)
  statePath = (await localStatus(dir)).statePath
  const result = await fix(model)
  if (result.kind !== 'fixed') throw new Error(`not fixed: ${result.reason}`)
  expect(result.fix.status).toBe('converged')
  expect(fixer.length).toBeGreaterThanOrEqual(3)

  // One commit on the branch, on top of the reviewed head, holding the edit only.
  const log = repoGit(dir, 'log', '--format=%H %P', `${reviewed}..HEAD`).trim().split('\n')
  expect(log).toHaveLength(1)
  const [oid, parent] = (log[0] ?? '').split(' ')
  expect(parent).toBe(reviewed)
  expect(result.fix.rounds[0]?.commit?.oid).toBe(oid)
  const message = repoGit(dir, 'log', '-1', '--format=%B')
  expect(message).toContain('Fix 1 review finding (round 1)')
  expect(message).toContain('src/x.ts:21')
  expect(message).toContain('Clamped the total.')
  expect(repoGit(dir, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe('src/x.ts')
  expect(await readFile(`${dir}/src/x.ts`, 'utf8')).toContain('Math.min(a + b')
  expect(repoGit(dir, 'status', '--porcelain').trim()).toBe('')
  expect(repoGit(dir, 'symbolic-ref', '--short', 'HEAD').trim()).toBe('feature')

  // The verification passed; the review of the commit was incremental and resolved the finding.
  expect(result.fix.rounds[0]?.verification).toEqual([
    expect.objectContaining({ command: 'grep -q clamped src/x.ts', exitCode: 0 })
  ])
  expect(JSON.stringify(review[0]?.body?.messages ?? [])).toContain('Math.min(a + b')
  expect(result.review.scope).toBe('incremental')
  expect(result.review.findings).toEqual([])
})

it('a work tree with uncommitted changes is refused before any model request, naming what is dirty', async () => {
  model = await local.startModel()
  await repoWithFinding(VERIFY_CONFIG)
  await writeFiles(dir, { 'src/x.ts': `${BASE_FILE}${OVERFLOW}\n// wip\n`, 'src/new.ts': 'x\n' })
  repoGit(dir, 'add', 'src/new.ts')
  await expect(fix(model)).rejects.toThrow(
    /uncommitted changes \(staged: src\/new\.ts; modified: src\/x\.ts\).*git stash/
  )
  expect(model.requests).toEqual([])
  expect(model.playedPrompts).toEqual([])
  // Untracked files alone do not count: with the tracked ones committed, the refusal is another.
  repoGit(dir, 'commit', '-q', '-am', 'wip')
  await writeFiles(dir, { 'notes.txt': 'untracked\n' })
  const git = await LocalGit.find(dir, { PATH: process.env['PATH'], HOME: dir })
  expect(await dirtyPaths(git)).toEqual({ staged: [], modified: [] })
})

it('without fix.verify in the base config, fix is refused with how to configure it', async () => {
  model = await local.startModel()
  await repoWithFinding(undefined)
  // A config on the branch does not count: it is read from the base.
  await commitFiles(dir, { [CONFIG_PATH]: VERIFY_CONFIG }, 'config on the branch')
  await expect(fix(model)).rejects.toThrow(
    `fix needs the commands that verify a fix: add \`fix: { verify: ["npm ci", "npm test"] }\``
  )
  expect(model.requests).toEqual([])
  expect(model.playedPrompts).toEqual([])
})
