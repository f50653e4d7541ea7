/**
 * The repository config file's `path_instructions`: review rules for the
 * files a path glob matches, shown in pass 3 next to those files, e.g.
 *   path_instructions:
 *     - path: "src/db/**"
 *       instructions: Every query goes through the repository layer.
 * Each problem names the entry by index and its field, e.g.
 *   path_instructions[2].path: must be relative to the repository root (no leading "/"), got "/src/**"
 */
import { z } from 'zod'
import { previewValue } from '../core/errors/zod-issues.js'
import type { PathInstruction } from '../core/path-rules/path-rules.js'
import { globProblem } from './ignore-globs.js'

/** One entry per area of a repository; the file's own size bound holds the texts in check. */
export const MAX_PATH_INSTRUCTIONS = 50
/** Each entry's text: extra rules for some files, like `instructions` for all. */
export const MAX_PATH_INSTRUCTION_CHARS = 4000

const ENTRY_KEYS = ['path', 'instructions'] as const

function textProblem(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') {
    return `must be a non-empty string of review rules, got ${previewValue(value)}`
  }
  if (value.length > MAX_PATH_INSTRUCTION_CHARS) {
    return `must be at most ${MAX_PATH_INSTRUCTION_CHARS} characters, got ${value.length}`
  }
  return undefined
}

/** Every problem of entry `index`, each naming it; none when the entry is usable. */
function entryProblems(entry: unknown, index: number): string[] {
  const at = `path_instructions[${index}]`
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return [`${at}: must be a mapping of path and instructions, got ${previewValue(entry)}`]
  }
  const fields = entry as Record<string, unknown>
  const problems: string[] = []
  const unknown = Object.keys(fields).filter(
    (key) => !(ENTRY_KEYS as readonly string[]).includes(key)
  )
  if (unknown.length > 0) {
    const keys = unknown.map((key) => JSON.stringify(key)).join(', ')
    problems.push(`${at}: unknown key ${keys} (expected only path, instructions)`)
  }
  const path = fields['path']
  const pathProblem = typeof path === 'string' ? globProblem(path) : 'must be a path glob string'
  if (pathProblem !== undefined) {
    problems.push(`${at}.path: ${pathProblem}, got ${previewValue(path)}`)
  }
  const instructionsProblem = textProblem(fields['instructions'])
  if (instructionsProblem !== undefined) problems.push(`${at}.instructions: ${instructionsProblem}`)
  return problems
}

/** `path_instructions`: a list of `{ path, instructions }`, every problem reported at once. */
export const pathInstructionsKey = z
  .unknown()
  .transform((value, ctx): readonly PathInstruction[] => {
    if (!Array.isArray(value) || value.length > MAX_PATH_INSTRUCTIONS) {
      ctx.addIssue({
        code: 'custom',
        message: `path_instructions must be a list of at most ${MAX_PATH_INSTRUCTIONS} entries of path and instructions (e.g. [{ path: "src/db/**", instructions: "..." }]), got ${previewValue(value)}`
      })
      return z.NEVER
    }
    const problems = value.flatMap(entryProblems)
    for (const message of problems) ctx.addIssue({ code: 'custom', message })
    if (problems.length > 0) return z.NEVER
    return (value as Record<string, string>[]).map((entry) => ({
      path: entry['path'] as string,
      instructions: entry['instructions'] as string
    }))
  })
