/**
 * Loopback stand-ins for the egress tests: a service that records every
 * connection and request, and a "runner proxy" (what a corporate network
 * puts in HTTPS_PROXY) that records what it is asked and forwards it. Both
 * listen on 127.0.0.1 only; nothing here reaches beyond it.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse
} from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { pipeline } from 'node:stream/promises'

export interface Recorded {
  readonly method: string
  readonly url: string
  readonly headers: IncomingMessage['headers']
  readonly body: string
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export interface LoopbackServer {
  readonly port: number
  readonly origin: string
  readonly requests: Recorded[]
  connections: number
  close(): Promise<void>
}

async function listen(
  server: ReturnType<typeof createServer> | ReturnType<typeof createTlsServer>,
  requests: Recorded[],
  sockets: Set<Socket>
): Promise<LoopbackServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const handle: LoopbackServer = {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    connections: 0,
    async close() {
      for (const socket of sockets) socket.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  }
  server.on('connection', (socket: Socket) => {
    handle.connections += 1
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })
  return handle
}

/** A service; `answer` writes the response (default: 200 "service answer"). */
export async function startService(
  answer: (req: IncomingMessage, res: ServerResponse, body: string) => void = (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/plain' }).end('service answer')
): Promise<LoopbackServer> {
  const requests: Recorded[] = []
  const server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      answer(req, res, body)
    })
  })
  return listen(server, requests, new Set())
}

/** Names this proxy may connect to without a mapping. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/**
 * A forward proxy: CONNECT tunnels and absolute-form HTTP, both recorded
 * (the body is not read for absolute-form requests: it is piped on).
 * `hosts` maps test host names (`model.test`) to loopback ports, so a
 * request for a name outside loopback is served on loopback, never resolved.
 * With `tls` it is an https:// proxy presenting that certificate.
 */
export async function startRecordingProxy(
  hosts: Readonly<Record<string, number>> = {},
  tls?: { readonly cert: string; readonly key: string }
): Promise<LoopbackServer> {
  const requests: Recorded[] = []
  const sockets = new Set<Socket>()
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: '' })
    const url = new URL(req.url ?? '')
    const mapped = hosts[url.hostname]
    if (mapped === undefined && !isLoopback(url.hostname)) {
      res.writeHead(502).end(`test proxy: ${url.hostname} is neither mapped nor loopback`)
      return
    }
    const outgoing = httpRequest({
      host: mapped === undefined ? url.hostname : '127.0.0.1',
      port: mapped ?? url.port,
      path: `${url.pathname}${url.search}`,
      method: req.method,
      headers: req.headers
    })
    outgoing.once('response', (response) => {
      res.writeHead(response.statusCode ?? 502, response.headers)
      void pipeline(response, res).catch(() => undefined)
    })
    outgoing.once('error', () => res.destroy())
    void pipeline(req, outgoing).catch(() => undefined)
  }
  const server = tls === undefined ? createServer(handler) : createTlsServer(tls, handler)
  server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    requests.push({ method: 'CONNECT', url: req.url ?? '', headers: req.headers, body: '' })
    sockets.add(socket)
    const [host, port] = (req.url ?? '').replace(/^\[|\](?=:)/g, '').split(/:(?=\d+$)/)
    const mapped = hosts[host ?? '']
    if (mapped === undefined && !isLoopback(host ?? '')) {
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')
      return
    }
    const target =
      mapped === undefined
        ? { host: host ?? '', port: Number(port) }
        : { host: '127.0.0.1', port: mapped }
    const upstream = connect(target, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      socket.pipe(upstream)
      upstream.pipe(socket)
    })
    sockets.add(upstream)
    upstream.on('error', () => socket.destroy())
    socket.on('error', () => upstream.destroy())
  })
  return listen(server, requests, sockets)
}

/**
 * A plain-HTTP GET sent to a forward proxy (the egress filter) the way the
 * sidecar sends it: the absolute URL as the path and the proxy URL's
 * credentials as Basic proxy authorization.
 */
export function getThroughProxy(
  proxyUrl: string,
  url: string
): Promise<{ status: number; body: string }> {
  const proxy = new URL(proxyUrl)
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`
  const auth = `Basic ${Buffer.from(credentials).toString('base64')}`
  return new Promise((resolve, reject) => {
    const req = httpRequest(proxy.origin, {
      path: url,
      headers: { host: new URL(url).host, 'proxy-authorization': auth },
      agent: false
    })
    req.once('response', (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.once('error', reject)
    req.end()
  })
}
