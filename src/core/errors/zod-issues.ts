/**
 * The one way to turn zod issues into text. Each issue says where it is (the
 * path into the parsed value), what was expected and what was received, e.g.
 *   assessment.score: Too big: expected number to be <=10; received 11
 *   lastId: expected number; received "three"
 * The caller frames the lines ("Invalid arguments for ...", "Unexpected
 * GitHub response to ..."); this file only words the issues.
 */
import type { z } from 'zod'

export type ZodIssue = z.core.$ZodIssue

/**
 * How an issue is worded:
 * - `received`: `field: what was expected; received <the value, shortened>`.
 * - `withheld`: `field: zod's message`, never echoing the value, for input
 *   that may hold a credential (zod's own messages name types, not values).
 * - `sentence`: the schema's message alone; for schemas that write each
 *   problem as a whole sentence naming the setting, what was expected and the
 *   value where it may be shown (action inputs, the repository config file).
 */
export type ZodIssueStyle = 'received' | 'withheld' | 'sentence'

export interface ZodIssueFormat {
  /** What an issue about the value as a whole (empty path) is called, e.g. `(arguments)`. */
  readonly root?: string
  /** Default `received`. */
  readonly style?: ZodIssueStyle
}

const PREVIEW_LIMIT = 80

/** `assessment.score`, `items[2].name`; `root` for the value itself. */
export function issueField(path: readonly PropertyKey[], root = '(input)'): string {
  if (path.length === 0) return root
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`
    )
    .join('')
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

/** A short, JSON-like rendering of a received value; `nothing` for undefined. */
export function previewValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > PREVIEW_LIMIT ? `${text.slice(0, PREVIEW_LIMIT)}\u2026` : text
}

/** `expected number; received "three"`: what the issue wanted and what the input held there. */
function expectedAndReceived(issue: ZodIssue, input: unknown): string {
  const value = valueAt(input, issue.path)
  if (issue.code === 'invalid_type') {
    // zod's own message repeats the type of what was received; say it once, with the value.
    const received = value === undefined ? 'nothing (the field is missing)' : previewValue(value)
    return `expected ${issue.expected}; received ${received}`
  }
  return `${issue.message}; received ${previewValue(value)}`
}

/** One issue as one line, worded as `format.style` says. */
export function formatZodIssue(
  issue: ZodIssue,
  input: unknown,
  format: ZodIssueFormat = {}
): string {
  const style = format.style ?? 'received'
  if (style === 'sentence') return issue.message
  const field = issueField(issue.path, format.root)
  if (style === 'withheld') return `${field}: ${issue.message}`
  return `${field}: ${expectedAndReceived(issue, input)}`
}

/** One line per issue of a failed parse of `input`, in zod's order. */
export function formatZodIssues(
  issues: readonly ZodIssue[],
  input: unknown,
  format: ZodIssueFormat = {}
): string[] {
  return issues.map((issue) => formatZodIssue(issue, input, format))
}
