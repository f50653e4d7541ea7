/**
 * A round's fix as a real commit on the developer's branch: only while the
 * branch is still at the head the fix was made on (else branch-moved, and
 * nothing is written), and the work tree still clean. The fix's files are
 * written into the work tree, exactly those paths are staged and committed
 * (no other file is touched), with the developer's git identity; hooks do
 * not run (local mode's git never runs code from the branch) and paths are
 * literal (no pathspec magic). A commit that
 * fails puts those paths back as HEAD has them.
 */
import { lstat, mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, isAbsolute } from 'node:path'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { FileChange } from '../core/fixing/fix-types.js'
import type { BranchCommitResult } from '../ports/branch-committer.js'
import type { LocalGit } from './local-git.js'
import { dirtyPaths, dirtyRefusal } from './local-work-tree.js'

export interface LocalCommitInput {
  /** The branch the fix belongs on (short name). */
  readonly branch: string
  readonly expectedHead: string
  readonly headline: string
  readonly body: string
  readonly changes: readonly FileChange[]
}

/** Why `path` may not be written in the work tree `root`: outside it, or through a symlink. */
async function unsafePath(root: string, path: string): Promise<string | undefined> {
  const rel = relative(root, join(root, path))
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return 'is outside the work tree'
  const parts = rel.split('/')
  for (let depth = 1; depth <= parts.length; depth++) {
    const stats = await lstat(join(root, ...parts.slice(0, depth))).catch(() => undefined)
    if (stats === undefined) return undefined
    if (stats.isSymbolicLink()) return `goes through the symlink ${parts.slice(0, depth).join('/')}`
  }
  return undefined
}

async function writeChanges(root: string, changes: readonly FileChange[]): Promise<void> {
  for (const change of changes) {
    const full = join(root, change.path)
    if ('deleted' in change) {
      await rm(full, { force: true })
      continue
    }
    await mkdir(dirname(full), { recursive: true })
    await writeFile(full, change.contents)
  }
}

/** Puts `paths` back as HEAD has them; a path HEAD lacks is removed. */
async function restore(git: LocalGit, root: string, paths: readonly string[]): Promise<void> {
  await git.run(['--literal-pathspecs', 'reset', '-q', '--', ...paths])
  for (const path of paths) {
    const inHead = await git.run(['cat-file', '-e', `HEAD:${path}`])
    if (inHead.code === 0)
      await git.run(['--literal-pathspecs', 'checkout', '-q', 'HEAD', '--', path])
    else await rm(join(root, path), { force: true })
  }
}

/** Why the commit may not be made now, or undefined. */
async function precondition(
  git: LocalGit,
  input: LocalCommitInput
): Promise<BranchCommitResult | undefined> {
  const branch = await git.value(['symbolic-ref', '--quiet', '--short', 'HEAD'])
  const head = await git.value(['rev-parse', '--verify', '--quiet', 'HEAD'])
  if (branch !== input.branch || head !== input.expectedHead) {
    const now = `${branch ?? 'a detached HEAD'} at ${head?.slice(0, 7) ?? 'no commit'}`
    return { ok: false, reason: 'branch-moved', detail: `the work tree is now on ${now}` }
  }
  const dirty = dirtyRefusal(await dirtyPaths(git))
  if (dirty !== undefined) return { ok: false, reason: 'refused', detail: dirty }
  for (const change of input.changes) {
    const why = await unsafePath(git.cwd, change.path)
    if (why !== undefined) {
      return { ok: false, reason: 'refused', detail: `${change.path} ${why}` }
    }
  }
  return undefined
}

/** Commits `input.changes` on the branch checked out in `git`'s work tree. */
export async function commitFixLocally(
  git: LocalGit,
  input: LocalCommitInput
): Promise<BranchCommitResult> {
  const refused = await precondition(git, input)
  if (refused !== undefined) return refused
  const paths = input.changes.map((change) => change.path)
  const message =
    input.body === '' ? ['-m', input.headline] : ['-m', input.headline, '-m', input.body]
  try {
    await writeChanges(git.cwd, input.changes)
    await git.output(['--literal-pathspecs', 'add', '-A', '--', ...paths])
    await git.output([
      '--literal-pathspecs',
      'commit',
      '-q',
      '--no-verify',
      ...message,
      '--',
      ...paths
    ])
  } catch (error) {
    await restore(git, git.cwd, paths)
    return { ok: false, reason: 'refused', detail: getErrorMessage(error) }
  }
  const oid = await git.output(['rev-parse', 'HEAD'])
  return { ok: true, oid: oid.trim(), url: `local:commit/${oid.trim()}` }
}
