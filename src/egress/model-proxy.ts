/**
 * The model proxy: an HTTP listener on 127.0.0.1 in the action process that
 * the sidecar's provider `baseURL` points at. The sidecar presents this run's
 * token where its SDK would put the API key; the proxy puts the real key there
 * (credential-swap.ts) and forwards the request, streamed both ways, to the
 * provider's endpoint (model-upstream.ts). The model key thus never enters the
 * sidecar: not its environment, not its config, not its memory.
 *
 * Forwarding uses undici (Node's own HTTP client): a kept connection pool to
 * the one upstream, the runner's HTTPS_PROXY/HTTP_PROXY when one applies
 * (runner-proxy.ts; NO_PROXY honoured), and the runner's CA files
 * (runner-cas.ts) for TLS through an inspecting proxy. The upstream is named by the configuration, so it is
 * not subject to the egress filter: a model server on the runner's own
 * network (or on loopback, in tests) is allowed.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pipeline } from 'node:stream/promises'
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici'
import { swapCredentials } from './credential-swap.js'
import { endToEndHeaders, type HeaderMap } from './hop-headers.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { ModelUpstream } from './model-upstream.js'
import { newRunToken } from './run-token.js'
import { proxyFor, redactedProxy, type RunnerProxies } from './runner-proxy.js'

export interface ModelProxyOptions {
  readonly upstream: ModelUpstream
  /** The runner's proxy settings; default: none (direct). */
  readonly proxies?: RunnerProxies
  /** Trusted roots for TLS to the upstream and to an https:// proxy (runner-cas.ts); default: Node's. */
  readonly ca?: readonly string[] | undefined
  /** Called when forwarding fails (the sidecar gets a 502). */
  readonly onError?: (error: unknown) => void
}

/** The path prefix the sidecar's baseURL ends with; the rest is the upstream path. */
const PREFIX = '/model'

/**
 * No idle or body deadline of our own: a streamed answer may pause for long,
 * and the sidecar (opencode's timeouts, the action's pass deadline) decides
 * when to give up; its disconnect aborts the upstream request.
 */
const TIMEOUTS = { headersTimeout: 0, bodyTimeout: 0 }

function dispatcherFor(
  upstream: URL,
  proxies: RunnerProxies | undefined,
  ca: readonly string[] | undefined
): Dispatcher {
  const protocol = upstream.protocol === 'https:' ? 'https:' : 'http:'
  const port = upstream.port === '' ? (protocol === 'https:' ? 443 : 80) : Number(upstream.port)
  const proxy =
    proxies === undefined
      ? undefined
      : proxyFor({ protocol, hostname: upstream.hostname, port }, proxies)
  const tls = ca === undefined ? {} : { ca: [...ca] }
  return proxy === undefined
    ? new Agent({ ...TIMEOUTS, connect: tls })
    : new ProxyAgent({ uri: proxy.href, ...TIMEOUTS, requestTls: tls, proxyTls: tls })
}

function json(res: ServerResponse, status: number, message: string, headers = {}): void {
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify({ error: { type: 'model_proxy_error', message } }))
}

export class ModelProxy {
  private constructor(
    private readonly server: Server,
    private readonly dispatcher: Dispatcher,
    /** e.g. `http://127.0.0.1:39017` */
    readonly origin: string,
    readonly token: string,
    /** Where the requests go, credentials aside (for logs). */
    readonly upstream: string
  ) {}

  /** The provider `baseURL` the sidecar is given. */
  get baseURL(): string {
    return `${this.origin}${PREFIX}`
  }

  static async start(options: ModelProxyOptions): Promise<ModelProxy> {
    const token = newRunToken()
    const upstream = options.upstream
    const dispatcher = dispatcherFor(upstream.baseURL, options.proxies, options.ca)
    // No idle timeout: the sidecar's fetch reuses pooled sockets without
    // checking them, and a model request sent as Node closes an idle socket
    // fails. Only the sidecar connects here; close() drops every connection.
    const server = createServer({ keepAliveTimeout: 0 }, (req, res) => {
      forward(req, res, token, upstream, dispatcher).catch((error: unknown) => {
        options.onError?.(error)
        const reason = getErrorMessage(error)
        if (!res.headersSent) {
          json(res, 502, `model proxy: ${upstream.baseURL.origin} failed: ${reason}`)
        } else res.destroy()
      })
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
    const { port } = server.address() as AddressInfo
    const via = proxyNote(upstream.baseURL, options.proxies)
    return new ModelProxy(
      server,
      dispatcher,
      `http://127.0.0.1:${port}`,
      token,
      `${upstream.baseURL.href}${via}`
    )
  }

  /** Stops listening, drops open connections and the pool; safe to call twice. */
  async close(): Promise<void> {
    if (this.server.listening) {
      const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
      this.server.closeAllConnections()
      await closed
    }
    await this.dispatcher.destroy().catch(() => undefined)
  }
}

function proxyNote(upstream: URL, proxies: RunnerProxies | undefined): string {
  if (proxies === undefined) return ''
  const protocol = upstream.protocol === 'https:' ? 'https:' : 'http:'
  const port = upstream.port === '' ? (protocol === 'https:' ? 443 : 80) : Number(upstream.port)
  const proxy = proxyFor({ protocol, hostname: upstream.hostname, port }, proxies)
  return proxy === undefined ? '' : ` via ${redactedProxy(proxy)}`
}

async function forward(
  req: IncomingMessage,
  res: ServerResponse,
  token: string,
  upstream: ModelUpstream,
  dispatcher: Dispatcher
): Promise<void> {
  // Authentication first: without the token nothing is read or forwarded.
  const swapped = swapCredentials(req.headers, token, upstream)
  if (!swapped.ok) {
    json(res, 401, 'model proxy: this run token is required', {
      'www-authenticate': 'Bearer realm="model-proxy"'
    })
    return
  }
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  if (url.pathname !== PREFIX && !url.pathname.startsWith(`${PREFIX}/`)) {
    json(res, 404, `model proxy: no route ${url.pathname} (expected ${PREFIX}/...)`)
    return
  }
  const target = new URL(upstream.baseURL.href)
  target.pathname = `${target.pathname.replace(/\/$/, '')}${url.pathname.slice(PREFIX.length)}`
  target.search = url.search
  const method = (req.method ?? 'GET') as Dispatcher.HttpMethod
  const aborted = new AbortController()
  res.once('close', () => {
    if (!res.writableFinished) aborted.abort()
  })
  const answer = await request(target, {
    method,
    headers: swapped.headers,
    body: method === 'GET' || method === 'HEAD' ? null : req,
    dispatcher,
    signal: aborted.signal
  })
  res.writeHead(answer.statusCode, endToEndHeaders(answer.headers as HeaderMap))
  await pipeline(answer.body, res)
}
