/**
 * zod at the GitHub boundary: a response we rely on is parsed, and a
 * surprise fails with the request, the field, the value and what was expected.
 */
import type { z } from 'zod'
import { formatZodIssues } from '../core/errors/zod-issues.js'

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
  const problems = formatZodIssues(result.error.issues, value, { root: '(response)' }).slice(0, 3)
  throw new GitHubResponseError(`Unexpected GitHub response to ${source}: ${problems.join('; ')}`)
}
