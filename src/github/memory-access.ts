/**
 * What the memory store's helpers share, and how a refusal becomes a result:
 * 403 (no permission), 404 (GitHub hides what the token may not see) and 410
 * (issues turned off) are `forbidden` with a warning; anything else is thrown.
 */
import type { MemoryStoreForbidden } from '../ports/team-memory-store.js'
import { MEMORY_ISSUE_PERMISSION } from '../ports/team-memory-store.js'
import { describeApiError, httpStatus, isPermissionDenied } from './api-errors.js'
import type { GitHubClient } from './octokit.js'

export interface MemoryContext {
  readonly client: GitHubClient
  readonly owner: string
  readonly repo: string
  /** The logins whose marked issues and comments are the bot's own (REST or GraphQL form). */
  readonly botLogins: readonly string[]
  /** Total attempts for a create whose outcome was unknown (5xx), the first included. */
  readonly attempts: number
  /** Back-off before attempt n (2, 3, ...). */
  readonly pause: (attempt: number) => Promise<void>
}

/** `doing` completes "The token may not ...", e.g. "read the memory issue #4". */
export function memoryForbidden(
  error: unknown,
  doing: string,
  permission: string = MEMORY_ISSUE_PERMISSION
): MemoryStoreForbidden | undefined {
  const status = httpStatus(error)
  const answer = describeApiError(error)
  if (status === 410) {
    return {
      kind: 'forbidden',
      warning: `Issues are turned off in this repository (${answer}), so the bot cannot ${doing}: the review goes on without team memory.`
    }
  }
  if (status !== 404 && !isPermissionDenied(error)) return undefined
  return {
    kind: 'forbidden',
    warning: `The token may not ${doing} (${answer}): grant ${permission} so the bot keeps the team's memory; the review goes on without it.`
  }
}

/** Runs `read`; a refusal becomes `forbidden`, any other failure is thrown. */
export async function orForbidden<T>(
  doing: string,
  read: () => Promise<T>,
  permission?: string
): Promise<T | MemoryStoreForbidden> {
  try {
    return await read()
  } catch (error) {
    const forbidden = memoryForbidden(error, doing, permission)
    if (forbidden === undefined) throw error
    return forbidden
  }
}
