/**
 * Where a finding may point: a file of the pull request, or another path of
 * the repository written plainly (relative, no "..", no backtick, no control
 * character). The path is printed in comments and the summary, so one that
 * could close a code span, start a line or point outside the repository is
 * refused with the reason, never posted.
 */

const PLAIN_PATH = /^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[^`\p{Cc}\\]{1,500}$/u

/** Why `path` cannot carry a finding; undefined when it can. */
export function findingPathProblem(path: string, prFiles: ReadonlySet<string>): string | undefined {
  if (prFiles.has(path)) return undefined
  if (!PLAIN_PATH.test(path)) {
    return `file "${path.slice(0, 200)}" is not a plain repository path (relative, no "..", no backtick or control character)`
  }
  return undefined
}
