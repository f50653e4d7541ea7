/**
 * Reading Octokit's errors without importing its error classes: a
 * RequestError carries `status` and `response.data`; a GraphQL error response
 * carries `errors` (each with GitHub's `type`, e.g. FORBIDDEN).
 *
 * Parsed with zod, leniently: this runs while handling a failure, so a field
 * of an unexpected shape is dropped (and the error's own text used instead),
 * never thrown, which would hide the failure being handled.
 */
import { z } from 'zod'

/** A validation error item: GitHub sends objects with a message, sometimes plain strings. */
const ApiErrorItem = z.union([
  z.string(),
  z.object({ message: z.string() }).transform((item) => item.message),
  z.unknown().transform(() => undefined)
])

const ApiErrorBody = z.object({
  message: z.string().optional().catch(undefined),
  errors: z.array(ApiErrorItem).optional().catch(undefined)
})

const GraphqlErrorItem = z.union([
  z.object({ type: z.string() }).transform((item) => item.type),
  z.unknown().transform(() => undefined)
])

const ApiError = z.object({
  status: z.number().int().optional().catch(undefined),
  message: z.string().optional().catch(undefined),
  response: z
    .object({ data: ApiErrorBody.optional().catch(undefined) })
    .optional()
    .catch(undefined),
  errors: z.array(GraphqlErrorItem).optional().catch(undefined)
})

type ApiErrorFields = z.output<typeof ApiError>

function readError(error: unknown): ApiErrorFields {
  const parsed = ApiError.safeParse(error)
  return parsed.success ? parsed.data : {}
}

export function httpStatus(error: unknown): number | undefined {
  return readError(error).status
}

/**
 * A 5xx (or a connection failure, which Octokit reports as 500) on a write
 * leaves its outcome unknown: GitHub may have stored the comment anyway.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  const status = httpStatus(error)
  return status !== undefined && status >= 500
}

export function isUnprocessable(error: unknown): boolean {
  return httpStatus(error) === 422
}

/** GitHub's own words: the message plus any validation error messages. */
export function describeApiError(error: unknown): string {
  const fields = readError(error)
  const data = fields.response?.data
  const parts: string[] = []
  if (data?.message !== undefined) parts.push(data.message)
  for (const item of data?.errors ?? []) if (item !== undefined) parts.push(item)
  if (parts.length === 0 && fields.message !== undefined) parts.push(fields.message)
  const status = fields.status
  return `${status === undefined ? '' : `${status} `}${parts.join(': ') || String(error)}`
}

function graphqlErrorTypes(error: unknown): string[] {
  return (readError(error).errors ?? []).filter((type) => type !== undefined)
}

/**
 * The token lacks a permission: GraphQL says FORBIDDEN, REST says 403
 * "Resource not accessible by integration". A 403 secondary rate limit that
 * outlived the throttling plugin's retries is not a missing permission.
 */
export function isPermissionDenied(error: unknown): boolean {
  if (graphqlErrorTypes(error).includes('FORBIDDEN')) return true
  return httpStatus(error) === 403 && !/rate limit/i.test(describeApiError(error))
}
