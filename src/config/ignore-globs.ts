/**
 * The repository's `ignore` globs: paths whose findings are refused and
 * whose patches are not inlined. The glob rules (a glob without a slash
 * matches the file name anywhere, dot files match) are the repository's
 * path globs everywhere, in core/path-rules/path-glob.ts.
 */
import { compilePathGlob } from '../core/path-rules/path-glob.js'

export { globProblem, MAX_GLOB_CHARS } from '../core/path-rules/path-glob.js'

/** The glob a path matches, or undefined when no glob ignores it. */
export type IgnoreMatcher = (path: string) => string | undefined

/** The most globs a config file may hold. */
export const MAX_IGNORE_GLOBS = 200

export function ignoreMatcher(globs: readonly string[]): IgnoreMatcher {
  const compiled = globs.map((glob) => ({ glob, test: compilePathGlob(glob) }))
  return (path) => compiled.find(({ test }) => test(path))?.glob
}
