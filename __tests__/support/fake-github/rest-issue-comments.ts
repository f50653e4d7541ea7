/** REST routes of conversation (issue) comments on a PR. */
import { paginate } from './pagination.js'
import { timestamp, type FakePullRequest } from './pull-state.js'
import { issueCommentJson } from './rest-json.js'
import { json, notFound, type Router } from './router.js'
import type { FakeGitHubState } from './state.js'

export function registerIssueCommentRoutes(router: Router, state: FakeGitHubState): void {
  const base = '/repos/:owner/:repo/issues/:number/comments'
  const findPr = (params: Record<string, string>) =>
    state.pull(params['owner'] ?? '', params['repo'] ?? '', params['number'] ?? '')

  router.route('GET', base, (request) => {
    const pr = findPr(request.params)
    if (!pr) return notFound()
    // `since` keeps comments updated at or after it; the order is always oldest first.
    const since = request.query.get('since')
    const comments = pr.issueComments.filter(
      (comment) => since === null || comment.updatedAt >= since
    )
    return paginate(
      request,
      comments.map((comment) => issueCommentJson(pr, comment))
    )
  })

  router.route('POST', base, (request) => {
    const pr = findPr(request.params)
    if (!pr) return notFound()
    const body = (request.body ?? {}) as Record<string, unknown>
    if (typeof body['body'] !== 'string' || body['body'] === '')
      return json(422, {
        message: 'Validation Failed',
        errors: [{ field: 'body', code: 'missing_field' }]
      })
    if (body['body'].length > 65536)
      return json(422, {
        message: 'Validation Failed',
        errors: [
          {
            field: 'body',
            code: 'custom',
            message: 'Body is too long (maximum is 65536 characters)'
          }
        ]
      })
    const comment = state.addIssueComment(pr, { body: body['body'], createdAt: timestamp() })
    return json(201, issueCommentJson(pr, comment))
  })

  router.route('PATCH', '/repos/:owner/:repo/issues/comments/:comment_id', (request) => {
    const id = Number(request.params['comment_id'])
    let found: { pr: FakePullRequest; index: number } | undefined
    for (const pr of state.pulls.values()) {
      const index = pr.issueComments.findIndex((comment) => comment.id === id)
      if (index >= 0 && pr.owner.toLowerCase() === request.params['owner']?.toLowerCase())
        found = { pr, index }
    }
    if (!found) return notFound()
    const comment = found.pr.issueComments[found.index]!
    const body = (request.body ?? {}) as Record<string, unknown>
    if (typeof body['body'] !== 'string' || body['body'] === '')
      return json(422, {
        message: 'Validation Failed',
        errors: [{ field: 'body', code: 'missing_field' }]
      })
    comment.body = body['body']
    comment.updatedAt = timestamp()
    return json(200, issueCommentJson(found.pr, comment))
  })
}
