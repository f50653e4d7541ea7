/**
 * The rules a repository gives by path, gathered from the rule files read
 * at the base commit and the config file's `path_instructions`: each rule
 * with its source and the files it governs. A file that cannot be used is
 * left out with a warning naming it; nothing here stops a review.
 */
import { parseInstructionsFile } from './instructions-file.js'
import { globProblem } from './path-glob.js'
import {
  COPILOT_INSTRUCTIONS_PATH,
  DIRECTORY_RULE_FILES,
  isInstructionsFile,
  isPlainPath
} from './rule-files.js'

/** One `path_instructions` entry of the repository config file. */
export interface PathInstruction {
  /** A path glob (a glob without "/" matches the file name anywhere). */
  readonly path: string
  readonly instructions: string
}

/** Which files a rule governs. */
export type RuleScope =
  /** An AGENTS.md or CLAUDE.md: every file in its directory and below ("" is the root). */
  | { readonly kind: 'directory'; readonly directory: string }
  /** Files matching any of the globs. */
  | { readonly kind: 'globs'; readonly globs: readonly string[] }
  | { readonly kind: 'all' }

export type RuleOrigin =
  'directory-file' | 'copilot-instructions' | 'instructions-file' | 'path-instructions'

export interface PathRule {
  /** Where it comes from: a repository path, or `path_instructions[2]`. */
  readonly source: string
  readonly origin: RuleOrigin
  readonly scope: RuleScope
  readonly text: string
}

/** A rule file's text as the base commit holds it. */
export interface RuleFileText {
  readonly path: string
  readonly text: string
}

export interface PathRules {
  readonly rules: readonly PathRule[]
  /** One sentence per file or entry left out, naming it and why. */
  readonly warnings: readonly string[]
}

function directoryRule(path: string, text: string): PathRule | undefined {
  const slash = path.lastIndexOf('/')
  const name = path.slice(slash + 1)
  if (!(DIRECTORY_RULE_FILES as readonly string[]).includes(name)) return undefined
  const directory = slash === -1 ? '' : path.slice(0, slash)
  return { source: path, origin: 'directory-file', scope: { kind: 'directory', directory }, text }
}

/** The rule a file holds, a warning, or nothing for an empty file. */
function fileRule({ path, text }: RuleFileText): PathRule | string | undefined {
  if (text.trim() === '') return undefined
  if (!isPlainPath(path)) return `${path} skipped: not a plain repository path`
  if (path === COPILOT_INSTRUCTIONS_PATH) {
    return {
      source: path,
      origin: 'copilot-instructions',
      scope: { kind: 'all' },
      text: text.trim()
    }
  }
  if (isInstructionsFile(path)) {
    const parsed = parseInstructionsFile(path, text)
    if (parsed.kind === 'skipped') return parsed.reason
    const { applyTo, body } = parsed.rule
    const scope: RuleScope =
      applyTo === undefined ? { kind: 'all' } : { kind: 'globs', globs: applyTo }
    return { source: path, origin: 'instructions-file', scope, text: body }
  }
  return (
    directoryRule(path, text.trim()) ??
    `${path} skipped: not AGENTS.md, CLAUDE.md, ${COPILOT_INSTRUCTIONS_PATH} or an instructions file`
  )
}

/** A config entry as a rule; its glob was checked when the config was read, and is again here. */
function configRule(entry: PathInstruction, index: number): PathRule | string | undefined {
  const source = `path_instructions[${index}]`
  const problem = globProblem(entry.path)
  if (problem !== undefined) return `${source} skipped: path ${problem}`
  const text = entry.instructions.trim()
  if (text === '') return undefined
  return {
    source,
    origin: 'path-instructions',
    scope: { kind: 'globs', globs: [entry.path] },
    text
  }
}

/**
 * Every usable rule: the files in path order (the same file twice counts
 * once), then the config entries in their order.
 */
export function collectPathRules(
  files: readonly RuleFileText[],
  pathInstructions: readonly PathInstruction[]
): PathRules {
  const unique = [...new Map(files.map((file) => [file.path, file])).values()]
  unique.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  const results = [...unique.map(fileRule), ...pathInstructions.map(configRule)]
  return {
    rules: results.filter((result): result is PathRule => typeof result === 'object'),
    warnings: results.filter((result): result is string => typeof result === 'string')
  }
}
