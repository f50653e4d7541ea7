/**
 * A round's fix as a commit on the local branch: exactly the fix's paths,
 * only while the branch is at the expected head and the work tree clean;
 * never through a symlink. A refusal writes nothing.
 */
import { readFile, rm, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { FileChange } from '../../src/core/fixing/fix-types.js'
import { commitFixLocally } from '../../src/local/local-fix-commit.js'
import { LocalGit } from '../../src/local/local-git.js'
import { dirtyPaths } from '../../src/local/local-work-tree.js'
import { commitFiles, makeLocalRepo, repoGit, writeFiles } from '../support/local-repo.js'

let dir = ''
afterEach(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true })
  dir = ''
})

const bytes = (text: string) => new TextEncoder().encode(text)

async function setUp() {
  dir = await makeLocalRepo({ 'a.ts': 'a\n', 'b.ts': 'b\n', 'gone.ts': 'gone\n' })
  const head = await commitFiles(dir, { 'c.ts': 'c\n' })
  await writeFiles(dir, { 'untracked.txt': 'mine\n' })
  const git = await LocalGit.find(dir, { PATH: process.env['PATH'], HOME: dir })
  return { git, head }
}

const request = (
  expectedHead: string,
  changes: FileChange[] = [{ path: 'a.ts', contents: bytes('A\n') }]
) => ({
  branch: 'feature',
  expectedHead,
  headline: 'Fix 1 review finding (round 1)',
  body: '- F1@1 a.ts:1: capitalised',
  changes
})

it('commits exactly the fix (a change, a new file, a deletion) on top of the expected head', async () => {
  const { git, head } = await setUp()
  const result = await commitFixLocally(
    git,
    request(head, [
      { path: 'a.ts', contents: bytes('A\n') },
      { path: 'src/new.ts', contents: bytes('new\n') },
      { path: 'gone.ts', deleted: true }
    ])
  )
  expect(result).toMatchObject({ ok: true })
  const oid = repoGit(dir, 'rev-parse', 'HEAD').trim()
  expect(result.ok && result.oid).toBe(oid)
  expect(repoGit(dir, 'rev-parse', 'HEAD^').trim()).toBe(head)
  expect(repoGit(dir, 'show', '--name-status', '--format=', 'HEAD').trim().split('\n')).toEqual([
    'M\ta.ts',
    'D\tgone.ts',
    'A\tsrc/new.ts'
  ])
  expect(repoGit(dir, 'log', '-1', '--format=%B').trim()).toBe(
    'Fix 1 review finding (round 1)\n\n- F1@1 a.ts:1: capitalised'
  )
  // The untracked file is neither committed nor touched.
  expect(await readFile(join(dir, 'untracked.txt'), 'utf8')).toBe('mine\n')
  expect(await dirtyPaths(git)).toEqual({ staged: [], modified: [] })
})

it('a branch that moved since the expected head: branch-moved, nothing written', async () => {
  const { git, head } = await setUp()
  await commitFiles(dir, { 'b.ts': 'moved\n' })
  const result = await commitFixLocally(git, request(head))
  expect(result).toMatchObject({ ok: false, reason: 'branch-moved' })
  expect(await readFile(join(dir, 'a.ts'), 'utf8')).toBe('a\n')
})

it('a work tree changed meanwhile, or a path through a symlink: refused, nothing written', async () => {
  const { git, head } = await setUp()
  await writeFiles(dir, { 'b.ts': 'edited meanwhile\n' })
  expect(await commitFixLocally(git, request(head))).toMatchObject({
    ok: false,
    reason: 'refused',
    detail: expect.stringContaining('modified: b.ts')
  })
  expect(await readFile(join(dir, 'a.ts'), 'utf8')).toBe('a\n')
  repoGit(dir, 'checkout', '-q', '--', 'b.ts')

  await symlink('/tmp', join(dir, 'out'))
  repoGit(dir, 'add', 'out')
  repoGit(dir, 'commit', '-q', '-m', 'link')
  const linked = repoGit(dir, 'rev-parse', 'HEAD').trim()
  const result = await commitFixLocally(
    git,
    request(linked, [{ path: 'out/x.ts', contents: bytes('x\n') }])
  )
  expect(result).toMatchObject({
    ok: false,
    reason: 'refused',
    detail: 'out/x.ts goes through the symlink out'
  })
  expect(repoGit(dir, 'rev-parse', 'HEAD').trim()).toBe(linked)
})

it('dirtyPaths tells staged from modified, a rename by its new path', async () => {
  const { git } = await setUp()
  repoGit(dir, 'mv', 'a.ts', 'renamed.ts')
  await writeFiles(dir, { 'b.ts': 'changed\n' })
  expect(await dirtyPaths(git)).toEqual({ staged: ['renamed.ts'], modified: ['b.ts'] })
})
