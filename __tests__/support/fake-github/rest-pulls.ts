/** REST routes of a pull request: metadata, files, commits, reviews. */
import { branchCommit } from './commit-on-branch.js'
import { commentableLines } from './diff-lines.js'
import { paginate } from './pagination.js'
import type { FakePullRequest, FakeReview } from './pull-state.js'
import { commitJson, fileJson, pullJson, reviewCommentJson, reviewJson } from './rest-json.js'
import { json, notFound, type FakeRequest, type FakeResponse, type Router } from './router.js'
import { pullCommits, timestamp } from './pull-state.js'
import type { FakeGitHubState } from './state.js'

/** GitHub serves at most 3,000 files of a PR through the files API. */
const MAX_FILES = 3000

/** ... and at most 250 commits (the oldest), whatever the page size. */
const MAX_COMMITS = 250

export function findPull(
  state: FakeGitHubState,
  request: FakeRequest
): FakePullRequest | undefined {
  const { owner = '', repo = '', number = '' } = request.params
  return state.pull(owner, repo, number)
}

interface DraftComment {
  path?: unknown
  line?: unknown
  side?: unknown
  body?: unknown
}

/** Why GitHub would refuse a review comment on this line; undefined when it is fine. */
export function lineProblem(pr: FakePullRequest, comment: DraftComment): string | undefined {
  const file = pr.files.find((candidate) => candidate.filename === comment.path)
  if (!file) return 'Path could not be resolved'
  if (typeof comment.line !== 'number') return 'Line could not be resolved'
  const side = comment.side === 'LEFT' ? 'LEFT' : 'RIGHT'
  return commentableLines(file.patch)[side].has(comment.line)
    ? undefined
    : 'pull_request_review_thread.line must be part of the diff'
}

const REVIEW_STATES: Record<string, string> = {
  COMMENT: 'COMMENTED',
  APPROVE: 'APPROVED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED'
}

function createReview(
  state: FakeGitHubState,
  pr: FakePullRequest,
  body: Record<string, unknown>
): FakeResponse {
  const comments = Array.isArray(body['comments']) ? (body['comments'] as DraftComment[]) : []
  // The whole review is refused when any one comment is invalid.
  const problems = comments.flatMap((comment) => {
    const problem = lineProblem(pr, comment)
    return problem === undefined ? [] : [problem]
  })
  if (problems.length > 0)
    return json(422, {
      message: 'Unprocessable Entity',
      errors: problems,
      documentation_url:
        'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request',
      status: '422'
    })
  const event = typeof body['event'] === 'string' ? body['event'] : undefined
  const reviewBody = typeof body['body'] === 'string' ? body['body'] : ''
  const reviewState = event === undefined ? 'PENDING' : REVIEW_STATES[event]
  if (reviewState === undefined) return json(422, { message: `Unexpected event ${event}` })
  if (
    (event === 'COMMENT' || event === 'REQUEST_CHANGES') &&
    reviewBody === '' &&
    comments.length === 0
  )
    return json(422, { message: 'Unprocessable Entity', errors: ['Body is required'] })
  const id = state.nextId()
  const commitId = typeof body['commit_id'] === 'string' ? body['commit_id'] : pr.headSha
  const review: FakeReview = {
    id,
    nodeId: `PRR_${id}`,
    author: state.viewer,
    state: reviewState,
    body: reviewBody,
    authorAssociation: 'CONTRIBUTOR',
    submittedAt: reviewState === 'PENDING' ? null : timestamp(),
    commitId
  }
  pr.reviews.push(review)
  for (const comment of comments)
    state.startThread(pr, {
      author: state.viewer,
      body: String(comment.body ?? ''),
      path: String(comment.path),
      line: comment.line as number,
      side: comment.side === 'LEFT' ? 'LEFT' : 'RIGHT',
      subjectType: 'line',
      commitId,
      reviewId: id
    })
  return json(200, reviewJson(pr, review))
}

/** A createCommitOnBranch commit's message as git stores it; undefined for seeded commits. */
function commitMessage(state: FakeGitHubState, sha: string): string | undefined {
  const commit = branchCommit(state, sha)
  if (!commit) return undefined
  return commit.body === '' ? commit.headline : `${commit.headline}\n\n${commit.body}`
}

export function registerPullRoutes(router: Router, state: FakeGitHubState): void {
  const base = '/repos/:owner/:repo/pulls/:number'

  router.route('GET', base, (request) => {
    const pr = findPull(state, request)
    return pr ? json(200, pullJson(pr)) : notFound()
  })

  router.route('GET', `${base}/files`, (request) => {
    const pr = findPull(state, request)
    return pr ? paginate(request, pr.files.map(fileJson), { maxItems: MAX_FILES }) : notFound()
  })

  router.route('GET', `${base}/commits`, (request) => {
    const pr = findPull(state, request)
    if (!pr) return notFound()
    const commits = pullCommits(pr)
    return paginate(
      request,
      commits.map((sha, index) =>
        commitJson(pr, sha, commits[index - 1] ?? pr.baseSha, index, commitMessage(state, sha))
      ),
      { maxItems: MAX_COMMITS }
    )
  })

  router.route('GET', `${base}/reviews`, (request) => {
    const pr = findPull(state, request)
    return pr
      ? paginate(
          request,
          pr.reviews.map((review) => reviewJson(pr, review))
        )
      : notFound()
  })

  router.route('POST', `${base}/reviews`, (request) => {
    const pr = findPull(state, request)
    return pr
      ? createReview(state, pr, (request.body ?? {}) as Record<string, unknown>)
      : notFound()
  })

  router.route('GET', `${base}/reviews/:review_id/comments`, (request) => {
    const pr = findPull(state, request)
    if (!pr) return notFound()
    const reviewId = Number(request.params['review_id'])
    const comments = pr.threads
      .flatMap((thread) => thread.comments)
      .filter((comment) => comment.reviewId === reviewId)
      .sort((a, b) => a.id - b.id)
    return paginate(
      request,
      comments.map((comment) => reviewCommentJson(pr, comment))
    )
  })
}
