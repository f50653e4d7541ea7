/**
 * The fixer's throwaway copy of the reviewed head: the same sanitized export
 * the reviewer is served (workspace.ts: tracked files only, no `.git`, no
 * PR-shipped OpenCode config or instruction files, no symlink leaving the
 * checkout, no special files), plus a baseline of what the copy held before
 * the fixer ran, so its changes can be told afterwards by content alone,
 * without git (fix-changes.ts).
 *
 * The copy is the only place the fixer may write; the checkout is never
 * touched, and disposing of the copy deletes every trace of the fix.
 */
import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import { lstat, open, readdir, readlink } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { TrustedPath } from '../process/trusted-path.js'
import {
  createSanitizedWorkspace,
  type SanitizedWorkspace,
  type WorkspaceLog
} from './workspace.js'

/** What the copy held when the fixer started; paths are `/`-separated, relative to the copy. */
export interface FixBaseline {
  /** Each regular file with the sha256 of its content. */
  readonly files: ReadonlyMap<string, string>
  /** Each symlink (all stay inside the copy) with its target. */
  readonly links: ReadonlyMap<string, string>
  /** Paths of the checkout the copy never held (left out of the export), and why. */
  readonly leftOut: ReadonlyArray<{ readonly path: string; readonly reason: string }>
}

export interface FixCopy extends SanitizedWorkspace {
  readonly baseline: FixBaseline
}

/** One entry of the copy, seen with lstat (a symlink is never followed). */
export type CopyEntry =
  | { readonly kind: 'file'; readonly path: string; readonly contents: Buffer }
  | { readonly kind: 'symlink'; readonly path: string; readonly target: string }
  | { readonly kind: 'special'; readonly path: string; readonly mode: number }

/** A path relative to the copy as the repository writes it: `/`-separated. */
export function repoPath(relPath: string): string {
  return relPath.split(sep).join('/')
}

export function sha256(contents: Uint8Array): string {
  return createHash('sha256').update(contents).digest('hex')
}

/**
 * The content of a regular file, opened without following a symlink and
 * checked to be a regular file once open, so a path swapped for a link or a
 * FIFO after the lstat is never read through.
 */
async function readRegularFile(full: string): Promise<Buffer | undefined> {
  const handle = await open(full, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  try {
    if (!(await handle.stat()).isFile()) return undefined
    return await handle.readFile()
  } finally {
    await handle.close()
  }
}

/** Calls `visit` for every non-directory entry under `root`, depth first, in name order. */
export async function walkCopy(
  root: string,
  visit: (entry: CopyEntry) => void,
  relDir = ''
): Promise<void> {
  const names = (await readdir(join(root, relDir))).sort()
  for (const name of names) {
    const relPath = relDir === '' ? name : join(relDir, name)
    const full = join(root, relPath)
    const stats = await lstat(full)
    const path = repoPath(relPath)
    if (stats.isDirectory()) {
      await walkCopy(root, visit, relPath)
    } else if (stats.isSymbolicLink()) {
      visit({ kind: 'symlink', path, target: await readlink(full) })
    } else {
      const contents = stats.isFile() ? await readRegularFile(full) : undefined
      visit(
        contents === undefined
          ? { kind: 'special', path, mode: stats.mode }
          : { kind: 'file', path, contents }
      )
    }
  }
}

/** What `directory` holds now, as the baseline of a fix; `leftOut` as the export reported it. */
export async function snapshotCopy(
  directory: string,
  leftOut: FixBaseline['leftOut']
): Promise<FixBaseline> {
  const files = new Map<string, string>()
  const links = new Map<string, string>()
  await walkCopy(directory, (entry) => {
    if (entry.kind === 'file') files.set(entry.path, sha256(entry.contents))
    else if (entry.kind === 'symlink') links.set(entry.path, entry.target)
    // The export holds no special file; one here would be refused after the fix.
  })
  return { files, links, leftOut }
}

/**
 * Exports `checkout` for the fixer and records the baseline. `trusted` is
 * the PATH git is taken from (see createSanitizedWorkspace).
 */
export async function createFixCopy(
  checkout: string,
  log?: WorkspaceLog,
  trusted?: TrustedPath
): Promise<FixCopy> {
  const workspace = await createSanitizedWorkspace(checkout, log, trusted)
  try {
    const leftOut = workspace.skipped.map((entry) => ({ ...entry, path: repoPath(entry.path) }))
    const baseline = await snapshotCopy(workspace.directory, leftOut)
    return { ...workspace, baseline }
  } catch (error) {
    await workspace.dispose()
    throw new Error(
      `could not record the fix copy ${workspace.directory}: ${getErrorMessage(error)}`
    )
  }
}
