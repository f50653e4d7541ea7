/**
 * REST routes that add a reaction to a conversation comment or a review
 * comment, as GitHub answers them: 201 with the new reaction, 200 with the
 * existing one when the token's account already reacted so, 404 for a
 * comment the repository does not have, 422 for an unknown content. A review
 * comment's reactions are listed too (paginated, `content` filter).
 */
import { paginate } from './pagination.js'
import { timestamp, type FakePullRequest } from './pull-state.js'
import { json, notFound, type FakeRequest, type FakeResponse, type Router } from './router.js'
import type { FakeGitHubState, FakeReaction } from './state.js'

const CONTENTS = new Set(['+1', '-1', 'laugh', 'confused', 'heart', 'hooray', 'rocket', 'eyes'])

function reactionJson(reaction: FakeReaction) {
  return {
    id: reaction.id,
    node_id: `REA_${reaction.id}`,
    user: { login: reaction.user.login, type: reaction.user.type },
    content: reaction.content,
    created_at: reaction.createdAt
  }
}

function repoPulls(state: FakeGitHubState, params: Record<string, string>): FakePullRequest[] {
  const owner = (params['owner'] ?? '').toLowerCase()
  const repo = (params['repo'] ?? '').toLowerCase()
  return [...state.pulls.values()].filter(
    (pr) => pr.owner.toLowerCase() === owner && pr.repo.toLowerCase() === repo
  )
}

function hasComment(pulls: FakePullRequest[], subject: FakeReaction['subject'], id: number) {
  return pulls.some((pr) =>
    subject === 'issue'
      ? pr.issueComments.some((comment) => comment.id === id)
      : pr.threads.some((thread) => thread.comments.some((comment) => comment.id === id))
  )
}

function react(
  state: FakeGitHubState,
  subject: FakeReaction['subject'],
  params: Record<string, string>,
  body: unknown
): FakeResponse {
  const commentId = Number(params['comment_id'])
  if (!hasComment(repoPulls(state, params), subject, commentId)) return notFound()
  const content = (body as { content?: unknown } | undefined)?.content
  if (typeof content !== 'string' || !CONTENTS.has(content)) {
    return json(422, {
      message: 'Validation Failed',
      errors: [{ resource: 'Reaction', field: 'content', code: 'invalid' }]
    })
  }
  const existing = state.reactions.find(
    (r) =>
      r.subject === subject &&
      r.commentId === commentId &&
      r.content === content &&
      r.user.login === state.viewer.login
  )
  if (existing) return json(200, reactionJson(existing))
  const reaction = {
    id: state.nextId(),
    subject,
    commentId,
    content,
    user: state.viewer,
    createdAt: timestamp()
  }
  state.reactions.push(reaction)
  return json(201, reactionJson(reaction))
}

/** A comment's reactions, oldest first; `content` keeps one kind. */
function listReactions(
  state: FakeGitHubState,
  subject: FakeReaction['subject'],
  request: FakeRequest
): FakeResponse {
  const commentId = Number(request.params['comment_id'])
  if (!hasComment(repoPulls(state, request.params), subject, commentId)) return notFound()
  const content = request.query.get('content')
  if (content !== null && !CONTENTS.has(content))
    return json(422, {
      message: 'Validation Failed',
      errors: [{ field: 'content', code: 'invalid' }]
    })
  const reactions = state.reactions.filter(
    (r) =>
      r.subject === subject &&
      r.commentId === commentId &&
      (content === null || r.content === content)
  )
  return paginate(request, reactions.map(reactionJson))
}

export function registerReactionRoutes(router: Router, state: FakeGitHubState): void {
  router.route('POST', '/repos/:owner/:repo/issues/comments/:comment_id/reactions', (request) =>
    react(state, 'issue', request.params, request.body)
  )
  router.route('POST', '/repos/:owner/:repo/pulls/comments/:comment_id/reactions', (request) =>
    react(state, 'review', request.params, request.body)
  )
  router.route('GET', '/repos/:owner/:repo/pulls/comments/:comment_id/reactions', (request) =>
    listReactions(state, 'review', request)
  )
}
