/**
 * How each file of a pull request changed between the last reviewed head and
 * the current one, judged by the PR's own patches. Comparing the patches
 * rather than the file contents is the point: a base-branch change (a base
 * merge, a rebase onto a newer base) alters a file's contents but not what
 * the PR does to it, so it never makes a file "changed" on its own.
 */
import type { ChangedFile } from '../pull-request/pr-data.js'

/**
 * unchanged: the PR's patch is the same (hunk positions aside);
 * changed: both heads change the file, differently;
 * new: only the current head changes it;
 * dropped: the PR no longer changes it;
 * unknown: a patch is missing on one side (binary or too large): treat as changed.
 */
export type FileChange = 'unchanged' | 'changed' | 'new' | 'dropped' | 'unknown'

export interface ComparedFile {
  /** The path now; the path at the last reviewed head for a dropped file. */
  readonly path: string
  readonly change: FileChange
  /** The PR's file at the last reviewed head; absent when new. */
  readonly before?: ChangedFile
  /** The PR's file now; absent when dropped. */
  readonly after?: ChangedFile
}

const HUNK_HEADER = /^@@ .* @@.*$/

/**
 * A patch without its hunk headers. The headers hold line numbers (which a
 * rebase shifts) and the enclosing function's name (which comes from code
 * above the hunk, not from the change); neither is what the PR did.
 */
export function normalizePatch(patch: string): string {
  return patch
    .split('\n')
    .map((line) => line.replace(/\r$/, '').replace(HUNK_HEADER, '@@'))
    .join('\n')
    .trimEnd()
}

function changeOf(before: ChangedFile, after: ChangedFile): FileChange {
  if (before.patch === undefined || after.patch === undefined) return 'unknown'
  if (before.path !== after.path) return 'changed'
  return normalizePatch(before.patch) === normalizePatch(after.patch) ? 'unchanged' : 'changed'
}

/** The file's path on the base side: where a rename came from. */
function basePath(file: ChangedFile): string {
  return file.previousPath ?? file.path
}

/**
 * Pairs each current file with the PR's file at the last reviewed head: by
 * path first, then by the path it was renamed from (a rename made or
 * changed since), so a rename is one changed file, not a new and a dropped
 * one. Current files come first in their order, then dropped ones.
 */
export function compareFileSets(
  oldFiles: readonly ChangedFile[],
  newFiles: readonly ChangedFile[]
): ComparedFile[] {
  const unmatched = new Set(oldFiles)
  const byPath = new Map(oldFiles.map((file) => [file.path, file]))
  const byBasePath = new Map(oldFiles.map((file) => [basePath(file), file]))
  const take = (file: ChangedFile | undefined): ChangedFile | undefined =>
    file !== undefined && unmatched.delete(file) ? file : undefined
  const compared: ComparedFile[] = newFiles.map((after) => {
    const before = take(byPath.get(after.path)) ?? take(byBasePath.get(basePath(after)))
    if (before === undefined) return { path: after.path, change: 'new', after }
    return { path: after.path, change: changeOf(before, after), before, after }
  })
  for (const before of unmatched) compared.push({ path: before.path, change: 'dropped', before })
  return compared
}
