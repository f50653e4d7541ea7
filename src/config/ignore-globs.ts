/**
 * The repository's `ignore` globs: paths whose findings are refused and
 * whose patches are not inlined. A glob without a slash matches the file
 * name in any directory, as in .gitignore ("*.snap"); one with a slash
 * matches from the repository root ("docs/**"). Dot files match too: a
 * reviewer listing ".github/**" means it.
 */
import picomatch from 'picomatch'
import { getErrorMessage } from '../core/errors/error-message.js'

/** The glob a path matches, or undefined when no glob ignores it. */
export type IgnoreMatcher = (path: string) => string | undefined

const OPTIONS: picomatch.PicomatchOptions = { dot: true, strictBrackets: true }

/** picomatch's `basename` option also applies to globs with a slash: only set it for the others. */
function compile(glob: string): (path: string) => boolean {
  return picomatch(glob, { ...OPTIONS, basename: !glob.includes('/') })
}

/** The most globs and the longest glob a config file may hold. */
export const MAX_IGNORE_GLOBS = 200
export const MAX_GLOB_CHARS = 300

/** Why `glob` cannot be used, or undefined when it can. */
export function globProblem(glob: string): string | undefined {
  if (glob.trim() === '') return 'must not be empty'
  if (glob.length > MAX_GLOB_CHARS) return `must be at most ${MAX_GLOB_CHARS} characters`
  // Paths in a pull request are relative: a leading slash would never match.
  if (glob.startsWith('/')) return 'must be relative to the repository root (no leading "/")'
  try {
    compile(glob)
  } catch (error) {
    return `is not a valid glob (${getErrorMessage(error)})`
  }
  return undefined
}

export function ignoreMatcher(globs: readonly string[]): IgnoreMatcher {
  const compiled = globs.map((glob) => ({ glob, test: compile(glob) }))
  return (path) => compiled.find(({ test }) => test(path))?.glob
}
