/** The sanitized export: the files to review, none of the PR's OpenCode files or escapes. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { lstat, readFile, readlink, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { createSanitizedWorkspace, type SanitizedWorkspace } from '../../src/opencode/workspace.js'
import { fingerprint, makeGitCheckout } from './checkout.js'

let checkout: string | undefined
let workspace: SanitizedWorkspace | undefined

afterEach(async () => {
  await workspace?.dispose()
  if (checkout !== undefined) await rm(checkout, { recursive: true, force: true })
  workspace = undefined
  checkout = undefined
})

describe('createSanitizedWorkspace', () => {
  it('copies the files and leaves out .git, .opencode/ and opencode.json(c) at any depth', async () => {
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
    expect(existsSync(join(dir, 'AGENTS.md'))).toBe(true)
    for (const gone of [
      '.git',
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
    checkout = await makeGitCheckout({ 'a.txt': 'a\n' })
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
