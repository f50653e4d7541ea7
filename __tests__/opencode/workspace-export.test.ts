/**
 * The sanitized export's basics: the files to review, none of the PR's
 * OpenCode files or escaping symlinks, no FIFOs, dispose() removing only the
 * export; and the whole tree exported outside a git repository, or failing
 * closed on a repository when git cannot run.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { lstat, mkdtemp, readFile, readlink, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSanitizedWorkspace, type SanitizedWorkspace } from '../../src/opencode/workspace.js'
import { fingerprint, makeGitCheckout } from './checkout.js'
import { commitAll, removeMade, writeFiles } from './workspace-files.js'

let checkout: string | undefined
let workspace: SanitizedWorkspace | undefined
let scratch: string | undefined

afterEach(async () => {
  await removeMade(workspace, checkout, scratch)
  workspace = checkout = scratch = undefined
})

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
