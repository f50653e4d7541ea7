/**
 * Turns a failed argument parse into a message for the model: which field,
 * what it sent, what was expected. The model reads this as the tool's result
 * and is expected to call again with the field fixed, so it must be concrete.
 */
import type { z } from 'zod'

const PREVIEW_LIMIT = 80

/** `assessment.score`, `items[2].name`; `(arguments)` for the object itself. */
function fieldPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(arguments)'
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

/** A short, JSON-like rendering of what the model sent. */
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

/** One line per problem, e.g. `assessment.score: Too big: expected number to be <=10; received 11`. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], input: unknown): string[] {
  return issues.map((issue) => {
    const field = fieldPath(issue.path)
    const value = valueAt(input, issue.path)
    if (issue.code === 'invalid_type') {
      // zod's own message repeats the type of what was received; say it once, with the value.
      const received = value === undefined ? 'nothing (the field is missing)' : previewValue(value)
      return `- ${field}: expected ${issue.expected}; received ${received}`
    }
    return `- ${field}: ${issue.message}; received ${previewValue(value)}`
  })
}

export function invalidArgumentsMessage(
  toolName: string,
  issues: readonly z.core.$ZodIssue[],
  input: unknown
): string {
  return [
    `Invalid arguments for ${toolName}; nothing was done.`,
    ...describeIssues(issues, input),
    'Fix the fields above and call the tool again.'
  ].join('\n')
}
