/**
 * Files for the sanitized-workspace tests: commit the working tree as it is,
 * or write files after the commit (untracked, or ignored, unless committed),
 * and remove what a test made.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { SanitizedWorkspace } from '../../src/opencode/workspace.js'
import { scratchGit as git } from './checkout.js'

/** Commits whatever the working tree holds now (so later additions are tracked). */
export function commitAll(dir: string): void {
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '-m', 'more')
}

/** Writes files after the commit: untracked (or ignored) unless committed. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true })
    await writeFile(join(dir, path), content)
  }
}

/** Disposes `workspace` and removes the `checkout` and `scratch` folders, those a test made. */
export async function removeMade(
  workspace: SanitizedWorkspace | undefined,
  checkout: string | undefined,
  scratch: string | undefined
): Promise<void> {
  await workspace?.dispose()
  for (const dir of [checkout, scratch])
    if (dir !== undefined) await rm(dir, { recursive: true, force: true })
}
