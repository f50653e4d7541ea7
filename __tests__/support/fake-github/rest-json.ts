/** REST JSON renderings of the fake's state, field names as GitHub's. */
import type {
  FakeActor,
  FakeFile,
  FakeIssueComment,
  FakePullRequest,
  FakeReview,
  FakeReviewComment
} from './pull-state.js'

const WEB = 'https://github.com'

export const userJson = (actor: FakeActor) => ({ login: actor.login, id: 1, type: actor.type })

export function pullJson(pr: FakePullRequest) {
  return {
    number: pr.number,
    node_id: pr.nodeId,
    state: 'open',
    title: pr.title,
    body: pr.body === '' ? null : pr.body,
    draft: pr.draft,
    user: userJson(pr.author),
    head: { sha: pr.headSha, ref: pr.headRef },
    base: { sha: pr.baseSha, ref: pr.baseRef },
    requested_reviewers: pr.requestedReviewers.map((login) => ({ login, id: 1, type: 'User' })),
    requested_teams: pr.requestedTeams.map((slug) => ({ slug, name: slug })),
    html_url: `${WEB}/${pr.owner}/${pr.repo}/pull/${pr.number}`
  }
}

export function fileJson(file: FakeFile) {
  return {
    sha: '0'.repeat(40),
    filename: file.filename,
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    changes: file.additions + file.deletions,
    ...(file.patch === undefined ? {} : { patch: file.patch }),
    ...(file.previousFilename === undefined ? {} : { previous_filename: file.previousFilename })
  }
}

export function reviewJson(pr: FakePullRequest, review: FakeReview) {
  return {
    id: review.id,
    node_id: review.nodeId,
    user: userJson(review.author),
    body: review.body,
    state: review.state,
    author_association: review.authorAssociation,
    submitted_at: review.submittedAt ?? undefined,
    commit_id: review.commitId,
    html_url: `${WEB}/${pr.owner}/${pr.repo}/pull/${pr.number}#pullrequestreview-${review.id}`
  }
}

export function reviewCommentJson(pr: FakePullRequest, comment: FakeReviewComment) {
  return {
    id: comment.id,
    node_id: comment.nodeId,
    pull_request_review_id: comment.reviewId,
    ...(comment.inReplyToId === undefined ? {} : { in_reply_to_id: comment.inReplyToId }),
    user: userJson(comment.author),
    body: comment.body,
    path: comment.path,
    line: comment.line,
    original_line: comment.originalLine,
    side: comment.side,
    subject_type: comment.subjectType,
    commit_id: comment.commitId,
    created_at: comment.createdAt,
    updated_at: comment.createdAt,
    html_url: `${WEB}/${pr.owner}/${pr.repo}/pull/${pr.number}#discussion_r${comment.id}`
  }
}

export function issueCommentJson(pr: FakePullRequest, comment: FakeIssueComment) {
  return {
    id: comment.id,
    node_id: comment.nodeId,
    user: userJson(comment.author),
    body: comment.body,
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    html_url: `${WEB}/${pr.owner}/${pr.repo}/pull/${pr.number}#issuecomment-${comment.id}`
  }
}

/** GitHub's 422 shape: "Validation Failed" plus one error per problem. */
export function validationFailed(field: string, message: string) {
  return {
    message: 'Validation Failed',
    errors: [{ resource: 'PullRequestReviewComment', code: 'custom', field, message }],
    documentation_url:
      'https://docs.github.com/rest/pulls/comments#create-a-review-comment-for-a-pull-request',
    status: '422'
  }
}
