/**
 * The local gateway reads a branch of a real temporary git repository as
 * the pull request GitHub would show: files from the merge base with patches
 * in the files API's shape, files and folders at a ref, the branch's
 * commits, and with --working-tree a commit of the tracked changes.
 */
import { rm } from 'node:fs/promises'
import { LocalGateway } from '../../src/local/local-gateway.js'
import { commitFiles, lines, makeLocalRepo, repoGit, writeFiles } from '../support/local-repo.js'
import { gatewayOn } from './local-gateway-fixture.js'

let dir = ''

afterEach(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true })
  dir = ''
})

const BASE_FILES = {
  'src/a.ts': lines('const a =', 10),
  'src/old-name.ts': lines('export const moved =', 20),
  'src/gone.ts': 'export const gone = 1\n'
}

it('lists the files a pull request of the branch shows: from the merge base, in the files API shape', async () => {
  dir = await makeLocalRepo(BASE_FILES)
  const a = lines('const a =', 10).replace('const a = 5\n', 'const a = 5 // changed\n')
  await commitFiles(dir, {
    'src/a.ts': a,
    'src/new.ts': 'export const fresh = true\nexport const more = 2\n',
    'src/gone.ts': null,
    'src/old-name.ts': null,
    'src/new-name.ts': lines('export const moved =', 20).replace('moved = 20', 'moved = 21'),
    'img/logo.bin': Buffer.from([0, 1, 2, 0, 255]).toString('latin1')
  })
  // main moves on after the branch was made: a pull request does not show that change.
  repoGit(dir, 'checkout', '-q', 'main')
  await commitFiles(dir, { 'src/main-only.ts': 'export const mainOnly = 1\n' }, 'on main')
  repoGit(dir, 'checkout', '-q', 'feature')

  const { gateway } = await gatewayOn(dir)
  const files = await gateway.listChangedFiles()
  const byPath = new Map(files.map((file) => [file.path, file]))
  expect([...byPath.keys()].sort()).toEqual([
    'img/logo.bin',
    'src/a.ts',
    'src/gone.ts',
    'src/new-name.ts',
    'src/new.ts'
  ])
  expect(byPath.get('src/a.ts')).toEqual({
    path: 'src/a.ts',
    status: 'modified',
    additions: 1,
    deletions: 1,
    patch: [
      '@@ -2,7 +2,7 @@ const a = 1',
      ' const a = 2',
      ' const a = 3',
      ' const a = 4',
      '-const a = 5',
      '+const a = 5 // changed',
      ' const a = 6',
      ' const a = 7',
      ' const a = 8'
    ].join('\n')
  })
  expect(byPath.get('src/new.ts')).toEqual({
    path: 'src/new.ts',
    status: 'added',
    additions: 2,
    deletions: 0,
    patch: '@@ -0,0 +1,2 @@\n+export const fresh = true\n+export const more = 2'
  })
  expect(byPath.get('src/gone.ts')).toMatchObject({ status: 'removed', additions: 0, deletions: 1 })
  expect(byPath.get('src/new-name.ts')).toMatchObject({
    status: 'renamed',
    previousPath: 'src/old-name.ts',
    additions: 1,
    deletions: 1
  })
  expect(byPath.get('src/new-name.ts')?.patch).toContain('+export const moved = 21')
  const binary = byPath.get('img/logo.bin')
  expect(binary).toMatchObject({ status: 'added', additions: 0, deletions: 0 })
  expect(binary?.patch).toBeUndefined()
})

it('reads files at a ref, lists the branch commits oldest first, and compares two heads from their merge base', async () => {
  dir = await makeLocalRepo({ 'src/a.ts': 'one\n' })
  const first = await commitFiles(dir, { 'src/a.ts': 'one\ntwo\n' }, 'first')
  const second = await commitFiles(dir, { 'src/b.ts': 'bee\n' }, 'second')
  const { gateway, branch } = await gatewayOn(dir)
  expect(await gateway.listCommits()).toEqual([first, second])
  expect(await gateway.readFile('src/a.ts', branch.baseSha)).toBe('one\n')
  expect(await gateway.readFile('src/a.ts', second)).toBe('one\ntwo\n')
  expect(await gateway.readFile('src/missing.ts', second)).toBeUndefined()
  expect(await gateway.readFile('src', second)).toBeUndefined()
  const since = await gateway.compareFiles(branch.baseSha, first)
  expect(since?.map((file) => [file.path, file.status])).toEqual([['src/a.ts', 'modified']])
  expect(await gateway.compareFiles(branch.baseSha, 'f'.repeat(40))).toBeUndefined()
  const pr = await gateway.getPullRequest()
  expect(pr).toMatchObject({
    headSha: second,
    baseSha: branch.baseSha,
    headRef: 'feature',
    baseRef: 'main',
    draft: false,
    author: { login: 'dana-developer', isBot: false },
    reviews: []
  })
  expect(pr.body).toContain('- first\n- second')
})

it('lists the regular files directly in a folder at a ref; a missing folder or ref is []', async () => {
  dir = await makeLocalRepo({
    '.github/instructions/db.instructions.md': 'base db\n',
    '.github/instructions/deep/x.instructions.md': 'nested\n'
  })
  const head = await commitFiles(dir, { '.github/instructions/pr.instructions.md': 'pr\n' })
  const { gateway, branch, git, store } = await gatewayOn(dir)
  expect(await gateway.listFiles('.github/instructions', branch.baseSha)).toEqual([
    '.github/instructions/db.instructions.md'
  ])
  expect(await gateway.listFiles('.github/instructions/', head)).toEqual([
    '.github/instructions/db.instructions.md',
    '.github/instructions/pr.instructions.md'
  ])
  const inSubfolder = new LocalGateway({
    git: git.at(`${branch.toplevel}/.github`),
    branch,
    store,
    now: () => new Date()
  })
  expect(await inSubfolder.listFiles('.github/instructions', branch.baseSha)).toEqual([
    '.github/instructions/db.instructions.md'
  ])
  expect(await gateway.listFiles('.github/missing', branch.baseSha)).toEqual([])
  expect(await gateway.listFiles('.github/instructions', 'f'.repeat(40))).toEqual([])
})

it('--working-tree: the head is a commit of the tracked changes on HEAD, the same SHA for the same changes; untracked files stay out', async () => {
  dir = await makeLocalRepo({ 'src/a.ts': 'one\n' })
  const head = await commitFiles(dir, { 'src/a.ts': 'one\ntwo\n' })
  const clean = await gatewayOn(dir, true)
  expect(clean.branch.headSha).toBe(head)
  expect(clean.branch.snapshot).toBe(false)

  await writeFiles(dir, { 'src/a.ts': 'one\ntwo\nthree\n', 'notes.txt': 'untracked\n' })
  const dirty = await gatewayOn(dir, true)
  expect(dirty.branch.headSha).not.toBe(head)
  expect(dirty.branch.headCommit).toBe(head)
  expect(repoGit(dir, 'rev-parse', `${dirty.branch.headSha}^`).trim()).toBe(head)
  const files = await dirty.gateway.listChangedFiles()
  expect(files.map((file) => file.path)).toEqual(['src/a.ts'])
  expect(files[0]?.patch).toContain('+three')
  expect(await dirty.gateway.listCommits()).toEqual([head, dirty.branch.headSha])
  expect((await gatewayOn(dir, true)).branch.headSha).toBe(dirty.branch.headSha)
  // The developer's work tree and refs are untouched.
  expect(repoGit(dir, 'status', '--porcelain')).toBe(' M src/a.ts\n?? notes.txt\n')
  expect(repoGit(dir, 'stash', 'list')).toBe('')
  // Without --working-tree the head stays HEAD, whatever the work tree holds.
  expect((await gatewayOn(dir, false)).branch.headSha).toBe(head)
})
