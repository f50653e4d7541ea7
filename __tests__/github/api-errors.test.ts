/**
 * The API-error reader on the shapes Octokit throws (plain data standing in
 * for RequestError and GraphqlResponseError): GitHub's own words, its status,
 * and whether a permission is missing. A field of an unexpected shape is
 * dropped, never thrown: the reader runs while a failure is being handled.
 */
import {
  describeApiError,
  httpStatus,
  isOutcomeUnknown,
  isPermissionDenied
} from '../../src/github/api-errors.js'

const restError = (status: number, data: unknown, message = 'HttpError') =>
  Object.assign(new Error(message), { status, response: { status, data } })

it('describes a REST error with the status, the message and each validation message', () => {
  const error = restError(422, {
    message: 'Validation Failed',
    errors: [
      { resource: 'PullRequestReviewComment', message: 'line must be part of the diff' },
      'pull_request_review_thread.path is invalid'
    ]
  })
  expect(describeApiError(error)).toBe(
    '422 Validation Failed: line must be part of the diff: pull_request_review_thread.path is invalid'
  )
  expect(httpStatus(error)).toBe(422)
})

it('skips validation items without a message and falls back to the error’s own message', () => {
  expect(
    describeApiError(restError(422, { errors: [{ code: 'invalid' }, 7] }, 'Unprocessable'))
  ).toBe('422 Unprocessable')
  expect(describeApiError(restError(502, '<html>bad gateway</html>', 'Bad Gateway'))).toBe(
    '502 Bad Gateway'
  )
})

it('ignores a status that is not a number instead of trusting it', () => {
  const odd = Object.assign(new Error('odd'), { status: '500' })
  expect(httpStatus(odd)).toBeUndefined()
  expect(isOutcomeUnknown(odd)).toBe(false)
  expect(describeApiError(odd)).toBe('odd')
})

it('reads anything thrown, not only errors', () => {
  expect(describeApiError('socket hang up')).toBe('socket hang up')
  expect(describeApiError(null)).toBe('null')
  expect(httpStatus(undefined)).toBeUndefined()
})

it.each([
  [
    'a GraphQL FORBIDDEN',
    Object.assign(new Error('gql'), { errors: [{ type: 'FORBIDDEN', message: 'no' }] }),
    true
  ],
  [
    'a REST 403 for a missing permission',
    restError(403, { message: 'Resource not accessible by integration' }),
    true
  ],
  [
    'a 403 secondary rate limit',
    restError(403, { message: 'You have exceeded a secondary rate limit.' }),
    false
  ],
  [
    'a GraphQL NOT_FOUND',
    Object.assign(new Error('gql'), { errors: [{ type: 'NOT_FOUND' }, 'junk'] }),
    false
  ]
])('%s is a missing permission: %s', (_name, error, denied) => {
  expect(isPermissionDenied(error)).toBe(denied)
})
