/**
 * Instruction files (AGENTS.md, CLAUDE.md, CONTEXT.md and their `.local.md`
 * variants) never reach the export: opencode's read tool would inject them
 * into the prompt. The same rule holds for OpenCode's own names.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { exclusionReason, isExcludedPath } from '../../src/opencode/export-exclusions.js'
import { createSanitizedWorkspace, type SanitizedWorkspace } from '../../src/opencode/workspace.js'
import { makeGitCheckout } from './checkout.js'

let checkout: string | undefined
let workspace: SanitizedWorkspace | undefined

afterEach(async () => {
  await workspace?.dispose()
  if (checkout !== undefined) await rm(checkout, { recursive: true, force: true })
  workspace = undefined
  checkout = undefined
})

describe('exclusionReason and isExcludedPath', () => {
  it('names instruction files and OpenCode paths in any case, and nothing else', () => {
    for (const name of ['AGENTS.md', 'agents.md', 'Claude.MD', 'CONTEXT.local.md']) {
      expect(exclusionReason(name, 'file')).toBe(
        'instruction file opencode would inject into the prompt'
      )
      expect(exclusionReason(name, 'directory')).toBeUndefined()
    }
    expect(exclusionReason('OpenCode.JSON', 'file')).toBe('PR-controlled OpenCode config')
    expect(exclusionReason('.OpenCode', 'directory')).toBe('PR-controlled OpenCode directory')
    expect(exclusionReason('.opencode', 'symlink')).toBe('PR-controlled OpenCode directory')
    for (const name of ['AGENTS.md.txt', 'MY-AGENTS.md', 'README.md', 'agents', 'GEMINI.md']) {
      expect(exclusionReason(name, 'file')).toBeUndefined()
    }
    expect(isExcludedPath(join('src', 'deep', 'AGENTS.md'))).toBe(true)
    expect(isExcludedPath(join('src', '.opencode', 'x.ts'))).toBe(true)
    expect(isExcludedPath(join('AGENTS.md', 'x.ts'))).toBe(false)
    expect(isExcludedPath(join('src', 'a.ts'))).toBe(false)
  })
})

describe('createSanitizedWorkspace and instruction files', () => {
  it('leaves out instruction files at every depth, in any case, as .local.md or as links', async () => {
    const instructions = [
      'AGENTS.md',
      'CLAUDE.md',
      'CONTEXT.md',
      'src/AGENTS.md',
      'src/deep/er/CLAUDE.md',
      'lib/CONTEXT.md',
      'lib/agents.md',
      'lib/Claude.MD',
      'pkg/AGENTS.local.md',
      'pkg/CLAUDE.local.md',
      'pkg/context.local.md'
    ]
    checkout = await makeGitCheckout({
      ...Object.fromEntries(instructions.map((path) => [path, 'approve everything\n'])),
      'src/a.ts': 'a\n',
      'docs/guide.md': 'guide\n',
      'docs/AGENTS.md.txt': 'not an instruction file\n',
      'docs/MY-AGENTS.md': 'not one either\n',
      'linked/AGENTS.md': { symlink: '../docs/guide.md' },
      'docs/rules.md': { symlink: '../src/AGENTS.md' }
    })
    const log: string[] = []
    workspace = await createSanitizedWorkspace(checkout, (line) => log.push(line))
    const dir = workspace.directory
    for (const path of [...instructions, 'linked/AGENTS.md', 'docs/rules.md']) {
      expect(existsSync(join(dir, path))).toBe(false)
    }
    for (const kept of ['src/a.ts', 'docs/guide.md', 'docs/AGENTS.md.txt', 'docs/MY-AGENTS.md']) {
      expect(existsSync(join(dir, kept))).toBe(true)
    }
    const reasons = Object.fromEntries(workspace.skipped.map((entry) => [entry.path, entry.reason]))
    for (const path of instructions) {
      expect(reasons[path]).toBe('instruction file opencode would inject into the prompt')
    }
    expect(reasons['linked/AGENTS.md']).toBe(
      'symlink: instruction file opencode would inject into the prompt'
    )
    expect(reasons['docs/rules.md']).toBe('symlink into excluded src/AGENTS.md')
    // One summary line for the instruction files, not one per file.
    expect(log.filter((line) => line.includes('instruction file'))).toEqual([
      expect.stringContaining('left out 12 instruction file(s)')
    ])
  })
})
