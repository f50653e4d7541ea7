/** A tiny method + path-pattern router for the fake GitHub server. */

export interface FakeRequest {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly params: Record<string, string>
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: unknown
}

export interface FakeResponse {
  readonly status: number
  readonly body?: unknown
  readonly headers?: Record<string, string>
}

export type Handler = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>

interface Route {
  readonly method: string
  readonly pattern: RegExp
  readonly names: string[]
  readonly key: string
  readonly handler: Handler
}

export class Router {
  private readonly routes: Route[] = []

  /**
   * `route('GET', '/repos/:owner/:repo/pulls/:number', handler)`; a `*name`
   * segment takes the rest of the path, slashes included (contents paths).
   */
  route(method: string, template: string, handler: Handler): void {
    const names: string[] = []
    const source = template.replace(/([:*])([A-Za-z_]+)/g, (_match, kind: string, name: string) => {
      names.push(name)
      return kind === '*' ? '(.+)' : '([^/]+)'
    })
    this.routes.push({
      method,
      pattern: new RegExp(`^${source}$`),
      names,
      key: `${method} ${template}`,
      handler
    })
  }

  match(
    method: string,
    path: string
  ): { key: string; handler: Handler; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      if (route.method !== method) continue
      const found = route.pattern.exec(path)
      if (!found) continue
      const params: Record<string, string> = {}
      route.names.forEach((name, index) => {
        params[name] = decodeURIComponent(found[index + 1] ?? '')
      })
      return { key: route.key, handler: route.handler, params }
    }
    return undefined
  }
}

export const json = (
  status: number,
  body: unknown,
  headers?: Record<string, string>
): FakeResponse => (headers === undefined ? { status, body } : { status, body, headers })

export const notFound = (): FakeResponse =>
  json(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' })
