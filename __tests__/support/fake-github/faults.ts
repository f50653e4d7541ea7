/** Canned failures for FakeGitHub.fail(), shaped like GitHub's. */
import { json, type FakeResponse } from './router.js'

export const serverError = (status = 502): FakeResponse => json(status, { message: 'Server Error' })

/** 403 secondary rate limit; without `retryAfterSeconds` GitHub sends no retry-after header. */
export const secondaryRateLimit = (retryAfterSeconds?: number): FakeResponse =>
  json(
    403,
    {
      message:
        'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      documentation_url:
        'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits'
    },
    retryAfterSeconds === undefined ? undefined : { 'retry-after': String(retryAfterSeconds) }
  )

export const unprocessable = (message: string): FakeResponse =>
  json(422, { message: 'Validation Failed', errors: [{ code: 'custom', message }] })

/** A GraphQL request whose document mentions `text` (e.g. an operation name). */
export const graphqlMatching =
  (text: string) =>
  (request: { path: string; body: unknown }): boolean =>
    request.path === '/graphql' &&
    typeof (request.body as { query?: unknown } | undefined)?.query === 'string' &&
    (request.body as { query: string }).query.includes(text)

/** 403 as GitHub answers a token that lacks the permission (e.g. issues: write). */
export const notAccessibleByIntegration = (): FakeResponse =>
  json(403, {
    message: 'Resource not accessible by integration',
    documentation_url: 'https://docs.github.com/rest',
    status: '403'
  })
