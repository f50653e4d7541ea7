/**
 * Path globs as the repository writes them (the config file's `ignore` and
 * `path_instructions`, an instructions file's `applyTo`). A glob without a
 * slash matches the file name in any directory, as in .gitignore ("*.snap");
 * one with a slash matches from the repository root ("docs/**"). Dot files
 * match too: a reviewer writing ".github/**" means it.
 */
import picomatch from 'picomatch'
import { getErrorMessage } from '../errors/error-message.js'

/** Whether a repository-relative path matches. */
export type PathTest = (path: string) => boolean

/** The longest glob a repository may write. */
export const MAX_GLOB_CHARS = 300

const OPTIONS: picomatch.PicomatchOptions = { dot: true, strictBrackets: true }

/**
 * The glob's test; throws on a glob picomatch cannot read. picomatch's
 * `basename` option also applies to globs with a slash: only set it for the others.
 */
export function compilePathGlob(glob: string): PathTest {
  return picomatch(glob, { ...OPTIONS, basename: !glob.includes('/') })
}

/** Why `glob` cannot be used, or undefined when it can. */
export function globProblem(glob: string): string | undefined {
  if (glob.trim() === '') return 'must not be empty'
  if (glob.length > MAX_GLOB_CHARS) return `must be at most ${MAX_GLOB_CHARS} characters`
  // Paths in a pull request are relative: a leading slash would never match.
  if (glob.startsWith('/')) return 'must be relative to the repository root (no leading "/")'
  try {
    compilePathGlob(glob)
  } catch (error) {
    return `is not a valid glob (${getErrorMessage(error)})`
  }
  return undefined
}
