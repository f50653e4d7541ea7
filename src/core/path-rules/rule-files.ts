/**
 * Which rule files a review reads from the base commit: `AGENTS.md` and
 * `CLAUDE.md` in every directory holding a changed file and in each of its
 * ancestors (the root included), `.github/copilot-instructions.md`, and the
 * `.github/instructions/` files ending in `.instructions.md` that the
 * directory listing shows. Never the head's copies: a pull request must not
 * write its own rules.
 */

/** The files coding agents read in a file's directory and its ancestors. */
export const DIRECTORY_RULE_FILES = ['AGENTS.md', 'CLAUDE.md'] as const
export const COPILOT_INSTRUCTIONS_PATH = '.github/copilot-instructions.md'
export const INSTRUCTIONS_DIRECTORY = '.github/instructions/'
export const INSTRUCTIONS_SUFFIX = '.instructions.md'

/**
 * The most rule files one review reads. Each read is one request for the
 * base commit before the agent starts, so the bound keeps a PR touching
 * hundreds of directories from spending hundreds of API calls; and the
 * prompt's rules budget (a few pages) could show only a fraction of 100
 * files anyway. 100 reads cover 49 directories with both names checked
 * beside the root's and the repository-wide files.
 */
export const MAX_RULE_FILES = 100
/** Instructions files read at most, within MAX_RULE_FILES: the rest is left to nested directories. */
export const MAX_INSTRUCTIONS_FILES = 20

export interface RuleFileCandidates {
  /** Paths to read from the base commit, most widely governing first. */
  readonly paths: readonly string[]
  /** Paths the bound left unread. */
  readonly leftOut: readonly string[]
}

/** A repository-relative path without empty, "." or ".." segments. */
export function isPlainPath(path: string): boolean {
  return (
    path !== '' && path.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  )
}

/** "" for the root, then "src", "src/api" for "src/api/user.ts". */
export function ancestorDirectories(path: string): string[] {
  const parts = path.split('/').slice(0, -1)
  return ['', ...parts.map((_, index) => parts.slice(0, index + 1).join('/'))]
}

export function inDirectory(directory: string, name: string): string {
  return directory === '' ? name : `${directory}/${name}`
}

export function isInstructionsFile(path: string): boolean {
  return (
    isPlainPath(path) &&
    path.startsWith(INSTRUCTIONS_DIRECTORY) &&
    path.endsWith(INSTRUCTIONS_SUFFIX) &&
    path.length > INSTRUCTIONS_DIRECTORY.length + INSTRUCTIONS_SUFFIX.length
  )
}

/** Each non-root directory above a changed file, with how many changed files it holds. */
function nestedDirectories(prFiles: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const path of prFiles.filter(isPlainPath)) {
    for (const directory of ancestorDirectories(path).slice(1)) {
      counts.set(directory, (counts.get(directory) ?? 0) + 1)
    }
  }
  return counts
}

/**
 * Directories ordered by how many changed files they govern, then by depth:
 * an ancestor always comes before its descendants, so what the bound cuts
 * is the rules of the fewest, deepest files.
 */
function byReach(counts: Map<string, number>): string[] {
  const depth = (directory: string) => directory.split('/').length
  return [...counts.keys()].sort(
    (a, b) =>
      (counts.get(b) ?? 0) - (counts.get(a) ?? 0) ||
      depth(a) - depth(b) ||
      (a < b ? -1 : a > b ? 1 : 0)
  )
}

/**
 * The rule files to read for a PR changing `prFiles`, given the paths the
 * base commit's `.github/instructions/` listing holds (other entries are
 * ignored): repository-wide files first, then nested directories by reach,
 * at most MAX_RULE_FILES.
 */
export function ruleFileCandidates(
  prFiles: readonly string[],
  instructionsListing: readonly string[]
): RuleFileCandidates {
  const instructions = [...new Set(instructionsListing.filter(isInstructionsFile))].sort()
  const nested = byReach(nestedDirectories(prFiles)).flatMap((directory) =>
    DIRECTORY_RULE_FILES.map((name) => inDirectory(directory, name))
  )
  const all = [
    ...DIRECTORY_RULE_FILES,
    COPILOT_INSTRUCTIONS_PATH,
    ...instructions.slice(0, MAX_INSTRUCTIONS_FILES),
    ...nested
  ]
  return {
    paths: all.slice(0, MAX_RULE_FILES),
    leftOut: [...instructions.slice(MAX_INSTRUCTIONS_FILES), ...all.slice(MAX_RULE_FILES)]
  }
}
