/**
 * git ls-files runs the git of the trusted PATH, by absolute path: never one
 * the PR shipped in the checkout or elsewhere in the workspace, even when a
 * job put that folder first on PATH.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { listTrackedFiles } from '../../src/process/git-files.js'
import { trustedPath } from '../../src/process/trusted-path.js'
import { createSanitizedWorkspace, type SanitizedWorkspace } from '../../src/opencode/workspace.js'
import { makeGitCheckout } from './checkout.js'
import { removeMade } from './workspace-files.js'

let checkout: string | undefined
let workspace: SanitizedWorkspace | undefined
let scratch: string | undefined

afterEach(async () => {
  await removeMade(workspace, checkout, scratch)
  workspace = checkout = scratch = undefined
})

const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()

/** A `git` in `dir` that leaves `marker` behind, then runs the real git. */
async function plantGit(dir: string, marker: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'git'), `#!/bin/sh\ntouch '${marker}'\nexec '${REAL_GIT}' "$@"\n`)
  await chmod(join(dir, 'git'), 0o755)
  return dir
}

describe('the git that lists tracked files', () => {
  const savedPath = process.env['PATH']
  const savedWorkspace = process.env['GITHUB_WORKSPACE']
  afterEach(() => {
    process.env['PATH'] = savedPath
    if (savedWorkspace === undefined) delete process.env['GITHUB_WORKSPACE']
    else process.env['GITHUB_WORKSPACE'] = savedWorkspace
  })

  it('is never one shipped in the checkout or the workspace, even first on PATH', async () => {
    checkout = await makeGitCheckout({ 'a.txt': 'a\n' })
    scratch = await mkdtemp(join(tmpdir(), 'oc-fake-git-'))
    const marker = join(scratch, 'ran')
    const workspaceDir = join(scratch, 'workspace')
    process.env['GITHUB_WORKSPACE'] = workspaceDir
    process.env['PATH'] = [
      await plantGit(join(checkout, 'bin'), marker),
      await plantGit(join(workspaceDir, 'bin'), marker),
      savedPath
    ].join(':')
    await writeFile(join(checkout, 'gha-creds-1.json'), 'SECRET')
    workspace = await createSanitizedWorkspace(checkout)
    expect(workspace.source).toBe('git')
    expect(existsSync(join(workspace.directory, 'a.txt'))).toBe(true)
    expect(existsSync(join(workspace.directory, 'gha-creds-1.json'))).toBe(false)
    expect(existsSync(marker)).toBe(false)
    // Control: the planted git does leave its marker when run.
    execFileSync(join(checkout, 'bin', 'git'), ['--version'])
    expect(existsSync(marker)).toBe(true)
  })

  it('fails closed when the only git on PATH lies in the workspace', async () => {
    checkout = await makeGitCheckout({ 'a.txt': 'a\n' })
    scratch = await mkdtemp(join(tmpdir(), 'oc-fake-git-'))
    const marker = join(scratch, 'ran')
    const trusted = await trustedPath({
      PATH: await plantGit(join(checkout, 'node_modules', '.bin'), marker),
      GITHUB_WORKSPACE: checkout
    })
    await expect(listTrackedFiles(checkout, trusted)).rejects.toThrow(
      `${checkout} is a git repository but git could not run (no git on the trusted PATH ""); install git so the review can export only the tracked files`
    )
    expect(existsSync(marker)).toBe(false)
  })
})
