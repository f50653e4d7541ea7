/**
 * A fake GitHub HTTP API on 127.0.0.1:0 with state in memory, a request log
 * and per-route fault injection. Tests point GITHUB_API_URL at `url`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { registerGraphQLRoute } from './graphql.js'
import { registerCheckRunRoutes } from './rest-check-runs.js'
import { registerCompareRoutes } from './rest-compare.js'
import { registerContentRoutes } from './rest-contents.js'
import { registerIssueCommentRoutes } from './rest-issue-comments.js'
import { registerIssueRoutes } from './rest-issues.js'
import { registerPullRoutes } from './rest-pulls.js'
import { registerReactionRoutes } from './rest-reactions.js'
import { registerReviewCommentRoutes } from './rest-review-comments.js'
import { registerUserRoutes } from './rest-users.js'
import { json, Router, type FakeRequest, type FakeResponse } from './router.js'
import { FakeGitHubState } from './state.js'

export interface LoggedRequest {
  readonly method: string
  readonly path: string
  /** Route template that answered, e.g. "GET /users/:login"; undefined = no route. */
  readonly route: string | undefined
  readonly body: unknown
  readonly status: number
}

export interface Fault {
  /** Route template ("GET /users/:login") or a predicate over the request. */
  readonly route: string | ((request: FakeRequest) => boolean)
  readonly response: FakeResponse
  /** How many matching requests fail; Infinity = all of them. */
  times: number
  /**
   * When true the request is carried out first and only its answer is
   * replaced: a 5xx for a comment GitHub stored anyway.
   */
  readonly afterHandling: boolean
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/**
 * GitHub Enterprise Server's URL shapes: REST under `/api/v3`, GraphQL at
 * `/api/graphql`. In that mode a request to github.com's paths (`/repos/...`,
 * `/graphql`) is answered 404, so a client that builds its URLs wrongly fails.
 */
function enterpriseRoute(pathname: string): string | undefined {
  if (pathname === '/api/graphql') return '/graphql'
  return pathname.startsWith('/api/v3/') ? pathname.slice('/api/v3'.length) : undefined
}

export interface FakeGitHubOptions {
  /** Serve GitHub Enterprise Server's URL shapes; `url` then ends in `/api/v3`. */
  readonly enterprise?: boolean
}

export class FakeGitHub {
  readonly state = new FakeGitHubState()
  readonly requests: LoggedRequest[] = []
  readonly router = new Router()
  private readonly faults: Fault[] = []
  private server: Server | undefined
  private baseUrl = ''

  constructor(private readonly options: FakeGitHubOptions = {}) {
    registerUserRoutes(this.router, this.state)
    registerCompareRoutes(this.router, this.state)
    registerPullRoutes(this.router, this.state)
    registerReviewCommentRoutes(this.router, this.state)
    registerIssueCommentRoutes(this.router, this.state)
    registerIssueRoutes(this.router, this.state)
    registerContentRoutes(this.router, this.state)
    registerCheckRunRoutes(this.router, this.state)
    registerReactionRoutes(this.router, this.state)
    registerGraphQLRoute(this.router, this.state)
  }

  /** GITHUB_API_URL for this server. */
  get url(): string {
    return this.options.enterprise === true ? `${this.baseUrl}/api/v3` : this.baseUrl
  }

  /**
   * Makes the next `times` matching requests answer `response` instead (see
   * faults.ts for GitHub-shaped answers); with `afterHandling` the request
   * still takes effect.
   */
  fail(
    route: Fault['route'],
    response: FakeResponse,
    times = 1,
    options: { afterHandling?: boolean } = {}
  ): void {
    this.faults.push({ route, response, times, afterHandling: options.afterHandling ?? false })
  }

  /** GraphQL requests answered so far. */
  graphqlRequests(): LoggedRequest[] {
    return this.requestsTo('POST /graphql')
  }

  /** Requests answered by one route template. */
  requestsTo(route: string): LoggedRequest[] {
    return this.requests.filter((request) => request.route === route)
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body, headers }) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
        res.end(body === undefined ? '' : JSON.stringify(body))
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    const { port } = this.server.address() as AddressInfo
    this.baseUrl = `http://127.0.0.1:${port}`
    return this
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  private async handle(req: IncomingMessage): Promise<FakeResponse> {
    const url = new URL(req.url ?? '/', 'http://fake')
    const method = req.method ?? 'GET'
    const body = await readBody(req)
    const routed = this.options.enterprise === true ? enterpriseRoute(url.pathname) : url.pathname
    const matched = routed === undefined ? undefined : this.router.match(method, routed)
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      params: matched?.params ?? {},
      headers: req.headers,
      body
    }
    const fault = this.faults.find(
      (f) =>
        f.times > 0 && (typeof f.route === 'string' ? f.route === matched?.key : f.route(request))
    )
    if (fault) fault.times -= 1
    let response: FakeResponse
    if (fault && !fault.afterHandling) {
      response = fault.response
    } else if (!matched) {
      response = json(404, { message: `fake GitHub has no route for ${method} ${url.pathname}` })
    } else {
      try {
        response = await matched.handler(request)
      } catch (error) {
        response = json(500, { message: `fake GitHub handler failed: ${String(error)}` })
      }
      if (fault) response = fault.response
    }
    this.requests.push({
      method,
      path: url.pathname,
      route: matched?.key,
      body,
      status: response.status
    })
    return response
  }
}
