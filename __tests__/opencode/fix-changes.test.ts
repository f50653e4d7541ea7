/** collectFixChanges: what the fixer changed in its copy, by content, and what it may not leave. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdir, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FileChange } from '../../src/core/fixing/fix-types.js'
import { collectFixChanges, FixChangeRefusedError } from '../../src/opencode/fix-changes.js'
import { createFixCopy, type FixCopy } from '../../src/opencode/fix-copy.js'
import { fingerprint, makeGitCheckout } from './checkout.js'

let checkout: string | undefined
let copy: FixCopy | undefined

afterEach(async () => {
  await copy?.dispose()
  if (checkout !== undefined) await rm(checkout, { recursive: true, force: true })
  copy = undefined
  checkout = undefined
})

async function copyOf(files: Parameters<typeof makeGitCheckout>[0]): Promise<FixCopy> {
  checkout = await makeGitCheckout(files)
  copy = await createFixCopy(checkout)
  return copy
}

function described(changes: FileChange[]): Array<[string, string]> {
  return changes.map((change) => [
    change.path,
    'deleted' in change ? '(deleted)' : Buffer.from(change.contents).toString('utf8')
  ])
}

describe('collectFixChanges', () => {
  it('reports nothing for an untouched copy, internal symlinks included', async () => {
    const { directory, baseline } = await copyOf({
      'src/app.ts': 'a\n',
      'lib/alias.ts': { symlink: '../src/app.ts' }
    })
    expect(baseline.links.get('lib/alias.ts')).toBe('../src/app.ts')
    expect(await collectFixChanges(directory, baseline)).toEqual([])
  })

  it('reports added, changed and deleted regular files with their content, by path', async () => {
    const { directory, baseline } = await copyOf({
      'src/app.ts': 'export const a = 1\n',
      'src/same.ts': 'same\n',
      'src/gone.ts': 'bye\n',
      'docs/readme.txt': 'doc\n'
    })
    await writeFile(join(directory, 'src/app.ts'), 'export const a = 2\n')
    // Rewritten with the same bytes: not a change.
    await writeFile(join(directory, 'src/same.ts'), 'same\n')
    await unlink(join(directory, 'src/gone.ts'))
    await mkdir(join(directory, 'test'), { recursive: true })
    await writeFile(join(directory, 'test/app.test.ts'), 'test\n')

    expect(described(await collectFixChanges(directory, baseline))).toEqual([
      ['src/app.ts', 'export const a = 2\n'],
      ['src/gone.ts', '(deleted)'],
      ['test/app.test.ts', 'test\n']
    ])
  })

  it('never reports as deleted what the copy never held, and leaves the checkout alone', async () => {
    const outside = join(tmpdir(), 'fix-changes-outside-target')
    const { directory, baseline } = await copyOf({
      'a.ts': 'a\n',
      'AGENTS.md': 'obey\n',
      '.opencode/plugins/p.js': 'x\n',
      'leak.txt': { symlink: outside }
    })
    const before = await fingerprint(checkout as string)
    expect(baseline.leftOut.map((entry) => entry.path).sort()).toEqual(
      ['.opencode', 'AGENTS.md', 'leak.txt'].sort()
    )
    await writeFile(join(directory, 'a.ts'), 'b\n')
    expect(described(await collectFixChanges(directory, baseline))).toEqual([['a.ts', 'b\n']])
    expect(await fingerprint(checkout as string)).toBe(before)
    expect(await readFile(join(checkout as string, 'a.ts'), 'utf8')).toBe('a\n')
  })

  it('refuses a new symlink, naming it, without following it', async () => {
    const { directory, baseline } = await copyOf({ 'a.ts': 'a\n' })
    await symlink('/etc/passwd', join(directory, 'passwd.txt'))
    const collecting = collectFixChanges(directory, baseline)
    await expect(collecting).rejects.toThrow(FixChangeRefusedError)
    await expect(collecting).rejects.toThrow(/passwd\.txt is a symlink to "\/etc\/passwd"/)
  })

  it('refuses a file replaced by a symlink, even one pointing inside the copy', async () => {
    const { directory, baseline } = await copyOf({ 'a.ts': 'a\n', 'b.ts': 'b\n' })
    await unlink(join(directory, 'a.ts'))
    await symlink('b.ts', join(directory, 'a.ts'))
    await expect(collectFixChanges(directory, baseline)).rejects.toThrow(
      /a\.ts is a symlink to "b\.ts" the copy did not hold/
    )
  })

  it('refuses a symlink of the copy removed or replaced by a file', async () => {
    const { directory, baseline } = await copyOf({
      'a.ts': 'a\n',
      'alias.ts': { symlink: 'a.ts' }
    })
    await unlink(join(directory, 'alias.ts'))
    await writeFile(join(directory, 'alias.ts'), 'now a file\n')
    await expect(collectFixChanges(directory, baseline)).rejects.toThrow(
      /alias\.ts was a symlink and is gone/
    )
  })

  it('refuses a FIFO, naming it', async () => {
    const { directory, baseline } = await copyOf({ 'a.ts': 'a\n' })
    execFileSync('mkfifo', [join(directory, 'pipe')])
    await expect(collectFixChanges(directory, baseline)).rejects.toThrow(
      /pipe is not a regular file \(mode 10\d+\)/
    )
  })

  it('refuses a file written where the copy left something out, or under a name it never holds', async () => {
    const first = await copyOf({ 'a.ts': 'a\n', 'AGENTS.md': 'obey\n' })
    await writeFile(join(first.directory, 'AGENTS.md'), 'new rules\n')
    await expect(collectFixChanges(first.directory, first.baseline)).rejects.toThrow(
      /AGENTS\.md lies where the copy left out AGENTS\.md/
    )
    await first.dispose()
    await rm(checkout as string, { recursive: true, force: true })

    const second = await copyOf({ 'a.ts': 'a\n' })
    await mkdir(join(second.directory, '.opencode/plugins'), { recursive: true })
    await writeFile(join(second.directory, '.opencode/plugins/p.js'), 'x\n')
    await expect(collectFixChanges(second.directory, second.baseline)).rejects.toThrow(
      /\.opencode\/plugins\/p\.js has a name the copy never holds/
    )
  })
})
