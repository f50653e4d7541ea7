/**
 * The sanitized export of a git repository holds tracked files only:
 * untracked credentials and ignored files left out and summarised in one
 * log line, tracked files with their working-tree content and odd names, no
 * symlink or directory leading out of the tree, and nothing run from the
 * repository's own git config.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, lstat, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSanitizedWorkspace, type SanitizedWorkspace } from '../../src/opencode/workspace.js'
import { fingerprint, makeGitCheckout, scratchGit } from './checkout.js'
import { removeMade, writeFiles } from './workspace-files.js'

let checkout: string | undefined
let workspace: SanitizedWorkspace | undefined
let scratch: string | undefined

afterEach(async () => {
  await removeMade(workspace, checkout, scratch)
  workspace = checkout = scratch = undefined
})

const git = scratchGit

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
