/**
 * POSTs that create comments are not idempotent: a 5xx may come back for a
 * comment GitHub stored anyway. plugin-retry would blindly re-send it (so its
 * automatic retry is switched off for these requests); here a failed create
 * is followed by a re-read, and only a comment that is really missing is sent
 * again. Rate limits (403/429) stay with plugin-throttling: GitHub refused
 * those requests outright, so re-sending them is safe.
 */
import { describeApiError, isOutcomeUnknown } from './api-errors.js'

/** Request option that turns off plugin-retry for one request. */
export const NO_AUTOMATIC_RETRY = { retries: 0 } as const

/**
 * Comments created by this attempt are looked for among those updated since
 * it began, with a margin for clock skew between the runner and GitHub; an
 * identical body from an older run therefore does not count as "posted".
 */
const CLOCK_SKEW_MS = 60_000

/** The `since` (ISO, whole seconds) for re-reading what a write starting now may have created. */
export function recheckSince(): string {
  return new Date(Date.now() - CLOCK_SKEW_MS).toISOString().replace(/\.\d+Z$/, 'Z')
}

export interface WriteOnceOptions<T> {
  /** What is being written, for the error message. */
  readonly what: string
  readonly create: () => Promise<T>
  /** Finds the comment the create would have made among those updated since `since` (ISO). */
  readonly findExisting: (since: string) => Promise<T | undefined>
  /** Total create attempts, the first included. */
  readonly attempts: number
  /** Back-off before attempt n (2, 3, ...). */
  readonly pause: (attempt: number) => Promise<void>
}

export async function writeOnce<T>(options: WriteOnceOptions<T>): Promise<T> {
  const since = recheckSince()
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await options.create()
    } catch (error) {
      if (!isOutcomeUnknown(error)) throw error
      const existing = await options.findExisting(since)
      if (existing !== undefined) return existing
      if (attempt >= options.attempts) {
        throw new Error(
          `GitHub failed to create ${options.what} ${attempt} times (last: ${describeApiError(error)}); a re-read shows it was not created`,
          { cause: error }
        )
      }
      await options.pause(attempt + 1)
    }
  }
}
