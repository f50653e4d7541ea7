/** The trusted PATH: no relative entries, nothing under GITHUB_WORKSPACE or the checkout. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { chmod, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import {
  findProgram,
  trustedPath,
  untrustedLocation,
  untrustedRoots
} from '../../src/process/trusted-path.js'

let scratch: string
let workspace: string
let checkout: string

async function program(dir: string, name: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  const path = join(dir, name)
  await writeFile(path, '#!/bin/sh\nexit 0\n')
  await chmod(path, 0o755)
  return path
}

beforeEach(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), 'oc-trusted-path-')))
  workspace = join(scratch, 'workspace')
  checkout = join(scratch, 'elsewhere', 'checkout')
  await mkdir(workspace, { recursive: true })
  await mkdir(checkout, { recursive: true })
})

afterEach(async () => {
  await rm(scratch, { recursive: true, force: true })
})

describe('trustedPath', () => {
  it('keeps absolute folders outside the workspace and the checkout, in order', async () => {
    const good1 = join(scratch, 'bin1')
    const good2 = join(scratch, 'bin2')
    await mkdir(good1)
    await mkdir(good2)
    const inWorkspace = join(workspace, 'node_modules', '.bin')
    const inCheckout = join(checkout, 'bin')
    await mkdir(inWorkspace, { recursive: true })
    await mkdir(inCheckout, { recursive: true })
    const linkIntoWorkspace = join(scratch, 'link-bin')
    await symlink(inWorkspace, linkIntoWorkspace)
    const missing = join(scratch, 'missing')
    const path = [
      'node_modules/.bin',
      good1,
      '',
      '.',
      inWorkspace,
      inCheckout,
      linkIntoWorkspace,
      missing,
      good2,
      good1
    ].join(delimiter)
    const trusted = await trustedPath({ PATH: path, GITHUB_WORKSPACE: workspace }, [checkout])
    expect(trusted.dirs).toEqual([good1, good2])
    expect(trusted.path).toBe([good1, good2].join(delimiter))
    const reasons = Object.fromEntries(trusted.dropped.map((drop) => [drop.entry, drop.reason]))
    expect(Object.keys(reasons).sort()).toEqual(
      ['', '.', 'node_modules/.bin', inWorkspace, inCheckout, linkIntoWorkspace].sort()
    )
    expect(reasons['node_modules/.bin']).toMatch(/relative entry/)
    expect(reasons['']).toMatch(/empty entry/)
    expect(reasons[inWorkspace]).toBe(
      `inside GITHUB_WORKSPACE (${workspace}), where the pull request controls the files`
    )
    expect(reasons[inCheckout]).toContain(`inside the checkout (${checkout})`)
    expect(reasons[linkIntoWorkspace]).toContain(
      `resolves to ${inWorkspace}, inside GITHUB_WORKSPACE`
    )
  })

  it('leaves out a folder whose git, rg or opencode links into the workspace', async () => {
    const shared = join(scratch, 'usr-local-bin')
    const safe = join(scratch, 'usr-bin')
    const planted = await program(join(workspace, 'tools'), 'rg')
    await mkdir(shared)
    await symlink(planted, join(shared, 'rg'))
    const realRg = await program(safe, 'rg')
    const trusted = await trustedPath({ PATH: `${shared}:${safe}`, GITHUB_WORKSPACE: workspace })
    expect(trusted.dirs).toEqual([safe])
    expect(trusted.dropped).toEqual([
      {
        entry: shared,
        reason: `its rg resolves to ${planted}, inside GITHUB_WORKSPACE (${workspace})`
      }
    ])
    expect(await findProgram('rg', trusted)).toBe(realRg)
  })

  it('treats a workspace reached through a symlink as the same workspace', async () => {
    const alias = join(scratch, 'alias')
    await symlink(workspace, alias)
    const bin = join(workspace, 'bin')
    await mkdir(bin)
    const trusted = await trustedPath({ PATH: bin, GITHUB_WORKSPACE: alias })
    expect(trusted.dirs).toEqual([])
    expect(trusted.dropped[0]?.reason).toContain(`inside GITHUB_WORKSPACE (${workspace})`)
  })

  it('reports nothing for an unset or empty PATH', async () => {
    expect((await trustedPath({})).dropped).toEqual([])
    expect((await trustedPath({ PATH: '' })).dropped).toEqual([])
    expect((await trustedPath({ PATH: '' })).path).toBe('')
  })
})

describe('findProgram and untrustedLocation', () => {
  it('finds the first executable of that name, by absolute path', async () => {
    const first = join(scratch, 'first')
    const second = join(scratch, 'second')
    await mkdir(first)
    await writeFile(join(first, 'git'), 'not executable')
    const git = await program(second, 'git')
    const trusted = await trustedPath({ PATH: `${first}:${second}` })
    expect(await findProgram('git', trusted)).toBe(git)
    expect(await findProgram('nope', trusted)).toBeUndefined()
  })

  it('names the root a path lies in, lexically or through a link', async () => {
    const roots = await untrustedRoots({ GITHUB_WORKSPACE: workspace }, [checkout])
    expect(await untrustedLocation(join(workspace, 'a/b'), roots)).toBe(
      `inside GITHUB_WORKSPACE (${workspace})`
    )
    expect(await untrustedLocation(join(checkout, 'x'), roots)).toBe(
      `inside the checkout (${checkout})`
    )
    const link = join(scratch, 'opencode')
    await symlink(join(checkout, 'opencode'), link)
    await program(checkout, 'opencode')
    expect(await untrustedLocation(link, roots)).toContain('inside the checkout')
    expect(await untrustedLocation(join(scratch, 'bin'), roots)).toBeUndefined()
    // A sibling whose name merely starts like the workspace is outside it.
    expect(await untrustedLocation(`${workspace}-other/bin`, roots)).toBeUndefined()
  })
})
