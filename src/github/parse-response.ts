/**
 * zod at the GitHub boundary: a response we rely on is parsed, and a
 * surprise fails with the request, the field, the value and what was expected.
 */
import type { z } from 'zod'

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}

function show(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value)
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}

export class GitHubResponseError extends Error {
  override readonly name = 'GitHubResponseError'
}

export function parseResponse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  source: string
): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const problems = result.error.issues.slice(0, 3).map((issue) => {
    const field = issue.path.length === 0 ? '(response)' : issue.path.map(String).join('.')
    return `${field} was ${show(valueAt(value, issue.path))}: ${issue.message}`
  })
  throw new GitHubResponseError(`Unexpected GitHub response to ${source}: ${problems.join('; ')}`)
}
