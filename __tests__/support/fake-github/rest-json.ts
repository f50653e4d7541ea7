/** REST JSON renderings of the fake's state, field names as GitHub's. */
import type { FakeCheckRun } from './check-run-state.js'
import type {
  FakeActor,
  FakeFile,
  FakeIssueComment,
  FakePullRequest,
  FakeReview,
  FakeReviewComment
} from './pull-state.js'
import { SEEDED_AT } from './pull-state.js'

const WEB = 'https://github.com'
const API = 'https://api.github.com'

export const userJson = (actor: FakeActor) => ({ login: actor.login, id: 1, type: actor.type })

/** The repository summary a PR's head and base carry. */
function repoJson(fullName: string) {
  const [owner = '', name = ''] = fullName.split('/')
  return {
    name,
    full_name: fullName,
    owner: { login: owner, id: 1, type: 'User' },
    html_url: `${WEB}/${fullName}`,
    url: `${API}/repos/${fullName}`
  }
}

export function pullJson(pr: FakePullRequest) {
  return {
    number: pr.number,
    node_id: pr.nodeId,
    state: 'open',
    title: pr.title,
    body: pr.body === '' ? null : pr.body,
    draft: pr.draft,
    user: userJson(pr.author),
    head: {
      sha: pr.headSha,
      ref: pr.headRef,
      repo: pr.headRepo === null ? null : repoJson(pr.headRepo ?? `${pr.owner}/${pr.repo}`)
    },
    base: { sha: pr.baseSha, ref: pr.baseRef, repo: repoJson(`${pr.owner}/${pr.repo}`) },
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

/** A conversation comment on a PR, or on a plain issue (`page` "issues"). */
export function issueCommentJson(
  pr: Pick<FakePullRequest, 'owner' | 'repo' | 'number'>,
  comment: FakeIssueComment,
  page: 'pull' | 'issues' = 'pull'
) {
  return {
    id: comment.id,
    node_id: comment.nodeId,
    user: userJson(comment.author),
    body: comment.body,
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    html_url: `${WEB}/${pr.owner}/${pr.repo}/${page}/${pr.number}#issuecomment-${comment.id}`
  }
}

/** One entry of a PR's commit list; `parent` is the commit before it (the base for the first). */
export function commitJson(
  pr: FakePullRequest,
  sha: string,
  parent: string,
  index: number,
  message = `Commit ${index + 1}`
) {
  const repoApi = `${API}/repos/${pr.owner}/${pr.repo}`
  const person = { name: pr.author.login, email: `${pr.author.login}@example.com`, date: SEEDED_AT }
  return {
    url: `${repoApi}/commits/${sha}`,
    sha,
    node_id: `C_${sha.slice(0, 12)}`,
    html_url: `${WEB}/${pr.owner}/${pr.repo}/commit/${sha}`,
    comments_url: `${repoApi}/commits/${sha}/comments`,
    commit: {
      url: `${repoApi}/git/commits/${sha}`,
      author: person,
      committer: person,
      message,
      tree: { url: `${repoApi}/git/trees/${'0'.repeat(40)}`, sha: '0'.repeat(40) },
      comment_count: 0,
      verification: {
        verified: false,
        reason: 'unsigned',
        signature: null,
        payload: null,
        verified_at: null
      }
    },
    author: userJson(pr.author),
    committer: userJson(pr.author),
    parents: [
      {
        url: `${repoApi}/commits/${parent}`,
        sha: parent,
        html_url: `${WEB}/${pr.owner}/${pr.repo}/commit/${parent}`
      }
    ]
  }
}

/** A check run; `pulls` are the open PRs whose head is the run's commit, as GitHub lists them. */
export function checkRunJson(
  owner: string,
  repo: string,
  run: FakeCheckRun,
  pulls: readonly FakePullRequest[]
) {
  const repoApi = `${API}/repos/${owner}/${repo}`
  const app = run.app
  return {
    id: run.id,
    name: run.name,
    node_id: run.nodeId,
    head_sha: run.headSha,
    external_id: run.externalId,
    url: `${repoApi}/check-runs/${run.id}`,
    html_url: `${WEB}/${owner}/${repo}/runs/${run.id}`,
    details_url: run.detailsUrl ?? `${WEB}/apps/${app.slug}`,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.startedAt,
    completed_at: run.completedAt,
    output: {
      title: run.output.title,
      summary: run.output.summary,
      text: run.output.text,
      annotations_count: run.annotations.length,
      annotations_url: `${repoApi}/check-runs/${run.id}/annotations`
    },
    check_suite: null,
    app: {
      id: app.id,
      slug: app.slug,
      node_id: `A_${app.id}`,
      owner: { login: app.owner, id: 1, type: 'Organization' },
      name: app.name,
      description: '',
      external_url: `${WEB}/apps/${app.slug}`,
      html_url: `${WEB}/apps/${app.slug}`,
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
      permissions: { checks: 'write', metadata: 'read' },
      events: []
    },
    pull_requests: pulls.map((pr) => ({
      id: pr.number,
      number: pr.number,
      url: `${repoApi}/pulls/${pr.number}`,
      head: { ref: pr.headRef, sha: pr.headSha, repo: { id: 1, url: repoApi, name: repo } },
      base: { ref: pr.baseRef, sha: pr.baseSha, repo: { id: 1, url: repoApi, name: repo } }
    }))
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
