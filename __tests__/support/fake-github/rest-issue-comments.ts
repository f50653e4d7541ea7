/**
 * REST routes of conversation (issue) comments, on a PR or on a plain issue
 * (PRs are issues on GitHub). Only plain issues are governed by the token's
 * issues permission: 403 "Resource not accessible by integration" when short.
 */
import { notAccessibleByIntegration } from './faults.js'
import { issuesAllow } from './issue-state.js'
import { paginate } from './pagination.js'
import { timestamp, type FakeIssueComment } from './pull-state.js'
import { issueCommentJson } from './rest-json.js'
import { json, notFound, type FakeResponse, type Router } from './router.js'
import type { FakeGitHubState } from './state.js'

interface Holder {
  readonly owner: string
  readonly repo: string
  readonly number: number
  readonly issueComments: FakeIssueComment[]
  /** Where its web page is: a PR's or a plain issue's. */
  readonly page: 'pull' | 'issues'
}

const missingBody = (): FakeResponse =>
  json(422, {
    message: 'Validation Failed',
    errors: [{ field: 'body', code: 'missing_field' }]
  })

const tooLong = (): FakeResponse =>
  json(422, {
    message: 'Validation Failed',
    errors: [
      { field: 'body', code: 'custom', message: 'Body is too long (maximum is 65536 characters)' }
    ]
  })

/** The comment's body from a request, or the 422 GitHub answers. */
function bodyOf(request: { body: unknown }): string | FakeResponse {
  const body = (request.body ?? {}) as Record<string, unknown>
  if (typeof body['body'] !== 'string' || body['body'] === '') return missingBody()
  if (body['body'].length > 65536) return tooLong()
  return body['body']
}

export function registerIssueCommentRoutes(router: Router, state: FakeGitHubState): void {
  const base = '/repos/:owner/:repo/issues/:number/comments'
  const single = '/repos/:owner/:repo/issues/comments/:comment_id'

  /** The PR or plain issue, or the refusal for a plain issue the token may not `need`. */
  const findHolder = (
    params: Record<string, string>,
    need: 'read' | 'write'
  ): Holder | FakeResponse => {
    const [owner, repo, number] = [
      params['owner'] ?? '',
      params['repo'] ?? '',
      params['number'] ?? ''
    ]
    const pr = state.pull(owner, repo, number)
    if (pr) return { ...pr, issueComments: pr.issueComments, page: 'pull' }
    const issue = state.issues.get(owner, repo, number)
    if (!issue) return notFound()
    if (!issuesAllow(state.issues.permission, need)) return notAccessibleByIntegration()
    return { ...issue, issueComments: issue.issueComments, page: 'issues' }
  }

  /** The holder of comment `comment_id` in the repository, checked as findHolder does. */
  const findByComment = (params: Record<string, string>, need: 'read' | 'write') => {
    const id = Number(params['comment_id'])
    const owner = (params['owner'] ?? '').toLowerCase()
    const pr = [...state.pulls.values()].find(
      (candidate) =>
        candidate.owner.toLowerCase() === owner &&
        candidate.issueComments.some((comment) => comment.id === id)
    )
    const issue = pr ? undefined : state.issues.holding(id)
    const holder = pr ?? issue
    if (!holder || holder.owner.toLowerCase() !== owner) return notFound()
    const found = findHolder({ ...params, number: String(holder.number) }, need)
    if ('status' in found) return found
    return { holder: found, comment: found.issueComments.find((comment) => comment.id === id)! }
  }

  router.route('GET', base, (request) => {
    const holder = findHolder(request.params, 'read')
    if ('status' in holder) return holder
    // `since` keeps comments updated at or after it; the order is always oldest first.
    const since = request.query.get('since')
    const comments = holder.issueComments.filter(
      (comment) => since === null || comment.updatedAt >= since
    )
    return paginate(
      request,
      comments.map((comment) => issueCommentJson(holder, comment, holder.page))
    )
  })

  router.route('POST', base, (request) => {
    const holder = findHolder(request.params, 'write')
    if ('status' in holder) return holder
    const body = bodyOf(request)
    if (typeof body !== 'string') return body
    const comment = state.addIssueComment(holder, { body, createdAt: timestamp() })
    return json(201, issueCommentJson(holder, comment, holder.page))
  })

  router.route('PATCH', single, (request) => {
    const found = findByComment(request.params, 'write')
    if ('status' in found) return found
    const body = bodyOf(request)
    if (typeof body !== 'string') return body
    found.comment.body = body
    found.comment.updatedAt = timestamp()
    return json(200, issueCommentJson(found.holder, found.comment, found.holder.page))
  })

  router.route('DELETE', single, (request) => {
    const found = findByComment(request.params, 'write')
    if ('status' in found) return found
    state.issues.deleteComment(found.comment.id)
    return { status: 204 }
  })
}
