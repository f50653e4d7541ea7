/**
 * REST routes of issues: list (PRs included, as GitHub lists them, marked by
 * `pull_request`), create, get one. Plain issues answer 403 "Resource not
 * accessible by integration" when the token's issues permission is short.
 */
import { notAccessibleByIntegration } from './faults.js'
import { issuesAllow, type FakeIssue } from './issue-state.js'
import { paginate } from './pagination.js'
import { SEEDED_AT, type FakePullRequest } from './pull-state.js'
import { pullJson, userJson } from './rest-json.js'
import { json, notFound, type FakeRequest, type Router } from './router.js'
import type { FakeGitHubState } from './state.js'

const WEB = 'https://github.com'

function issueJson(issue: FakeIssue) {
  return {
    id: issue.id,
    node_id: issue.nodeId,
    number: issue.number,
    title: issue.title,
    body: issue.body === '' ? null : issue.body,
    state: issue.state,
    user: userJson(issue.author),
    labels: issue.labels.map((name) => ({ name })),
    comments: issue.issueComments.length,
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    html_url: `${WEB}/${issue.owner}/${issue.repo}/issues/${issue.number}`
  }
}

/** A PR as the issues API shows it. */
function pullIssueJson(pr: FakePullRequest) {
  const { number, node_id, title, body, user, html_url } = pullJson(pr)
  return {
    id: number,
    node_id,
    number,
    title,
    body,
    state: 'open',
    user,
    labels: [],
    comments: pr.issueComments.length,
    created_at: SEEDED_AT,
    updated_at: SEEDED_AT,
    html_url,
    pull_request: { html_url }
  }
}

type IssueJson = ReturnType<typeof issueJson> | ReturnType<typeof pullIssueJson>

/** GitHub's filters: state (open), creator, labels (all of them), since; sorted by creation. */
function listed(request: FakeRequest, items: IssueJson[]): IssueJson[] {
  const q = request.query
  const state = q.get('state') ?? 'open'
  const creator = q.get('creator')?.toLowerCase()
  const labels = (q.get('labels') ?? '').split(',').filter((label) => label !== '')
  const since = q.get('since')
  const kept = items.filter(
    (item) =>
      (state === 'all' || item.state === state) &&
      (creator === undefined || item.user.login.toLowerCase() === creator) &&
      labels.every((label) => item.labels.some((l) => l.name === label)) &&
      (since === null || item.updated_at >= since)
  )
  // Numbers are handed out in creation order; newest first unless direction=asc.
  kept.sort((a, b) => a.number - b.number)
  return q.get('direction') === 'asc' ? kept : kept.reverse()
}

export function registerIssueRoutes(router: Router, state: FakeGitHubState): void {
  const base = '/repos/:owner/:repo/issues'
  const repoOf = (params: Record<string, string>) =>
    [params['owner'] ?? '', params['repo'] ?? ''] as const

  router.route('GET', base, (request) => {
    if (!issuesAllow(state.issues.permission, 'read')) return notAccessibleByIntegration()
    const [owner, repo] = repoOf(request.params)
    const pulls = [...state.pulls.values()].filter(
      (pr) =>
        pr.owner.toLowerCase() === owner.toLowerCase() &&
        pr.repo.toLowerCase() === repo.toLowerCase()
    )
    const items = [...state.issues.inRepo(owner, repo).map(issueJson), ...pulls.map(pullIssueJson)]
    return paginate(request, listed(request, items))
  })

  router.route('POST', base, (request) => {
    if (!issuesAllow(state.issues.permission, 'write')) return notAccessibleByIntegration()
    const [owner, repo] = repoOf(request.params)
    if (!state.repos.has(`${owner}/${repo}`.toLowerCase())) return notFound()
    const body = (request.body ?? {}) as Record<string, unknown>
    if (typeof body['title'] !== 'string' || body['title'].trim() === '')
      return json(422, {
        message: 'Validation Failed',
        errors: [{ resource: 'Issue', field: 'title', code: 'missing_field' }]
      })
    const labels = Array.isArray(body['labels']) ? body['labels'].map(String) : []
    const text = typeof body['body'] === 'string' ? body['body'] : ''
    const issue = state.issues.create(owner, repo, { title: body['title'], body: text, labels })
    return json(201, issueJson(issue))
  })

  router.route('GET', `${base}/:number`, (request) => {
    const [owner, repo] = repoOf(request.params)
    const pr = state.pull(owner, repo, request.params['number'] ?? '')
    if (pr) return json(200, pullIssueJson(pr))
    if (!issuesAllow(state.issues.permission, 'read')) return notAccessibleByIntegration()
    const issue = state.issues.get(owner, repo, request.params['number'] ?? '')
    return issue ? json(200, issueJson(issue)) : notFound()
  })
}
