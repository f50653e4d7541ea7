/**
 * Field schemas several rmcoc block kinds share: a commit SHA and a finding's
 * stable id. Kept apart from rmcoc.ts so a block kind defined in its own file
 * can use them without an import cycle.
 */
import { z } from 'zod'

export const commitSha = z
  .string()
  .regex(/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/, 'must be a commit SHA (40 or 64 hex digits)')

export const findingId = z
  .string()
  .regex(/^[A-Za-z0-9_.:/-]{1,64}$/, 'id must be 1-64 characters of A-Z a-z 0-9 _ . : / -')

/** A review thread's GraphQL id, or "summary:<finding id>" for a summary-only finding. */
export const THREAD_ID_PATTERN = /^[A-Za-z0-9_.:/=-]{1,200}$/

export const threadId = z
  .string()
  .regex(THREAD_ID_PATTERN, 'thread id must be 1-200 characters of A-Z a-z 0-9 _ . : / = -')
