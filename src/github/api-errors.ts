/**
 * Reading Octokit's errors without importing its error classes: a
 * RequestError carries `status` and `response.data`; a GraphQL error response
 * carries `errors` (each with GitHub's `type`, e.g. FORBIDDEN).
 */

interface ErrorShape {
  readonly status?: unknown
  readonly message?: unknown
  readonly response?: { readonly data?: unknown }
  readonly errors?: unknown
}

export function httpStatus(error: unknown): number | undefined {
  const status = (error as ErrorShape | null)?.status
  return typeof status === 'number' ? status : undefined
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
  const shape = error as ErrorShape | null
  const data = shape?.response?.data as { message?: unknown; errors?: unknown } | undefined
  const parts: string[] = []
  if (typeof data?.message === 'string') parts.push(data.message)
  for (const item of Array.isArray(data?.errors) ? data.errors : []) {
    if (typeof item === 'string') parts.push(item)
    else if (typeof (item as { message?: unknown })?.message === 'string')
      parts.push((item as { message: string }).message)
  }
  if (parts.length === 0 && typeof shape?.message === 'string') parts.push(shape.message)
  const status = httpStatus(error)
  return `${status === undefined ? '' : `${status} `}${parts.join(': ') || String(error)}`
}

function graphqlErrorTypes(error: unknown): string[] {
  const errors = (error as ErrorShape | null)?.errors
  if (!Array.isArray(errors)) return []
  return errors.flatMap((item: unknown) => {
    const type = (item as { type?: unknown })?.type
    return typeof type === 'string' ? [type] : []
  })
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
