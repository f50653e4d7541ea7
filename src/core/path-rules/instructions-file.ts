/**
 * A `.github/instructions/*.instructions.md` file, read as VS Code and
 * Copilot read it: YAML front matter between `---` lines, then the
 * instructions. `applyTo` is a comma-separated list of path globs (a YAML
 * list of globs is taken too); absent, or a glob matching every path ("**",
 * "*", "**\/*"), the file governs every file. `excludeAgent: code-review`
 * keeps the file away from code review. Other keys (`description`, `name`)
 * do not matter here. A file whose front matter cannot be read is skipped
 * with a reason naming the file; it never stops the review.
 */
import { parseDocument } from 'yaml'
import { getErrorMessage } from '../errors/error-message.js'
import { globProblem } from './path-glob.js'

/** Front matter is a few lines; anything larger is a mistake (and YAML work not worth doing). */
export const MAX_FRONT_MATTER_CHARS = 4000

const ALL_FILES = new Set(['**', '*', '**/*'])
const PREVIEW_LIMIT = 80

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > PREVIEW_LIMIT ? `${text.slice(0, PREVIEW_LIMIT)}…` : text
}

export interface InstructionsRule {
  /** The globs of `applyTo`; undefined when the file governs every file. */
  readonly applyTo: readonly string[] | undefined
  readonly body: string
}

export type InstructionsFile =
  | { readonly kind: 'rule'; readonly rule: InstructionsRule }
  | { readonly kind: 'skipped'; readonly reason: string }

const FRONT_MATTER = /^(?:\uFEFF)?---[ \t]*\r?\n([\s\S]*?)^---[ \t]*(?:\r?\n|$)/m

interface Split {
  readonly frontMatter: string | undefined
  readonly body: string
}

function split(text: string): Split | string {
  if (!/^(?:\uFEFF)?---[ \t]*\r?\n/.test(text)) return { frontMatter: undefined, body: text }
  const match = FRONT_MATTER.exec(text)
  if (match === null || match.index !== 0) return 'front matter opened with "---" is never closed'
  return { frontMatter: match[1] ?? '', body: text.slice(match[0].length) }
}

function readYaml(frontMatter: string): Record<string, unknown> | string {
  if (frontMatter.length > MAX_FRONT_MATTER_CHARS) {
    return `front matter must be at most ${MAX_FRONT_MATTER_CHARS} characters, got ${frontMatter.length}`
  }
  let value: unknown
  try {
    const document = parseDocument(frontMatter)
    const error = document.errors[0]
    if (error !== undefined) throw error
    // toJS throws on an alias bomb (more aliases than yaml's maxAliasCount).
    value = document.toJS()
  } catch (error) {
    return `front matter is not valid YAML: ${getErrorMessage(error).split('\n')[0]}`
  }
  if (value === null || value === undefined) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    return `front matter must be a mapping (e.g. applyTo: "src/**/*.ts"), got ${shown(value)}`
  }
  return value as Record<string, unknown>
}

/** The globs of an `applyTo` value, or a problem naming the value. */
function applyToGlobs(value: unknown): readonly string[] | undefined | string {
  if (value === undefined || value === null) return undefined
  const items =
    typeof value === 'string'
      ? value.split(',')
      : Array.isArray(value) && value.every((item) => typeof item === 'string')
        ? (value as string[])
        : undefined
  if (items === undefined) {
    return `applyTo must be a comma-separated list of path globs, got ${shown(value)}`
  }
  const globs = items.map((glob) => glob.trim()).filter((glob) => glob !== '')
  for (const glob of globs) {
    const problem = globProblem(glob)
    if (problem !== undefined) return `applyTo glob ${shown(glob)} ${problem}`
  }
  if (globs.length === 0) return 'applyTo names no glob'
  return globs.some((glob) => ALL_FILES.has(glob)) ? undefined : globs
}

function excludesCodeReview(value: unknown): boolean {
  const agents = Array.isArray(value) ? value : [value]
  return agents.some((agent) => typeof agent === 'string' && agent.trim() === 'code-review')
}

/** What the instructions file at `path` says, or why it is skipped (naming `path`). */
export function parseInstructionsFile(path: string, text: string): InstructionsFile {
  const skipped = (problem: string): InstructionsFile => ({
    kind: 'skipped',
    reason: `${path} skipped: ${problem}`
  })
  const parts = split(text)
  if (typeof parts === 'string') return skipped(parts)
  const frontMatter = parts.frontMatter === undefined ? {} : readYaml(parts.frontMatter)
  if (typeof frontMatter === 'string') return skipped(frontMatter)
  if (excludesCodeReview(frontMatter['excludeAgent'])) {
    return skipped('excludeAgent keeps it away from code review')
  }
  const applyTo = applyToGlobs(frontMatter['applyTo'])
  if (typeof applyTo === 'string') return skipped(applyTo)
  const body = parts.body.trim()
  if (body === '') return skipped('no instructions after the front matter')
  return { kind: 'rule', rule: { applyTo, body } }
}
