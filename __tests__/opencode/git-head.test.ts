/**
 * readCheckoutHead: the workspace's HEAD commit through the hardened git on
 * the trusted PATH, told apart from a folder that is no repository and from
 * a repository whose HEAD names no commit yet.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readCheckoutHead } from '../../src/process/git-head.js'
import { trustedPath } from '../../src/process/trusted-path.js'
import { makeGitCheckout, scratchGit } from './checkout.js'

const made: string[] = []
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'git-head-'))
  made.push(dir)
  return dir
}

it('a checkout: the SHA of its HEAD commit, also from a subfolder', async () => {
  const checkout = await makeGitCheckout({ 'src/a.ts': 'export const a = 1\n' })
  made.push(checkout)
  scratchGit(checkout, 'commit', '-q', '--allow-empty', '-m', 'second')
  const sha = scratchGit(checkout, 'rev-parse', 'HEAD').trim()
  const trusted = await trustedPath(process.env, [checkout])
  expect(await readCheckoutHead(checkout, trusted)).toEqual({ kind: 'commit', sha })
  expect(await readCheckoutHead(join(checkout, 'src'), trusted)).toEqual({ kind: 'commit', sha })
})

it('a plain folder: not a repository, naming the folder and what git said', async () => {
  const dir = await scratch()
  const head = await readCheckoutHead(dir)
  expect(head.kind).toBe('not-a-repository')
  expect(head.kind === 'not-a-repository' && head.reason).toMatch(
    new RegExp(`^${dir}: fatal: not a git repository`)
  )
})

it('a repository without a commit: an error, not a made-up head', async () => {
  const dir = await scratch()
  scratchGit(dir, 'init', '-q')
  await expect(readCheckoutHead(dir)).rejects.toThrow(
    `git rev-parse HEAD failed in ${dir} (exit 1): HEAD names no commit`
  )
})

it('no git on the trusted PATH and no .git: not a repository; with a .git: an error', async () => {
  const plain = await scratch()
  const noGit = { path: '', dirs: [], untrusted: [], dropped: [] }
  const head = await readCheckoutHead(plain, noGit)
  expect(head.kind === 'not-a-repository' && head.reason).toContain('git could not run')
  const checkout = await makeGitCheckout({ 'a.txt': 'a\n' })
  made.push(checkout)
  await expect(readCheckoutHead(checkout, noGit)).rejects.toThrow(
    `${checkout} is a git repository but git could not run`
  )
})
