/**
 * A learning's scope path: a glob matched against whole paths from the
 * repository root (unlike the `ignore` globs, a glob without a slash is
 * not matched against the file name in any directory). Dot files match too.
 */
import picomatch from 'picomatch'

const OPTIONS: picomatch.PicomatchOptions = { dot: true, strictBrackets: true }

/** Characters picomatch reads as glob syntax; a path's own are escaped. */
const GLOB_SYNTAX = /[\\*?[\]{}()!+@]/g

function escapeGlob(text: string): string {
  return text.replace(GLOB_SYNTAX, (char) => `\\${char}`)
}

/**
 * The scope a learning taught on `file` gets: every file under the file's
 * directory ("src/api/users.ts" → "src/api/**"), since a team's rule is
 * usually about a module, not one file; a file at the repository root gets
 * only itself, so one root file's rule does not cover the whole repository.
 */
export function scopeGlobFor(file: string): string {
  const slash = file.lastIndexOf('/')
  return slash <= 0 ? escapeGlob(file) : `${escapeGlob(file.slice(0, slash))}/**`
}

/** A test for the glob; a glob picomatch cannot read matches nothing. */
export function scopeMatcher(glob: string): (path: string) => boolean {
  try {
    return picomatch(glob, OPTIONS)
  } catch {
    return () => false
  }
}

/** True when `path` lies in the scope `glob`. */
export function inScope(glob: string, path: string): boolean {
  return scopeMatcher(glob)(path)
}
