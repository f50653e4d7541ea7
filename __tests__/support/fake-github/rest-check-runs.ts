/**
 * REST routes of check runs: create one on a commit, update one (PATCH),
 * list a commit's runs, get one, list its annotations. Validation follows
 * GitHub's: a commit it does not know is a 422, a completed run needs a
 * conclusion, output.summary / output.text are capped at 65,535 BYTES of
 * UTF-8 (not characters), and one request carries at most 50 annotations,
 * which are appended to the run's. The token switches on the state answer
 * 403 the way an Actions token without checks: write (or checks: read) is
 * answered.
 */
import type { FakeAnnotation, FakeCheckRun } from './check-run-state.js'
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

type Output = { title?: unknown; summary?: unknown; text?: unknown; annotations?: unknown }

const MAX_ANNOTATIONS = 50
const LEVELS = ['notice', 'warning', 'failure']

/** The annotations of one request, or GitHub's refusal. */
function readAnnotations(value: unknown): FakeAnnotation[] | FakeResponse {
  if (value === undefined) return []
  if (!Array.isArray(value)) return invalid('annotations', 'annotations is not an array')
  if (value.length > MAX_ANNOTATIONS)
    return invalid('annotations', `only ${MAX_ANNOTATIONS} annotations may be sent per request`)
  const read: FakeAnnotation[] = []
  for (const item of value as Record<string, unknown>[]) {
    const { path, start_line: start, end_line: end, annotation_level: level, message } = item
    if (typeof path !== 'string' || path === '') return invalid('path', "path wasn't supplied")
    if (!Number.isInteger(start) || !Number.isInteger(end) || (start as number) < 1)
      return invalid('start_line', 'start_line and end_line must be positive integers')
    if (!LEVELS.includes(String(level)))
      return invalid('annotation_level', 'annotation_level is not included in the list')
    if (typeof message !== 'string' || message === '')
      return invalid('message', "message wasn't supplied")
    if (typeof item['title'] === 'string' && item['title'].length > 255)
      return invalid('title', 'title is too long (maximum is 255 characters)')
    read.push({
      path,
      start_line: start as number,
      end_line: end as number,
      annotation_level: String(level),
      title: typeof item['title'] === 'string' ? item['title'] : null,
      message
    })
  }
  return read
}

/** output's refusal, if any: title and summary required, byte caps, annotations valid. */
function checkOutput(output: Output): FakeResponse | undefined {
  if (typeof output.title !== 'string' || output.title === '')
    return invalid('title', "title wasn't supplied")
  if (typeof output.summary !== 'string' || output.summary === '')
    return invalid('summary', "summary wasn't supplied")
  for (const field of ['summary', 'text'] as const) {
    const value = output[field]
    if (typeof value === 'string' && Buffer.byteLength(value, 'utf8') > MAX_OUTPUT_BYTES)
      return invalid(field, `${field} exceeds a maximum bytesize of ${MAX_OUTPUT_BYTES}`)
  }
  const annotations = readAnnotations(output.annotations)
  return Array.isArray(annotations) ? undefined : annotations
}

/** The status a request leaves, or GitHub's refusal: a conclusion completes the run. */
function statusOf(
  body: Record<string, unknown>,
  current: { readonly status: string; readonly conclusion: string | null }
): string | FakeResponse {
  const { conclusion } = body
  if (conclusion !== undefined && !CONCLUSIONS.includes(String(conclusion)))
    return invalid('conclusion', `conclusion is not included in the list`)
  const status = conclusion !== undefined ? 'completed' : String(body['status'] ?? current.status)
  if (!['queued', 'in_progress', 'completed'].includes(status))
    return invalid('status', 'status is not included in the list')
  // A run completed earlier keeps its conclusion through later updates.
  if (status === 'completed' && conclusion === undefined && current.conclusion === null)
    return invalid('conclusion', 'conclusion must be provided when status is completed')
  return status
}

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
  const status = statusOf(body, { status: 'queued', conclusion: null })
  if (typeof status !== 'string') return status
  const output = (body['output'] ?? {}) as Output
  const refused = body['output'] === undefined ? undefined : checkOutput(output)
  if (refused !== undefined) return refused
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
  run.annotations.push(...(readAnnotations(output.annotations) as FakeAnnotation[]))
  return json(201, render(state, owner, repo, run))
}

/** A PATCH: status, conclusion, details and output change; annotations are appended. */
function updateRun(run: FakeCheckRun, body: Record<string, unknown>): FakeResponse | undefined {
  const status = statusOf(body, run)
  if (typeof status !== 'string') return status
  const output = body['output'] as Output | undefined
  const refused = output === undefined ? undefined : checkOutput(output)
  if (refused !== undefined) return refused
  if (status === 'completed' && run.status !== 'completed') {
    run.completedAt = typeof body['completed_at'] === 'string' ? body['completed_at'] : timestamp()
  }
  run.status = status
  if (body['conclusion'] !== undefined) run.conclusion = String(body['conclusion'])
  if (typeof body['details_url'] === 'string') run.detailsUrl = body['details_url']
  if (output !== undefined) {
    run.output = {
      title: output.title as string,
      summary: output.summary as string,
      // An update without text keeps the run's text.
      text: typeof output.text === 'string' ? output.text : run.output.text
    }
    run.annotations.push(...(readAnnotations(output.annotations) as FakeAnnotation[]))
  }
  return undefined
}

export function registerCheckRunRoutes(router: Router, state: FakeGitHubState): void {
  const known = (owner: string, repo: string) => state.repos.has(`${owner}/${repo}`.toLowerCase())

  router.route('POST', '/repos/:owner/:repo/check-runs', ({ params, body }) => {
    const { owner = '', repo = '' } = params
    if (!known(owner, repo)) return notFound()
    if (state.checksWriteForbidden) return notAccessible()
    return createRun(state, owner, repo, (body ?? {}) as Record<string, unknown>)
  })

  const findRun = (owner: string, repo: string, id: string | undefined) =>
    state.repo(owner, repo).checkRuns.find((candidate) => candidate.id === Number(id))

  router.route('PATCH', '/repos/:owner/:repo/check-runs/:check_run_id', ({ params, body }) => {
    const { owner = '', repo = '' } = params
    if (!known(owner, repo)) return notFound()
    if (state.checksWriteForbidden) return notAccessible()
    const run = findRun(owner, repo, params['check_run_id'])
    if (run === undefined) return notFound()
    const refused = updateRun(run, (body ?? {}) as Record<string, unknown>)
    return refused ?? json(200, render(state, owner, repo, run))
  })

  router.route('GET', '/repos/:owner/:repo/check-runs/:check_run_id/annotations', (request) => {
    const { owner = '', repo = '' } = request.params
    if (!known(owner, repo)) return notFound()
    if (state.checksReadForbidden) return notAccessible()
    const run = findRun(owner, repo, request.params['check_run_id'])
    if (run === undefined) return notFound()
    return paginate(
      request,
      run.annotations.map((annotation) => ({
        ...annotation,
        start_column: null,
        end_column: null,
        raw_details: null,
        blob_href: `https://github.com/${owner}/${repo}/blob/${run.headSha}/${annotation.path}`
      }))
    )
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
