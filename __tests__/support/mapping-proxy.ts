/**
 * A forward proxy for tests that stands in for a corporate HTTPS_PROXY: it
 * records every CONNECT tunnel and absolute-form request it is asked for and
 * carries it to a loopback port the test names for the host ("api.github.test:80"
 * -> the fake GitHub's port). A host the test did not name is refused with
 * 502 without any connection, so no test reaches beyond 127.0.0.1 and no
 * test host name is ever looked up in DNS.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { pipeline } from 'node:stream/promises'

export interface ProxiedRequest {
  /** CONNECT, or the method of an absolute-form request. */
  readonly method: string
  /** host:port of a tunnel, the absolute URL otherwise. */
  readonly target: string
}

export interface MappingProxy {
  /** http://127.0.0.1:port, for HTTPS_PROXY / HTTP_PROXY. */
  readonly url: string
  readonly requests: ProxiedRequest[]
  close(): Promise<void>
}

/** `routes`: "host:port" as the client asks for it -> loopback port to carry it to. */
export async function startMappingProxy(routes: Record<string, number>): Promise<MappingProxy> {
  const requests: ProxiedRequest[] = []
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '')
    requests.push({ method: req.method ?? '', target: url.href })
    const port = routes[`${url.hostname}:${url.port || '80'}`]
    if (port === undefined) {
      res.writeHead(502).end(`test proxy: no route for ${url.host}`)
      return
    }
    const outgoing = httpRequest({
      host: '127.0.0.1',
      port,
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
  })
  server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const target = req.url ?? ''
    requests.push({ method: 'CONNECT', target })
    sockets.add(socket)
    socket.on('error', () => socket.destroy())
    const port = routes[target]
    if (port === undefined) {
      socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n')
      return
    }
    const upstream = connect({ host: '127.0.0.1', port }, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length > 0) upstream.write(head)
      socket.pipe(upstream)
      upstream.pipe(socket)
    })
    sockets.add(upstream)
    upstream.on('error', () => socket.destroy())
    socket.on('close', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const socket of sockets) socket.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  }
}
