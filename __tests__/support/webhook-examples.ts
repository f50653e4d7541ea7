/**
 * Real event payloads from @octokit/webhooks-examples, copied so a test can
 * adjust the one field it is about and nothing else.
 */
import { createRequire } from 'node:module'

interface ExampleGroup {
  readonly name: string
  readonly examples: Array<Record<string, unknown>>
}

const require = createRequire(import.meta.url)
const groups = require('@octokit/webhooks-examples/api.github.com/index.json') as ExampleGroup[]

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Payload = any

/** A deep copy of the first example of `event` (with `action`, when given). */
export function example(event: string, action?: string): Payload {
  const group = groups.find((g) => g.name === event)
  const found = group?.examples.find((e) => action === undefined || e['action'] === action)
  if (!found) throw new Error(`no webhooks example for ${event}${action ? `.${action}` : ''}`)
  return structuredClone(found)
}

/** An issue_comment.created example turned into a comment on pull request #number. */
export function prComment(body: string, login = 'Codertocat', type = 'User'): Payload {
  const payload = example('issue_comment', 'created')
  const issue = payload.issue
  issue.pull_request = {
    url: `${payload.repository.url}/pulls/${issue.number}`,
    html_url: `${payload.repository.html_url}/pull/${issue.number}`
  }
  payload.comment.body = body
  payload.comment.user = { ...payload.comment.user, login, type }
  payload.sender = { ...payload.sender, login, type }
  return payload
}

/** The review comment the example reply answers (any id other than the reply's own). */
export const REPLIED_TO_ID = 284312000

/**
 * A pull_request_review_comment.created example turned into a reply by
 * `login` in the thread of review comment `inReplyToId` (null: a comment that
 * opens a new thread, as the example itself is). The example PR's author is
 * Codertocat.
 */
export function prReviewReply(
  body: string,
  login = 'Codertocat',
  type = 'User',
  inReplyToId: number | null = REPLIED_TO_ID
): Payload {
  const payload = example('pull_request_review_comment', 'created')
  if (inReplyToId === null) delete payload.comment.in_reply_to_id
  else payload.comment.in_reply_to_id = inReplyToId
  payload.comment.body = body
  payload.comment.user = { ...payload.comment.user, login, type }
  payload.sender = { ...payload.sender, login, type }
  return payload
}
