/**
 * REST routes of check runs: create one on a commit, list a commit's runs,
 * get one. Validation follows GitHub's: a commit it does not know is a 422,
 * a completed run needs a conclusion, and output.summary / output.text are
 * capped at 65,535 BYTES of UTF-8 (not characters). The token switches on
 * the state answer 403 the way an Actions token without checks: write (or
 * checks: read) is answered.
 */
import type { FakeCheckRun } from './check-run-state.js'
import { paginate } from './pagination.js'
import { pullCommits, timestamp, type FakePullRequest } from './pull-state.js'
import { checkRunJson } from './rest-json.js'
import { json, notFound, type FakeResponse, type Router } from './router.js'
import type { FakeGitHubState } from './state.js'

const DOCS = 'https://docs.github.com/rest/checks/runs'
const MAX_OUTPUT_BYTES = 65_535
const CONCLUSIONS = [
  'action_required',
  'cancelled',
  'failure',
  'neutral',
  'success',
  'skipped',
  'timed_out'
]

const notAccessible = (): FakeResponse =>
  json(403, {
    message: 'Resource not accessible by integration',
    documentation_url: DOCS,
    status: '403'
  })

const invalid = (field: string, message: string): FakeResponse =>
  json(422, {
    message: 'Validation Failed',
    errors: [{ resource: 'CheckRun', code: 'custom', field, message }],
    documentation_url: `${DOCS}#create-a-check-run`,
    status: '422'
  })

const noCommit = (sha: string): FakeResponse =>
  json(422, { message: `No commit found for SHA: ${sha}`, documentation_url: DOCS, status: '422' })

function pullsOf(state: FakeGitHubState, owner: string, repo: string): FakePullRequest[] {
  return [...state.pulls.values()].filter(
    (pr) => `${pr.owner}/${pr.repo}`.toLowerCase() === `${owner}/${repo}`.toLowerCase()
  )
}

/**
 * The commit a ref names: a branch of one of the repository's PRs, or a SHA
 * the fake knows (a PR's base, head or commits, or a commit with check runs).
 * Anything else was never pushed, or was force-pushed away and collected.
 */
function resolveCommit(
  state: FakeGitHubState,
  owner: string,
  repo: string,
  ref: string
): string | undefined {
  for (const pr of pullsOf(state, owner, repo)) {
    if (pr.headRef === ref) return pr.headSha
    if (pr.baseRef === ref) return pr.baseSha
    if (ref === pr.baseSha || ref === pr.headSha || pullCommits(pr).includes(ref)) return ref
  }
  return state.repo(owner, repo).checkRuns.some((run) => run.headSha === ref) ? ref : undefined
}

function unknownRef(ref: string): FakeResponse {
  return /^[0-9a-f]{40}$/i.test(ref) ? noCommit(ref) : notFound()
}

/** `filter=latest` (GitHub's default) keeps the newest run per app and name. */
function latestOnly(runs: readonly FakeCheckRun[]): FakeCheckRun[] {
  const newest = new Map<string, FakeCheckRun>()
  for (const run of runs) {
    const key = `${run.app.id}:${run.name}`
    const kept = newest.get(key)
    if (!kept || run.id > kept.id) newest.set(key, run)
  }
  return [...newest.values()]
}

function render(state: FakeGitHubState, owner: string, repo: string, run: FakeCheckRun) {
  const pulls = pullsOf(state, owner, repo).filter((pr) => pr.headSha === run.headSha)
  return checkRunJson(owner, repo, run, pulls)
}

type Output = { title?: unknown; summary?: unknown; text?: unknown }

/** The run a POST body describes, or GitHub's refusal. */
function createRun(
  state: FakeGitHubState,
  owner: string,
  repo: string,
  body: Record<string, unknown>
): FakeResponse {
  const { name, head_sha: headSha, conclusion } = body
  if (typeof name !== 'string' || name.trim() === '') return invalid('name', "name wasn't supplied")
  if (typeof headSha !== 'string') return invalid('head_sha', "head_sha wasn't supplied")
  if (resolveCommit(state, owner, repo, headSha) !== headSha) return noCommit(headSha)
  if (conclusion !== undefined && !CONCLUSIONS.includes(String(conclusion)))
    return invalid('conclusion', `conclusion is not included in the list`)
  // Giving a conclusion completes the run, whatever status says.
  const status = conclusion !== undefined ? 'completed' : String(body['status'] ?? 'queued')
  if (!['queued', 'in_progress', 'completed'].includes(status))
    return invalid('status', 'status is not included in the list')
  if (status === 'completed' && conclusion === undefined)
    return invalid('conclusion', 'conclusion must be provided when status is completed')
  const output = (body['output'] ?? {}) as Output
  if (body['output'] !== undefined) {
    if (typeof output.title !== 'string' || output.title === '')
      return invalid('title', "title wasn't supplied")
    if (typeof output.summary !== 'string' || output.summary === '')
      return invalid('summary', "summary wasn't supplied")
    for (const field of ['summary', 'text'] as const) {
      const value = output[field]
      if (typeof value === 'string' && Buffer.byteLength(value, 'utf8') > MAX_OUTPUT_BYTES)
        return invalid(field, `${field} exceeds a maximum bytesize of ${MAX_OUTPUT_BYTES}`)
    }
  }
  const started = typeof body['started_at'] === 'string' ? body['started_at'] : timestamp()
  const completed = typeof body['completed_at'] === 'string' ? body['completed_at'] : timestamp()
  const run = state.addCheckRun(owner, repo, {
    name,
    headSha,
    app: state.viewerApp,
    status,
    conclusion: status === 'completed' ? String(conclusion) : null,
    startedAt: started,
    completedAt: status === 'completed' ? completed : null,
    externalId: typeof body['external_id'] === 'string' ? body['external_id'] : null,
    detailsUrl: typeof body['details_url'] === 'string' ? body['details_url'] : null,
    title: typeof output.title === 'string' ? output.title : null,
    summary: typeof output.summary === 'string' ? output.summary : null,
    text: typeof output.text === 'string' ? output.text : null
  })
  return json(201, render(state, owner, repo, run))
}

export function registerCheckRunRoutes(router: Router, state: FakeGitHubState): void {
  const known = (owner: string, repo: string) => state.repos.has(`${owner}/${repo}`.toLowerCase())

  router.route('POST', '/repos/:owner/:repo/check-runs', ({ params, body }) => {
    const { owner = '', repo = '' } = params
    if (!known(owner, repo)) return notFound()
    if (state.checksWriteForbidden) return notAccessible()
    return createRun(state, owner, repo, (body ?? {}) as Record<string, unknown>)
  })

  router.route('GET', '/repos/:owner/:repo/commits/:ref/check-runs', (request) => {
    const { owner = '', repo = '', ref = '' } = request.params
    if (!known(owner, repo)) return notFound()
    if (state.checksReadForbidden) return notAccessible()
    const sha = resolveCommit(state, owner, repo, ref)
    if (sha === undefined) return unknownRef(ref)
    const name = request.query.get('check_name')
    const status = request.query.get('status')
    const onCommit = state
      .repo(owner, repo)
      .checkRuns.filter(
        (run) =>
          run.headSha === sha &&
          (name === null || run.name === name) &&
          (status === null || run.status === status)
      )
    const runs = request.query.get('filter') === 'all' ? onCommit : latestOnly(onCommit)
    return paginate(
      request,
      [...runs].sort((a, b) => b.id - a.id).map((run) => render(state, owner, repo, run)),
      { namespace: 'check_runs' }
    )
  })

  router.route('GET', '/repos/:owner/:repo/check-runs/:check_run_id', ({ params }) => {
    const { owner = '', repo = '' } = params
    if (!known(owner, repo)) return notFound()
    if (state.checksReadForbidden) return notAccessible()
    const run = state
      .repo(owner, repo)
      .checkRuns.find((candidate) => candidate.id === Number(params['check_run_id']))
    return run ? json(200, render(state, owner, repo, run)) : notFound()
  })
}
