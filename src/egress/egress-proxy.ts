/**
 * The sidecar's egress filter: an HTTP proxy on 127.0.0.1 in the action
 * process, where the sidecar's HTTP_PROXY and HTTPS_PROXY point (opencode's
 * runtime sends every fetch through them, loopback included). Each request
 * names its host; the decision (target-decision.ts) refuses a name outside
 * the run's scope unresolved (egress-scope.ts), resolves the rest here and
 * refuses them unless every address is public unicast (address-policy.ts),
 * and the connection then goes to the checked address, straight or through
 * the runner's own proxy.
 *
 * - plain HTTP arrives in absolute form (`GET http://host/path`), HTTPS as
 *   `CONNECT host:443`: the TLS session stays end to end, nothing is opened;
 * - `Proxy-Authorization: Basic` with this run's token: no other local
 *   process may use the runner's network or its proxy credentials through us;
 * - refusals answer 403 with the reason, which opencode hands to the model as
 *   the tool's error.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import type { TargetDecision } from './address-policy.js'
import { forwardHttp } from './http-forward.js'
import { basicPassword, newRunToken, sameSecret } from './run-token.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import { proxyFor, type RunnerProxies } from './runner-proxy.js'
import { openTunnel } from './tunnel.js'

export interface EgressEvent {
  readonly method: string
  readonly host: string
  readonly port: number
  readonly allowed: boolean
  readonly reason?: string
}

export interface EgressProxyOptions {
  /** The filter: decideHost with the run's scope and resolver (target-decision.ts). */
  readonly decide: (host: string) => Promise<TargetDecision>
  /** The runner's proxy to chain to (runner-proxy.ts); default none. */
  readonly proxies?: RunnerProxies
  /** Trusted roots for TLS to an https:// runner proxy (runner-cas.ts); default: Node's. */
  readonly ca?: readonly string[] | undefined
  readonly onEvent?: (event: EgressEvent) => void
  readonly onError?: (error: unknown) => void
}

/** The user name Bun sends with the token; any name is accepted. */
const PROXY_USER = 'sidecar'
const NO_PROXIES: RunnerProxies = { noProxy: [] }

export class EgressProxy {
  private readonly tunnels = new Set<Duplex>()
  private constructor(
    private readonly server: Server,
    /** e.g. `http://127.0.0.1:39017` */
    readonly origin: string,
    readonly token: string
  ) {}

  /** What HTTP_PROXY/HTTPS_PROXY of the sidecar hold: the origin with the token. */
  get proxyUrl(): string {
    return this.origin.replace('://', `://${PROXY_USER}:${this.token}@`)
  }

  static async start(options: EgressProxyOptions): Promise<EgressProxy> {
    const token = newRunToken()
    const context = {
      token,
      decide: options.decide,
      proxies: options.proxies ?? NO_PROXIES,
      options
    }
    // No idle timeout, as for the model proxy: the sidecar's fetch reuses
    // pooled sockets without checking them; close() drops every connection.
    const server = createServer({ keepAliveTimeout: 0 })
    const proxy = await new Promise<EgressProxy>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject)
        const { port } = server.address() as AddressInfo
        resolve(new EgressProxy(server, `http://127.0.0.1:${port}`, token))
      })
    })
    const fail = (error: unknown) => options.onError?.(error)
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      onRequest(req, res, context).catch((error: unknown) => {
        fail(error)
        if (!res.headersSent) plain(res, 502, `egress: ${getErrorMessage(error)}`)
        else res.destroy()
      })
    })
    server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      proxy.tunnels.add(socket)
      socket.once('close', () => proxy.tunnels.delete(socket))
      socket.on('error', () => socket.destroy())
      onConnect(req, socket, head, context, proxy.tunnels).catch((error: unknown) => {
        fail(error)
        raw(socket, 502, `egress: ${getErrorMessage(error)}`)
      })
    })
    return proxy
  }

  /** Stops listening and drops every connection and tunnel; safe to call twice. */
  async close(): Promise<void> {
    for (const socket of this.tunnels) socket.destroy()
    if (!this.server.listening) return
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    this.server.closeAllConnections()
    await closed
  }
}

interface Context {
  readonly token: string
  readonly decide: (host: string) => Promise<TargetDecision>
  readonly proxies: RunnerProxies
  readonly options: EgressProxyOptions
}

function plain(res: ServerResponse, status: number, text: string, headers = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(text)
}

function raw(socket: Duplex, status: number, text: string, extra = ''): void {
  const reason = { 400: 'Bad Request', 403: 'Forbidden', 407: 'Proxy Authentication Required' }
  const phrase = reason[status as keyof typeof reason] ?? 'Bad Gateway'
  socket.end(
    `HTTP/1.1 ${status} ${phrase}\r\ncontent-type: text/plain; charset=utf-8\r\n${extra}connection: close\r\n\r\n${text}`
  )
}

const AUTHENTICATE = 'Basic realm="sidecar-egress"'

function authorized(req: IncomingMessage, token: string): boolean {
  return sameSecret(basicPassword(req.headers['proxy-authorization']), token)
}

async function onRequest(req: IncomingMessage, res: ServerResponse, context: Context) {
  if (!authorized(req, context.token)) {
    plain(res, 407, 'proxy authentication required', { 'proxy-authenticate': AUTHENTICATE })
    return
  }
  const target = req.url ?? ''
  let url: URL | undefined
  try {
    url = target.startsWith('http://') ? new URL(target) : undefined
  } catch {
    url = undefined
  }
  if (url === undefined) {
    plain(res, 400, `egress: expected a proxy request for http://host/path, got ${target}`)
    return
  }
  const port = url.port === '' ? 80 : Number(url.port)
  const decision = await context.decide(url.hostname)
  report(context, req.method ?? 'GET', url.hostname, port, decision)
  if (!decision.allowed) {
    plain(res, 403, `egress refused: ${decision.reason}`)
    return
  }
  const proxy = proxyFor({ protocol: 'http:', hostname: url.hostname, port }, context.proxies)
  await forwardHttp(req, res, url, { address: decision.address, port }, proxy, context.options.ca)
}

async function onConnect(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  context: Context,
  tunnels: Set<Duplex>
) {
  if (!authorized(req, context.token)) {
    raw(socket, 407, 'proxy authentication required', `proxy-authenticate: ${AUTHENTICATE}\r\n`)
    return
  }
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(req.url ?? '')
  const port = Number(match?.[2])
  if (match?.[1] === undefined || port < 1 || port > 65535) {
    raw(socket, 400, `egress: expected CONNECT host:port, got ${req.url ?? ''}`)
    return
  }
  const host = match[1]
  const decision = await context.decide(host)
  report(context, 'CONNECT', host, port, decision)
  if (!decision.allowed) {
    raw(socket, 403, `egress refused: ${decision.reason}`)
    return
  }
  const proxy = proxyFor({ protocol: 'https:', hostname: host, port }, context.proxies)
  const upstream = await openTunnel({ address: decision.address, port }, proxy, context.options.ca)
  tunnels.add(upstream)
  upstream.once('close', () => {
    tunnels.delete(upstream)
    socket.destroy()
  })
  upstream.on('error', () => upstream.destroy())
  socket.once('close', () => upstream.destroy())
  socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
  if (head.length > 0) upstream.write(head)
  socket.pipe(upstream)
  upstream.pipe(socket)
}

function report(
  context: Context,
  method: string,
  host: string,
  port: number,
  decision: TargetDecision
): void {
  context.options.onEvent?.({
    method,
    host,
    port,
    allowed: decision.allowed,
    ...(decision.allowed ? {} : { reason: decision.reason })
  })
}
