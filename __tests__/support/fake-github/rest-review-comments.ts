/** REST routes of review comments: list, create (line or file), reply. */
import { paginate } from './pagination.js'
import { reviewComments, type FakeReviewComment } from './pull-state.js'
import { reviewCommentJson, validationFailed } from './rest-json.js'
import { findPull, lineProblem } from './rest-pulls.js'
import { json, notFound, type FakeRequest, type Router } from './router.js'
import type { FakeGitHubState } from './state.js'

/** `sort`, `direction` and `since` as the list endpoint takes them. */
function ordered(comments: FakeReviewComment[], request: FakeRequest): FakeReviewComment[] {
  const since = request.query.get('since')
  const kept = since === null ? comments : comments.filter((comment) => comment.createdAt >= since)
  const descending = request.query.get('direction') === 'desc'
  return [...kept].sort((a, b) => (descending ? b.id - a.id : a.id - b.id))
}

export function registerReviewCommentRoutes(router: Router, state: FakeGitHubState): void {
  const base = '/repos/:owner/:repo/pulls/:number/comments'

  router.route('GET', base, (request) => {
    const pr = findPull(state, request)
    if (!pr) return notFound()
    const comments = ordered(reviewComments(pr), request)
    return paginate(
      request,
      comments.map((comment) => reviewCommentJson(pr, comment))
    )
  })

  router.route('POST', base, (request) => {
    const pr = findPull(state, request)
    if (!pr) return notFound()
    const body = (request.body ?? {}) as Record<string, unknown>
    if (typeof body['body'] !== 'string' || body['body'] === '')
      return json(422, validationFailed('body', 'body is missing'))
    if (typeof body['commit_id'] !== 'string')
      return json(422, validationFailed('commit_id', 'commit_id is missing'))
    const path = String(body['path'])
    const onFile = body['subject_type'] === 'file'
    if (onFile && !pr.files.some((file) => file.filename === path))
      return json(
        422,
        validationFailed('pull_request_review_thread.path', 'Path could not be resolved')
      )
    if (!onFile) {
      const problem = lineProblem(pr, body)
      if (problem !== undefined)
        return json(422, validationFailed('pull_request_review_thread.line', problem))
    }
    const thread = state.startThread(pr, {
      author: state.viewer,
      body: body['body'],
      path,
      line: onFile ? null : (body['line'] as number),
      side: body['side'] === 'LEFT' ? 'LEFT' : 'RIGHT',
      subjectType: onFile ? 'file' : 'line',
      commitId: body['commit_id'],
      reviewId: null
    })
    return json(201, reviewCommentJson(pr, thread.comments[0] as FakeReviewComment))
  })

  router.route('POST', `${base}/:comment_id/replies`, (request) => {
    const pr = findPull(state, request)
    if (!pr) return notFound()
    const commentId = Number(request.params['comment_id'])
    const thread = pr.threads.find((candidate) =>
      candidate.comments.some((comment) => comment.id === commentId)
    )
    if (!thread) return notFound()
    const body = (request.body ?? {}) as Record<string, unknown>
    if (typeof body['body'] !== 'string' || body['body'] === '')
      return json(422, validationFailed('body', 'body is missing'))
    const root = thread.comments[0] as FakeReviewComment
    const reply = state.appendComment(
      pr,
      thread,
      {
        author: state.viewer,
        body: body['body'],
        path: root.path,
        line: root.line,
        originalLine: root.originalLine,
        side: root.side,
        subjectType: root.subjectType,
        commitId: root.commitId,
        reviewId: null
      },
      commentId
    )
    return json(201, reviewCommentJson(pr, reply))
  })
}
