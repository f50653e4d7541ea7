/**
 * The paths a fix may never add, change or delete. Workflow files: the
 * workflow's token may not write them, and a fix must not change what CI
 * runs. The repository's config file: it decides what the bot does. The
 * `.git` directory: it is the repository itself. And any path that is not a
 * plain repository-relative path (absolute, `.` or `..` segments, empty
 * segments, backslashes, control or invisible characters), since such a path
 * could name one of the others in disguise.
 *
 * Names compare case-insensitively: on a case-insensitive file system
 * `.GitHub/Workflows/ci.yml` is the workflow file.
 */
import type { FileChange } from './fix-types.js'

// Control characters and default-ignorable code points (zero-width, bidi, ...).
/* eslint-disable no-control-regex -- matching control characters is the point */
const HIDDEN = /[\u0000-\u001F\u007F-\u009F]|\p{Default_Ignorable_Code_Point}/u
/* eslint-enable no-control-regex */

/** Why `path` is not a plain repository-relative path, or undefined. */
function malformedReason(path: string): string | undefined {
  if (path === '') return 'the path is empty'
  if (path.includes('\0')) return 'the path contains a NUL character'
  if (HIDDEN.test(path)) return 'the path contains a control or invisible character'
  if (path.includes('\\')) return 'the path contains a backslash'
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'the path is absolute'
  const segments = path.split('/')
  if (segments.includes('..')) return 'the path contains a ".." segment'
  if (segments.some((s) => s === '' || s === '.')) {
    return 'the path is not normalized (empty or "." segment)'
  }
  return undefined
}

/**
 * Why a fix may not touch `path`, or undefined when it may. `repoConfigPath`
 * is the repository config file's path (e.g. `.github/review-my-code-bot.yml`).
 */
export function protectedPathReason(path: string, repoConfigPath: string): string | undefined {
  const malformed = malformedReason(path)
  if (malformed !== undefined) return malformed
  const segments = path.toLowerCase().split('/')
  if (segments.includes('.git')) return 'files of the .git directory are never changed'
  if (segments[0] === '.github' && segments[1] === 'workflows') {
    return 'workflow files (.github/workflows/) are never changed by a fix'
  }
  if (path.toLowerCase() === repoConfigPath.toLowerCase()) {
    return `the repository config file (${repoConfigPath}) is never changed by a fix`
  }
  return undefined
}

/** The changes a fix may not make, each with why; empty when the fix may be committed. */
export function refusedChanges(
  changes: readonly FileChange[],
  repoConfigPath: string
): { readonly path: string; readonly reason: string }[] {
  return changes.flatMap((change) => {
    const reason = protectedPathReason(change.path, repoConfigPath)
    return reason === undefined ? [] : [{ path: change.path, reason }]
  })
}
