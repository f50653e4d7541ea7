/**
 * The repository's own settings for the review, `.github/review-my-code-bot.yml`,
 * read from the pull request's base branch (a pull request cannot change its
 * own review). Every key is optional; an unknown key is an error, so a typo
 * never silently does nothing. Each problem names the key, the value found and
 * what was expected, e.g.
 *   .github/review-my-code-bot.yml: max_comments must be an integer from 0 to 100, got "lots"
 */
import { parse } from 'yaml'
import { z } from 'zod'
import { getErrorMessage } from '../core/errors/error-message.js'
import { formatZodIssues } from '../core/errors/zod-issues.js'
import type { PathInstruction } from '../core/path-rules/path-rules.js'
import { globProblem, MAX_IGNORE_GLOBS } from './ignore-globs.js'
import { pathInstructionsKey } from './path-instructions-key.js'

export const REPO_CONFIG_PATH = '.github/review-my-code-bot.yml'

/** Longest `instructions` text: extra rules, not a second AGENTS.md. */
export const MAX_INSTRUCTIONS_CHARS = 4000
/** `discovery_hints`: at most one per discovery run, each a short focus. */
export const MAX_DISCOVERY_HINTS = 5
export const MAX_DISCOVERY_HINT_CHARS = 300
/**
 * `fix.verify`: the commands the action runs in the fixed copy before it
 * commits (install, lint, build, test), each with `fix.timeout_minutes`.
 */
export const MAX_VERIFY_COMMANDS = 10
export const MAX_VERIFY_COMMAND_CHARS = 500
export const MAX_VERIFY_TIMEOUT_MINUTES = 60
export const DEFAULT_VERIFY_TIMEOUT_MINUTES = 10
/** A config file is a few lines; anything this large is a mistake. */
const MAX_FILE_CHARS = 65_536

export interface RepoConfig {
  readonly ignore?: readonly string[]
  readonly problemScoreThreshold?: number
  readonly maxComments?: number
  readonly instructions?: string
  /** Rules for the files a glob matches, in the file's order. */
  readonly pathInstructions?: readonly PathInstruction[]
  readonly discoveryHints?: readonly string[]
  readonly fix?: FixSettings
}

/** How fix mode checks a fix: commands run in order, each under the time limit. */
export interface FixSettings {
  readonly verify: readonly string[]
  readonly timeoutMinutes: number
}

export class RepoConfigError extends Error {
  override name = 'RepoConfigError'
  constructor(readonly problems: readonly string[]) {
    super(problems.join('; '))
  }
}

const PREVIEW_LIMIT = 80

/** What the file held, as YAML would show it in JSON terms, shortened. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > PREVIEW_LIMIT ? `${text.slice(0, PREVIEW_LIMIT)}…` : text
}

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
}

function integerProblem(key: string, min: number, max: number, value: unknown): string {
  return `${key} must be an integer from ${min} to ${max}, got ${shown(value)}`
}

function integerKey(key: string, min: number, max: number) {
  return z.unknown().transform((value, ctx) => {
    if (isIntegerIn(value, min, max)) return value
    ctx.addIssue({ code: 'custom', message: integerProblem(key, min, max, value) })
    return z.NEVER
  })
}

const instructionsKey = z.unknown().transform((value, ctx) => {
  if (typeof value === 'string' && value.length <= MAX_INSTRUCTIONS_CHARS) return value
  ctx.addIssue({
    code: 'custom',
    message:
      typeof value === 'string'
        ? `instructions must be at most ${MAX_INSTRUCTIONS_CHARS} characters, got ${value.length}`
        : `instructions must be a string of review rules, got ${shown(value)}`
  })
  return z.NEVER
})

const ignoreKey = z.unknown().transform((value, ctx) => {
  if (!Array.isArray(value) || value.length > MAX_IGNORE_GLOBS) {
    ctx.addIssue({
      code: 'custom',
      message: `ignore must be a list of at most ${MAX_IGNORE_GLOBS} path globs (e.g. ["docs/**", "*.snap"]), got ${shown(value)}`
    })
    return z.NEVER
  }
  const globs: string[] = []
  value.forEach((glob: unknown, index) => {
    const problem = typeof glob === 'string' ? globProblem(glob) : 'must be a string'
    if (problem === undefined) globs.push(glob as string)
    else
      ctx.addIssue({ code: 'custom', message: `ignore[${index}] ${problem}, got ${shown(glob)}` })
  })
  return globs
})

const discoveryHintsKey = z.unknown().transform((value, ctx) => {
  const ok =
    Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= MAX_DISCOVERY_HINTS &&
    value.every(
      (hint) =>
        typeof hint === 'string' && hint.trim() !== '' && hint.length <= MAX_DISCOVERY_HINT_CHARS
    )
  if (ok) return (value as string[]).map((hint) => hint.trim())
  ctx.addIssue({
    code: 'custom',
    message: `discovery_hints must be a list of 1 to ${MAX_DISCOVERY_HINTS} non-empty strings of at most ${MAX_DISCOVERY_HINT_CHARS} characters (one focus per discovery run), got ${shown(value)}`
  })
  return z.NEVER
})

const FIX_KEYS = ['verify', 'timeout_minutes'] as const

function isCommandList(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length >= 1 &&
    value.length <= MAX_VERIFY_COMMANDS &&
    value.every(
      (command) =>
        typeof command === 'string' &&
        command.trim() !== '' &&
        command.length <= MAX_VERIFY_COMMAND_CHARS
    )
  )
}

/** Every problem of a `fix` mapping, each naming its key as `fix.<key>`. */
function fixProblems(fix: Record<string, unknown>): string[] {
  const problems: string[] = []
  const unknown = Object.keys(fix).filter((key) => !(FIX_KEYS as readonly string[]).includes(key))
  if (unknown.length > 0) {
    const keys = unknown.map((key) => JSON.stringify(`fix.${key}`)).join(', ')
    problems.push(`unknown key ${keys} (expected only fix.verify, fix.timeout_minutes)`)
  }
  if (!isCommandList(fix['verify'])) {
    const got = fix['verify'] === undefined ? 'nothing' : shown(fix['verify'])
    problems.push(
      `fix.verify must be a list of 1 to ${MAX_VERIFY_COMMANDS} commands, each a non-empty string of at most ${MAX_VERIFY_COMMAND_CHARS} characters (e.g. ["npm ci", "npm run build", "npm test"]), got ${got}`
    )
  }
  const timeout = fix['timeout_minutes']
  if (timeout !== undefined && !isIntegerIn(timeout, 1, MAX_VERIFY_TIMEOUT_MINUTES)) {
    problems.push(integerProblem('fix.timeout_minutes', 1, MAX_VERIFY_TIMEOUT_MINUTES, timeout))
  }
  return problems
}

/** `fix`: a mapping of `verify` (required) and `timeout_minutes` (per command). */
const fixKey = z.unknown().transform((value, ctx): FixSettings => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    ctx.addIssue({
      code: 'custom',
      message: `fix must be a mapping of verify (a list of commands) and timeout_minutes, got ${shown(value)}`
    })
    return z.NEVER
  }
  const fix = value as Record<string, unknown>
  const problems = fixProblems(fix)
  for (const message of problems) ctx.addIssue({ code: 'custom', message })
  if (problems.length > 0) return z.NEVER
  const timeout = fix['timeout_minutes']
  return {
    verify: (fix['verify'] as string[]).map((command) => command.trim()),
    timeoutMinutes: typeof timeout === 'number' ? timeout : DEFAULT_VERIFY_TIMEOUT_MINUTES
  }
})

const KEYS = [
  'ignore',
  'problem_score_threshold',
  'max_comments',
  'instructions',
  'path_instructions',
  'discovery_hints',
  'fix'
] as const

/** An unknown key names itself and the keys there are. */
function unknownKeyMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'unrecognized_keys') return undefined
  const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ')
  return `unknown key ${keys} (expected only ${KEYS.join(', ')})`
}

const schema = z.strictObject(
  {
    ignore: ignoreKey.optional(),
    problem_score_threshold: integerKey('problem_score_threshold', 1, 10).optional(),
    max_comments: integerKey('max_comments', 0, 100).optional(),
    instructions: instructionsKey.optional(),
    path_instructions: pathInstructionsKey.optional(),
    discovery_hints: discoveryHintsKey.optional(),
    fix: fixKey.optional()
  },
  { error: unknownKeyMessage }
)

function parseYaml(text: string): unknown {
  if (text.length > MAX_FILE_CHARS) {
    throw new RepoConfigError([
      `${REPO_CONFIG_PATH} must be at most ${MAX_FILE_CHARS} characters, got ${text.length}`
    ])
  }
  try {
    return parse(text)
  } catch (error) {
    const reason = getErrorMessage(error).split('\n')[0]
    throw new RepoConfigError([`${REPO_CONFIG_PATH} is not valid YAML: ${reason}`])
  }
}

/** The settings the file holds; throws RepoConfigError listing every problem. */
export function parseRepoConfig(text: string): RepoConfig {
  const document = parseYaml(text)
  // An empty file (or only comments) sets nothing.
  if (document === null || document === undefined) return {}
  if (typeof document !== 'object' || Array.isArray(document)) {
    throw new RepoConfigError([
      `${REPO_CONFIG_PATH} must be a mapping of settings (${KEYS.join(', ')}), got ${shown(document)}`
    ])
  }
  const parsed = schema.safeParse(document)
  if (!parsed.success) {
    const problems = formatZodIssues(parsed.error.issues, document, { style: 'sentence' })
    throw new RepoConfigError(problems.map((problem) => `${REPO_CONFIG_PATH}: ${problem}`))
  }
  const data = parsed.data
  return {
    ...(data.ignore === undefined ? {} : { ignore: data.ignore }),
    ...(data.problem_score_threshold === undefined
      ? {}
      : { problemScoreThreshold: data.problem_score_threshold }),
    ...(data.max_comments === undefined ? {} : { maxComments: data.max_comments }),
    ...(data.instructions === undefined ? {} : { instructions: data.instructions }),
    ...(data.path_instructions === undefined ? {} : { pathInstructions: data.path_instructions }),
    ...(data.discovery_hints === undefined ? {} : { discoveryHints: data.discovery_hints }),
    ...(data.fix === undefined ? {} : { fix: data.fix })
  }
}
