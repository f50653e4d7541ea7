/**
 * Reading and shaping the fake GitHub's traffic in an e2e run: which
 * requests changed GitHub, and routes made slow so calls that arrive
 * together overlap in flight.
 */
import type { FakeGitHub } from '../support/fake-github/fake-github-server.js'

/**
 * Every request that changed GitHub: REST calls other than GET, and GraphQL
 * mutations (a GraphQL query is a POST too, but only reads).
 */
export function githubWrites(github: FakeGitHub): string[] {
  return github.requests
    .filter((request) => {
      if (request.method === 'GET') return false
      if (request.route !== 'POST /graphql') return true
      const query = (request.body as { query?: unknown } | undefined)?.query
      return typeof query !== 'string' || /(^|\n)\s*mutation\b/.test(query)
    })
    .map((request) => `${request.method} ${request.path}`)
}

/**
 * Makes every request to `route` (a template, e.g. "POST /graphql") wait
 * `ms` before it is handled, so calls that arrive together overlap in
 * flight, as they do against the real API.
 */
export function slowRoute(github: FakeGitHub, route: string, ms: number): void {
  const match = github.router.match.bind(github.router)
  github.router.match = (method, path) => {
    const found = match(method, path)
    if (found === undefined || found.key !== route) return found
    return {
      ...found,
      handler: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, ms))
        return found.handler(request)
      }
    }
  }
}
