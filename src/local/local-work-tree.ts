/**
 * Whether the developer's work tree is clean enough for fix mode, which
 * writes each round's fix into it and commits exactly those files: a staged
 * change would ride along in the commit, and a modified tracked file could
 * be overwritten by the fix. Untracked files are never touched and do not
 * count.
 */
import type { LocalGit } from './local-git.js'
import { LocalUsageError } from './local-usage-error.js'

export interface DirtyPaths {
  /** Paths with changes in the index (staged). */
  readonly staged: readonly string[]
  /** Tracked paths changed in the work tree and not staged. */
  readonly modified: readonly string[]
}

/** Reads `git status` (tracked files only, NUL-separated so no path is quoted or split). */
export async function dirtyPaths(git: LocalGit): Promise<DirtyPaths> {
  const out = await git.output(['status', '--porcelain=v1', '-z', '--untracked-files=no'])
  const entries = out.split('\0').filter((entry) => entry !== '')
  const staged: string[] = []
  const modified: string[] = []
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] ?? ''
    const [x, y, path] = [entry[0], entry[1], entry.slice(3)]
    if (x !== ' ' && x !== '?') staged.push(path)
    if (y !== ' ' && y !== '?') modified.push(path)
    // A rename or copy is followed by its source path.
    if (x === 'R' || x === 'C') i++
  }
  return { staged, modified }
}

const MAX_NAMED = 10

function named(paths: readonly string[]): string {
  const shown = paths.slice(0, MAX_NAMED).join(', ')
  return paths.length > MAX_NAMED ? `${shown} and ${paths.length - MAX_NAMED} more` : shown
}

/** The refusal for a dirty work tree, naming what is dirty; undefined when it is clean. */
export function dirtyRefusal(dirty: DirtyPaths): string | undefined {
  const parts = [
    dirty.staged.length === 0 ? '' : `staged: ${named(dirty.staged)}`,
    dirty.modified.length === 0 ? '' : `modified: ${named(dirty.modified)}`
  ].filter((part) => part !== '')
  if (parts.length === 0) return undefined
  return `the work tree has uncommitted changes (${parts.join('; ')}); fix commits each round on the branch and never mixes your changes into its commits: commit them or set them aside with \`git stash\`, then run fix again`
}

/** LocalUsageError when the work tree has staged or modified tracked files. */
export async function requireCleanWorkTree(git: LocalGit): Promise<void> {
  const refusal = dirtyRefusal(await dirtyPaths(git))
  if (refusal !== undefined) throw new LocalUsageError(refusal)
}
