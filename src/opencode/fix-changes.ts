/**
 * What the fixer changed in its copy, told by content against the baseline
 * recorded when the copy was made (fix-copy.ts), without git.
 *
 * Rules:
 * - a regular file whose content differs from the baseline, or that the
 *   baseline did not hold, is a change carrying its new content;
 * - a regular file of the baseline that is gone is deleted; a path the copy
 *   never held (left out of the export: instruction files, `.opencode/`,
 *   symlinks leaving the checkout, ...) is never reported deleted, since the
 *   baseline does not list it;
 * - a fix changes regular files only: a new or changed symlink, a symlink
 *   removed, a FIFO, socket or device anywhere in the copy is refused, as is
 *   a file written where the export left something out or under a name the
 *   export never holds (`.git/`, `.opencode/`, `AGENTS.md`, ...). Nothing is
 *   ever followed: every entry is seen with lstat.
 *
 * Call it once the fixer's sidecar is stopped and before anything else runs
 * in the copy (a verification command's build output would count as added).
 */
import { sep } from 'node:path'
import type { FileChange } from '../core/fixing/fix-types.js'
import { isExcludedPath } from './export-exclusions.js'
import { sha256, walkCopy, type CopyEntry, type FixBaseline } from './fix-copy.js'

/** The fix left the copy in a state no commit may be made from; names the path and why. */
export class FixChangeRefusedError extends Error {
  constructor(
    readonly path: string,
    reason: string
  ) {
    super(`refused the fix: ${path} ${reason}`)
    this.name = 'FixChangeRefusedError'
  }
}

/** Why a file written at `path` may not be committed, or undefined when it may. */
function leftOutReason(path: string, baseline: FixBaseline): string | undefined {
  for (const entry of baseline.leftOut) {
    if (path === entry.path || path.startsWith(`${entry.path}/`)) {
      return `lies where the copy left out ${entry.path} (${entry.reason}); a fix may not write there`
    }
  }
  // The OS separator is what isExcludedPath splits on; repository paths use `/`.
  if (isExcludedPath(path.split('/').join(sep))) {
    return 'has a name the copy never holds (git, OpenCode config or instruction file); a fix may not create it'
  }
  return undefined
}

/** The change one entry of the copy makes, or undefined when it matches the baseline. */
function changeOf(entry: CopyEntry, baseline: FixBaseline): FileChange | undefined {
  const { path } = entry
  if (entry.kind === 'special') {
    throw new FixChangeRefusedError(
      path,
      `is not a regular file (mode ${entry.mode.toString(8)}); a fix may change regular files only`
    )
  }
  if (entry.kind === 'symlink') {
    if (baseline.links.get(path) === entry.target) return undefined
    throw new FixChangeRefusedError(
      path,
      `is a symlink to ${JSON.stringify(entry.target)} the copy did not hold; a fix may change regular files only`
    )
  }
  if (baseline.files.get(path) === sha256(entry.contents)) return undefined
  const refused = leftOutReason(path, baseline)
  if (refused !== undefined) throw new FixChangeRefusedError(path, refused)
  return { path, contents: new Uint8Array(entry.contents) }
}

/** Every regular file the fixer added, changed or deleted in `copyDir`, by path. */
export async function collectFixChanges(
  copyDir: string,
  baseline: FixBaseline
): Promise<FileChange[]> {
  const changes: FileChange[] = []
  const seenFiles = new Set<string>()
  const seenLinks = new Set<string>()
  await walkCopy(copyDir, (entry) => {
    if (entry.kind === 'file') seenFiles.add(entry.path)
    if (entry.kind === 'symlink') seenLinks.add(entry.path)
    const change = changeOf(entry, baseline)
    if (change !== undefined) changes.push(change)
  })
  for (const path of baseline.links.keys()) {
    if (!seenLinks.has(path)) {
      throw new FixChangeRefusedError(
        path,
        'was a symlink and is gone; a fix may change regular files only'
      )
    }
  }
  for (const path of baseline.files.keys()) {
    if (!seenFiles.has(path)) changes.push({ path, deleted: true })
  }
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}
