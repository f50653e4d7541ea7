/** The sanitized export: the files to review, none of the PR's OpenCode files or escapes. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, lstat, mkdir, mkdtemp, readFile, readlink, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createSanitizedWorkspace, type SanitizedWorkspace } from '../../src/opencode/workspace.js'
import { fingerprint, makeGitCheckout, scratchGit } from './checkout.js'

let checkout: string | undefined
let workspace: SanitizedWorkspace | undefined
let scratch: string | undefined

afterEach(async () => {
  await workspace?.dispose()
  if (checkout !== undefined) await rm(checkout, { recursive: true, force: true })
  if (scratch !== undefined) await rm(scratch, { recursive: true, force: true })
  workspace = undefined
  checkout = undefined
  scratch = undefined
})

const git = scratchGit

/** Commits whatever the working tree holds now (so later additions are tracked). */
function commitAll(dir: string): void {
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '-m', 'more')
}

/** Writes files after the commit: untracked (or ignored) unless committed. */
async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), content)
  }
}

describe('createSanitizedWorkspace', () => {
  it('copies the files and leaves out .git, .opencode/, opencode.json(c) and AGENTS.md at any depth', async () => {
    checkout = await makeGitCheckout({
      'src/a.ts': 'a\n',
      'AGENTS.md': 'rules\n',
      '.env': 'X=1\n',
      'opencode.json': '{}',
      'opencode.jsonc': '{}',
      '.opencode/plugins/p.js': 'x',
      'pkg/.opencode/tools/t.ts': 'x',
      'pkg/opencode.json': '{}',
      'pkg/b.ts': 'b\n'
    })
    const before = await fingerprint(checkout)
    const log: string[] = []
    workspace = await createSanitizedWorkspace(checkout, (line) => log.push(line))
    const dir = workspace.directory
    expect(await readFile(join(dir, 'src/a.ts'), 'utf8')).toBe('a\n')
    expect(await readFile(join(dir, 'pkg/b.ts'), 'utf8')).toBe('b\n')
    for (const gone of [
      '.git',
      'AGENTS.md',
      '.opencode',
      'opencode.json',
      'opencode.jsonc',
      'pkg/.opencode',
      'pkg/opencode.json'
    ]) {
      expect(existsSync(join(dir, gone))).toBe(false)
    }
    expect(workspace.skipped.map((entry) => entry.path).sort()).toEqual([
      '.opencode',
      'AGENTS.md',
      'opencode.json',
      'opencode.jsonc',
      'pkg/.opencode',
      'pkg/opencode.json'
    ])
    expect(log.join('\n')).toContain('opencode.json')
    expect(await fingerprint(checkout)).toBe(before)
  })

  it('drops symlinks that escape, dangle or point into excluded paths; keeps inner ones', async () => {
    checkout = await makeGitCheckout({
      'src/a.ts': 'a\n',
      environ: { symlink: '/proc/self/environ' },
      passwd: { symlink: '/etc/passwd' },
      up: { symlink: '..' },
      dangling: { symlink: 'nowhere/at/all' },
      gitconfig: { symlink: '.git/config' },
      'docs/a-link.ts': { symlink: '../src/a.ts' },
      srcdir: { symlink: 'src' },
      chain: { symlink: 'docs/a-link.ts' },
      '.opencode-link': { symlink: 'src' }
    })
    const absolute = join(checkout, 'src/a.ts')
    execFileSync('ln', ['-s', absolute, join(checkout, 'absolute-inside')])
    commitAll(checkout)
    workspace = await createSanitizedWorkspace(checkout)
    const dir = workspace.directory
    const skipped = workspace.skipped.map((entry) => entry.path).sort()
    expect(skipped).toEqual(['dangling', 'environ', 'gitconfig', 'passwd', 'up'])
    for (const name of skipped) expect(existsSync(join(dir, name))).toBe(false)
    expect(await readFile(join(dir, 'docs/a-link.ts'), 'utf8')).toBe('a\n')
    expect(await readFile(join(dir, 'srcdir/a.ts'), 'utf8')).toBe('a\n')
    expect(await readFile(join(dir, 'chain'), 'utf8')).toBe('a\n')
    // Re-pointed into the export, never back at the checkout.
    expect(await readlink(join(dir, 'absolute-inside'))).toBe('src/a.ts')
    expect((await lstat(join(dir, 'absolute-inside'))).isSymbolicLink()).toBe(true)
  })

  it('leaves out FIFOs (a read would block forever)', async () => {
    // git cannot track a FIFO, but a tracked path can become one in the working tree.
    checkout = await makeGitCheckout({ 'a.txt': 'a\n', pipe: 'was a file\n' })
    await rm(join(checkout, 'pipe'))
    execFileSync('mkfifo', [join(checkout, 'pipe')])
    workspace = await createSanitizedWorkspace(checkout)
    expect(existsSync(join(workspace.directory, 'pipe'))).toBe(false)
    expect(workspace.skipped[0]?.reason).toMatch(/special file/)
  })

  it('dispose() removes the export and nothing else', async () => {
    checkout = await makeGitCheckout({ 'a.txt': 'a\n' })
    workspace = await createSanitizedWorkspace(checkout)
    await workspace.dispose()
    expect(existsSync(workspace.directory)).toBe(false)
    expect(existsSync(join(checkout, 'a.txt'))).toBe(true)
  })
})

describe('createSanitizedWorkspace in a git repository: tracked files only', () => {
  it('leaves out untracked credentials and ignored files, logged in one summary line', async () => {
    checkout = await makeGitCheckout({
      'src/a.ts': 'export const a = 1\n',
      'README.md': '# demo\n',
      '.gitignore': '.env.local\ndist/\n'
    })
    await writeFiles(checkout, {
      'gha-creds-123.json': '{"private_key":"SECRET"}',
      '.env.local': 'TOKEN=SECRET\n',
      'dist/index.js': 'built\n',
      'dist/index.js.map': '{}',
      'src/scratch.ts': 'untracked\n'
    })
    const before = await fingerprint(checkout)
    const log: string[] = []
    workspace = await createSanitizedWorkspace(checkout, (line) => log.push(line))
    const dir = workspace.directory
    expect(workspace.source).toBe('git')
    expect(await readFile(join(dir, 'src/a.ts'), 'utf8')).toBe('export const a = 1\n')
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toBe('# demo\n')
    expect(await readFile(join(dir, '.gitignore'), 'utf8')).toBe('.env.local\ndist/\n')
    for (const gone of ['gha-creds-123.json', '.env.local', 'dist', 'src/scratch.ts']) {
      expect(existsSync(join(dir, gone))).toBe(false)
    }
    // An untracked directory is one entry, not descended into.
    expect(workspace.untracked).toEqual([
      '.env.local',
      'dist/',
      'gha-creds-123.json',
      'src/scratch.ts'
    ])
    expect(workspace.skipped).toEqual([])
    const summary = log.filter((line) => line.includes('untracked'))
    expect(summary).toHaveLength(1)
    expect(summary[0]).toContain('4 untracked or ignored')
    expect(summary[0]).toContain('gha-creds-123.json')
    expect(log.some((line) => line.includes('not a git repository'))).toBe(false)
    expect(await fingerprint(checkout)).toBe(before)
  })

  it('names at most five examples in the summary line', async () => {
    checkout = await makeGitCheckout({ 'a.txt': 'a\n' })
    await writeFiles(
      checkout,
      Object.fromEntries(['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7'].map((name) => [name, name]))
    )
    const log: string[] = []
    workspace = await createSanitizedWorkspace(checkout, (line) => log.push(line))
    expect(workspace.untracked).toHaveLength(7)
    const summary = log.filter((line) => line.includes('untracked'))
    expect(summary).toHaveLength(1)
    expect(summary[0]).toContain('7 untracked')
    expect(summary[0]).toContain('"u5", ...')
    expect(summary[0]).not.toContain('u6')
  })

  it('exports a tracked file with its working-tree content', async () => {
    // Working tree, not HEAD: actions/checkout leaves them equal, and a local
    // run reviews what is on disk.
    checkout = await makeGitCheckout({ 'src/a.ts': 'committed\n' })
    await writeFile(join(checkout, 'src/a.ts'), 'edited in the working tree\n')
    workspace = await createSanitizedWorkspace(checkout)
    expect(await readFile(join(workspace.directory, 'src/a.ts'), 'utf8')).toBe(
      'edited in the working tree\n'
    )
    expect(workspace.untracked).toEqual([])
  })

  it('exports files whose names hold spaces and newlines', async () => {
    const odd = 'dir with space/new\nline name.txt'
    checkout = await makeGitCheckout({ [odd]: 'odd\n', 'plain.txt': 'plain\n' })
    await writeFiles(checkout, { 'untracked\nname.txt': 'secret\n' })
    workspace = await createSanitizedWorkspace(checkout)
    expect(await readFile(join(workspace.directory, odd), 'utf8')).toBe('odd\n')
    expect(await readFile(join(workspace.directory, 'plain.txt'), 'utf8')).toBe('plain\n')
    expect(existsSync(join(workspace.directory, 'untracked\nname.txt'))).toBe(false)
    expect(workspace.untracked).toEqual(['untracked\nname.txt'])
  })

  it('drops a tracked symlink whose target is untracked', async () => {
    checkout = await makeGitCheckout({ 'a.txt': 'a\n', creds: { symlink: 'gha-creds-1.json' } })
    await writeFiles(checkout, { 'gha-creds-1.json': 'SECRET' })
    workspace = await createSanitizedWorkspace(checkout)
    expect(existsSync(join(workspace.directory, 'gha-creds-1.json'))).toBe(false)
    expect((await lstat(join(workspace.directory, 'a.txt'))).isFile()).toBe(true)
    expect(existsSync(join(workspace.directory, 'creds'))).toBe(false)
    expect(workspace.skipped).toEqual([
      { path: 'creds', reason: 'symlink to untracked gha-creds-1.json' }
    ])
  })

  it('does not follow a tracked directory that became a symlink out of the tree', async () => {
    checkout = await makeGitCheckout({ 'etc/passwd': 'tracked\n', 'a.txt': 'a\n' })
    await rm(join(checkout, 'etc'), { recursive: true })
    execFileSync('ln', ['-s', '/etc', join(checkout, 'etc')])
    workspace = await createSanitizedWorkspace(checkout)
    expect(existsSync(join(workspace.directory, 'etc'))).toBe(false)
    expect(await readFile(join(workspace.directory, 'a.txt'), 'utf8')).toBe('a\n')
  })

  it("runs nothing from the repository's config (core.fsmonitor)", async () => {
    checkout = await makeGitCheckout({ 'a.txt': 'a\n' })
    scratch = await mkdtemp(join(tmpdir(), 'oc-fsmonitor-'))
    const marker = join(scratch, 'ran')
    const monitor = join(scratch, 'monitor.sh')
    await writeFile(monitor, `#!/bin/sh\ntouch '${marker}'\n`)
    await chmod(monitor, 0o755)
    git(checkout, 'config', 'core.fsmonitor', monitor)
    workspace = await createSanitizedWorkspace(checkout)
    expect(await readFile(join(workspace.directory, 'a.txt'), 'utf8')).toBe('a\n')
    expect(existsSync(marker)).toBe(false)
    // Control: plain git in that repository does run the monitor.
    git(checkout, 'ls-files')
    expect(existsSync(marker)).toBe(true)
  })

  const asRoot = process.getuid?.() === 0 ? it : it.skip
  asRoot('exports a checkout owned by another user (container jobs)', async () => {
    checkout = await makeGitCheckout({ 'a.txt': 'a\n' })
    await writeFiles(checkout, { 'gha-creds-9.json': 'SECRET' })
    execFileSync('chown', ['-R', 'nobody', checkout])
    workspace = await createSanitizedWorkspace(checkout)
    expect(workspace.source).toBe('git')
    expect(await readFile(join(workspace.directory, 'a.txt'), 'utf8')).toBe('a\n')
    expect(existsSync(join(workspace.directory, 'gha-creds-9.json'))).toBe(false)
  })
})

describe('createSanitizedWorkspace outside a git repository', () => {
  it('exports every file, still without OpenCode files, and says so', async () => {
    checkout = await mkdtemp(join(tmpdir(), 'oc-plain-'))
    await writeFiles(checkout, {
      'src/a.ts': 'a\n',
      'gha-creds-123.json': '{}',
      '.env.local': 'X=1\n',
      'dist/index.js': 'built\n',
      'opencode.json': '{}'
    })
    const log: string[] = []
    workspace = await createSanitizedWorkspace(checkout, (line) => log.push(line))
    const dir = workspace.directory
    expect(workspace.source).toBe('tree')
    expect(workspace.untracked).toEqual([])
    expect(await readFile(join(dir, 'src/a.ts'), 'utf8')).toBe('a\n')
    expect(await readFile(join(dir, 'gha-creds-123.json'), 'utf8')).toBe('{}')
    expect(await readFile(join(dir, '.env.local'), 'utf8')).toBe('X=1\n')
    expect(await readFile(join(dir, 'dist/index.js'), 'utf8')).toBe('built\n')
    expect(existsSync(join(dir, 'opencode.json'))).toBe(false)
    expect(log.filter((line) => line.includes('not a git repository'))).toHaveLength(1)
  })
})

describe('createSanitizedWorkspace without git installed', () => {
  let savedPath: string | undefined
  afterEach(() => {
    if (savedPath !== undefined) process.env['PATH'] = savedPath
    savedPath = undefined
  })

  async function withoutGit(): Promise<void> {
    savedPath = process.env['PATH']
    scratch = await mkdtemp(join(tmpdir(), 'oc-nogit-'))
    process.env['PATH'] = scratch
  }

  it('fails closed on a git repository rather than export untracked files', async () => {
    checkout = await makeGitCheckout({ 'a.txt': 'a\n' })
    await writeFiles(checkout, { 'gha-creds-1.json': 'SECRET' })
    await withoutGit()
    await expect(createSanitizedWorkspace(checkout)).rejects.toThrow(
      /is a git repository but git could not run/
    )
  })

  it('exports the whole tree of a directory that is no repository', async () => {
    checkout = await mkdtemp(join(tmpdir(), 'oc-plain-'))
    await writeFiles(checkout, { 'a.txt': 'a\n', 'gha-creds-1.json': '{}' })
    await withoutGit()
    workspace = await createSanitizedWorkspace(checkout)
    expect(workspace.source).toBe('tree')
    expect(await readFile(join(workspace.directory, 'gha-creds-1.json'), 'utf8')).toBe('{}')
  })
})
