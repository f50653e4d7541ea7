/**
 * The JSON files local mode keeps under the git common dir (a branch's
 * state, the team learnings): read with a parser that says what is wrong,
 * a file that cannot be read set aside as `<name>.corrupt-<ISO time>` (the
 * developer's backup) with a warning rather than dropped, and written
 * atomically (a temp file renamed over the old one), so a killed run
 * leaves the old file or the new one, never half of one.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { ZodType } from 'zod'
import { getErrorMessage } from '../core/errors/error-message.js'
import { formatZodIssues } from '../core/errors/zod-issues.js'

export type ParsedFile<T> = { readonly parsed: T } | { readonly problem: string }

export interface KeptFile {
  /** "state file", "learnings file": how errors and warnings name it. */
  readonly what: string
  /** What happens when it is set aside, e.g. "reviews go on without learnings". */
  readonly instead: string
}

export interface ReadFile<T> {
  /** undefined when there is no file (or it was corrupt and set aside). */
  readonly value: T | undefined
  readonly warnings: readonly string[]
}

/**
 * `text` parsed as JSON and checked by `schema`; otherwise why not, with the
 * first issues named by their path in the file ("not <kind>: - lastId: …").
 */
export function parseJsonFile<T>(text: string, schema: ZodType<T>, kind: string): ParsedFile<T> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { problem: `not JSON: ${getErrorMessage(error)}` }
  }
  const result = schema.safeParse(json)
  if (result.success) return { parsed: result.data }
  const issues = formatZodIssues(result.error.issues, json, { root: '(file)' }).slice(0, 5)
  return { problem: `not ${kind}:\n${issues.map((issue) => `- ${issue}`).join('\n')}` }
}

/** Reads and parses `path`; a missing file is no value, a corrupt one is set aside and reported. */
export async function readKeptFile<T>(
  path: string,
  file: KeptFile,
  parse: (text: string) => ParsedFile<T>,
  now: () => Date
): Promise<ReadFile<T>> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { value: undefined, warnings: [] }
    throw new Error(`could not read the ${file.what} ${path}: ${getErrorMessage(error)}`)
  }
  const read = parse(text)
  if ('parsed' in read) return { value: read.parsed, warnings: [] }
  const backup = `${path}.corrupt-${now().toISOString()}`
  await rename(path, backup)
  const warning = `The ${file.what} ${path} could not be read (${read.problem}); it was kept as ${backup} and ${file.instead}.`
  return { value: undefined, warnings: [warning] }
}

/**
 * Writes what `render` returns to `path` atomically (mode 0600), creating
 * its folder; a render that throws (a value that fails its schema) is a
 * failed write naming the file, and the old file stays.
 */
export async function writeKeptFile(
  path: string,
  what: string,
  render: () => string
): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    await writeFile(temp, render(), { mode: 0o600 })
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true })
    throw new Error(`could not write the ${what} ${path}: ${getErrorMessage(error)}`)
  }
}
