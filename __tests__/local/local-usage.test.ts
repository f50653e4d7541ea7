/**
 * What the developer must fix before a local review can start is a
 * LocalUsageError (the command line exits 2) naming the problem, raised
 * before any sidecar starts: no repository, no model key, an unknown or
 * missing base, a detached HEAD without --base, an unknown finding id.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseConfig } from '../../src/config/action-config.js'
import type { InputName } from '../../src/config/inputs.js'
import { readLocalBranch } from '../../src/local/local-branch.js'
import { LocalGit } from '../../src/local/local-git.js'
import {
  LocalUsageError,
  runLocalReview,
  type LocalReviewOptions
} from '../../src/local/local-review.js'
import { dismissFinding } from '../../src/local/local-dismissal.js'
import { commitFiles, makeLocalRepo, repoGit } from '../support/local-repo.js'

let dir = ''
afterEach(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true })
  dir = ''
})

const inputs: Partial<Record<InputName, string>> = {
  github_token: 'local',
  model: 'anthropic/claude-sonnet-4-5'
}
const config = parseConfig((name) => inputs[name] ?? '')
const noLog = {
  debug: () => undefined,
  info: () => undefined,
  warning: () => undefined,
  group: <T>(_title: string, body: () => Promise<T>) => body()
}

function options(over: Partial<LocalReviewOptions>): LocalReviewOptions {
  return {
    cwd: dir,
    workingTree: false,
    config,
    env: { PATH: process.env['PATH'], HOME: dir, OPENCODE_API_KEY: 'sk-test-key-123456' },
    log: noLog,
    ...over
  }
}

async function usageError(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught
  )
  expect(error).toBeInstanceOf(LocalUsageError)
  return (error as Error).message
}

const branchOf = async (base?: string) =>
  readLocalBranch(await LocalGit.find(dir, { PATH: process.env['PATH'], HOME: dir }), {
    base,
    workingTree: false
  })

it('outside a git work tree', async () => {
  dir = await mkdtemp(join(tmpdir(), 'not-a-repo-'))
  expect(await usageError(runLocalReview(options({})))).toContain(
    `${dir} is not inside a git work tree`
  )
})

it('without OPENCODE_API_KEY (or provider credentials), before touching the repository', async () => {
  dir = await mkdtemp(join(tmpdir(), 'not-a-repo-'))
  const message = await usageError(runLocalReview(options({ env: { PATH: process.env['PATH'] } })))
  expect(message).toContain('set OPENCODE_API_KEY in the environment')
})

it('an unknown --base, and a default base that does not exist', async () => {
  dir = await makeLocalRepo({ 'a.txt': 'a\n' }, 'feature')
  expect(await usageError(runLocalReview(options({ base: 'no-such-branch' })))).toContain(
    'unknown --base "no-such-branch"'
  )
  repoGit(dir, 'branch', '-q', '-m', 'main', 'trunk')
  expect(await usageError(branchOf())).toContain(
    'refs/remotes/origin/HEAD is not set and there is no "main"; pass --base <ref>'
  )
})

it('the default base is the remote default branch (origin/HEAD) when there is one, else main', async () => {
  dir = await makeLocalRepo({ 'a.txt': 'a\n' }, 'feature')
  const mainSha = repoGit(dir, 'rev-parse', 'main').trim()
  await commitFiles(dir, { 'a.txt': 'b\n' })
  expect((await branchOf()).baseRef).toBe('main')
  repoGit(dir, 'update-ref', 'refs/remotes/origin/trunk', mainSha)
  repoGit(dir, 'symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/trunk')
  const branch = await branchOf()
  expect(branch).toMatchObject({ baseRef: 'origin/trunk', baseSha: mainSha, branch: 'feature' })
})

it('a detached HEAD needs --base', async () => {
  dir = await makeLocalRepo({ 'a.txt': 'a\n' }, 'feature')
  await commitFiles(dir, { 'a.txt': 'b\n' })
  repoGit(dir, 'checkout', '-q', '--detach')
  expect(await usageError(runLocalReview(options({})))).toContain(
    'HEAD is detached: there is no branch to review against a default base'
  )
  expect((await branchOf('main')).branch).toBe('HEAD')
})

it('dismissing on a branch without a review', async () => {
  dir = await makeLocalRepo({ 'a.txt': 'a\n' }, 'feature')
  expect(await usageError(dismissFinding(dir, 'F1@1', 'why'))).toContain(
    'no open finding "F1@1": this branch has no review state'
  )
})
