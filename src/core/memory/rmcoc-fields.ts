/**
 * Field schemas several rmcoc block kinds share: a commit SHA, a finding's
 * stable id, its score and the reviewer models that raised it. Kept apart
 * from rmcoc.ts so a block kind defined in its own file can use them without
 * an import cycle.
 */
import { z } from 'zod'

export const commitSha = z
  .string()
  .regex(/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/, 'must be a commit SHA (40 or 64 hex digits)')

export const findingId = z
  .string()
  .regex(/^[A-Za-z0-9_.:/-]{1,64}$/, 'id must be 1-64 characters of A-Z a-z 0-9 _ . : / -')

/** A finding's score: a whole number from 1 to 10. */
export const findingScore = z.number().int().min(1).max(10)

/**
 * Who raised a finding when several reviewed: provider/model names, or a
 * discovery run of one (`provider/model run 2/3`).
 */
export const reviewerList = z
  .array(
    z
      .string()
      .regex(
        /^[A-Za-z0-9][\w.-]*\/\S+(?: run [1-9]\/[1-9])?$/,
        'must be provider/model, or provider/model run k/n'
      )
      .max(200)
  )
  .min(1)
  .max(10)

/** A review thread's GraphQL id, or "summary:<finding id>" for a summary-only finding. */
export const THREAD_ID_PATTERN = /^[A-Za-z0-9_.:/=-]{1,200}$/

export const threadId = z
  .string()
  .regex(THREAD_ID_PATTERN, 'thread id must be 1-200 characters of A-Z a-z 0-9 _ . : / = -')
