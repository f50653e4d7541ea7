/**
 * Behind a corporate proxy the GitHub client sends its REST and GraphQL
 * calls through HTTPS_PROXY / HTTP_PROXY, and straight to the API for a
 * NO_PROXY host. The API is at http://api.github.test: a host name that is
 * not loopback (loopback hosts are never proxied), which the test proxy
 * carries to the fake GitHub and, for direct connections, undici's global
 * dispatcher resolves to 127.0.0.1 itself: no DNS, nothing beyond loopback.
 */
import type { LookupFunction } from 'node:net'
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici'
import { createGitHubClient } from '../../src/github/octokit.js'
import { GitHubReviewGateway } from '../../src/github/github-review-gateway.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'
import { startRecordingProxy, type LoopbackServer } from '../egress/loopback-servers.js'

const API_HOST = 'api.github.test'
const PROXY_VARIABLES = [
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
  'ACTIONS_ORCHESTRATION_ID'
]

/** Test host names resolve to loopback; anything else is refused, never looked up. */
const loopbackLookup: LookupFunction = (hostname, options, callback) => {
  const all = typeof options === 'object' && options.all === true
  if (hostname !== API_HOST) {
    callback(Object.assign(new Error(`test lookup refuses ${hostname}`), { code: 'ENOTFOUND' }), '')
  } else if (all) {
    ;(callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
      { address: '127.0.0.1', family: 4 }
    ])
  } else callback(null, '127.0.0.1', 4)
}

let github: FakeGitHub
/** http://api.github.test:<the fake's port>, so a direct connection (NO_PROXY) lands on it too. */
let apiUrl: string
let proxy: LoopbackServer
let savedEnv: Record<string, string | undefined>
let savedDispatcher: Dispatcher
let directAgent: Agent
/** The user-agent header of every request the fake GitHub answered. */
let userAgents: string[]

beforeEach(async () => {
  github = await new FakeGitHub().start()
  const port = Number(new URL(github.url).port)
  apiUrl = `http://${API_HOST}:${port}`
  proxy = await startRecordingProxy({ [API_HOST]: port })
  github.state.addPullRequest('octo-org', 'widgets', 7)
  userAgents = []
  // A fault that never fires: only a way to see each request's headers.
  github.fail(
    (request) => {
      userAgents.push(String(request.headers['user-agent']))
      return false
    },
    { status: 500 },
    Infinity
  )
  savedEnv = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]))
  for (const name of PROXY_VARIABLES) delete process.env[name]
  savedDispatcher = getGlobalDispatcher()
  directAgent = new Agent({ connect: { lookup: loopbackLookup } })
  setGlobalDispatcher(directAgent)
})

afterEach(async () => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  setGlobalDispatcher(savedDispatcher)
  await directAgent.close()
  await proxy.close()
  await github.stop()
})

function gateway(): GitHubReviewGateway {
  const client = createGitHubClient({ token: 'ghs_test', baseUrl: apiUrl, msPerSecond: 1 })
  return new GitHubReviewGateway({
    client,
    pullRequest: { owner: 'octo-org', repo: 'widgets', number: 7 },
    msPerSecond: 1
  })
}

it('sends REST and GraphQL calls through the proxy named in HTTP(S)_PROXY', async () => {
  process.env['HTTPS_PROXY'] = proxy.origin
  process.env['HTTP_PROXY'] = proxy.origin
  const api = gateway()

  const pr = await api.getPullRequest()
  const threads = await api.listReviewThreads()

  expect(pr.number).toBe(7)
  expect(threads).toEqual([])
  expect(proxy.requests.length).toBeGreaterThan(0)
  expect(
    proxy.requests.every((r) => r.method === 'CONNECT' && r.url === new URL(apiUrl).host)
  ).toBe(true)
  expect(github.requests.map((r) => r.route)).toEqual([
    'GET /repos/:owner/:repo/pulls/:number',
    'GET /repos/:owner/:repo/pulls/:number/reviews',
    'POST /graphql'
  ])
})

it('goes straight to a host NO_PROXY covers: the proxy sees nothing', async () => {
  process.env['HTTPS_PROXY'] = proxy.origin
  process.env['HTTP_PROXY'] = proxy.origin
  process.env['NO_PROXY'] = 'localhost,.github.test'

  const pr = await gateway().getPullRequest()

  expect(pr.number).toBe(7)
  expect(proxy.requests).toEqual([])
  expect(github.requests).toHaveLength(2)
})

it("names the action and the runner's orchestration id in the user agent", async () => {
  process.env['ACTIONS_ORCHESTRATION_ID'] = 'run 42/attempt 1'

  await gateway().getPullRequest()

  expect(userAgents.length).toBeGreaterThan(0)
  for (const agent of userAgents) {
    expect(agent).toMatch(
      /^opencode-pr-reviewer actions_orchestration_id\/run_42_attempt_1 octokit-core\.js\//
    )
  }
})
