/**
 * The egress filter as a proxy, on loopback only. With the real decision,
 * loopback targets are refused before any connection. The forwarding itself
 * (HTTP, CONNECT, chaining to the runner's proxy) is shown with a decision
 * that maps a test name to the loopback service, so no traffic ever leaves
 * 127.0.0.1.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { request, type IncomingHttpHeaders } from 'node:http'
import type { Socket } from 'node:net'
import type { TargetDecision } from '../../src/egress/address-policy.js'
import { EgressProxy, type EgressEvent } from '../../src/egress/egress-proxy.js'
import { PUBLIC_WEB } from '../../src/egress/egress-scope.js'
import { runnerProxies, type RunnerProxies } from '../../src/egress/runner-proxy.js'
import { decideHost, systemResolver } from '../../src/egress/target-decision.js'
import { startRecordingProxy, startService, type LoopbackServer } from './loopback-servers.js'
import { idleSocketAfterDefaultTimeout } from '../support/idle-socket.js'

let closers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of closers.reverse()) await close()
  closers = []
})

async function service(): Promise<LoopbackServer> {
  const started = await startService((req, res) =>
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`answer to ${req.url}`)
  )
  closers.push(() => started.close())
  return started
}

async function egress(
  options: { decide?: (host: string) => Promise<TargetDecision>; proxies?: RunnerProxies } = {}
): Promise<{ proxy: EgressProxy; events: EgressEvent[] }> {
  const events: EgressEvent[] = []
  const proxy = await EgressProxy.start({
    decide: (host) => decideHost(host, PUBLIC_WEB, systemResolver),
    ...options,
    onEvent: (event) => events.push(event)
  })
  closers.push(() => proxy.close())
  return { proxy, events }
}

/** A test name for the loopback service; everything else refused. */
const testNames = async (host: string): Promise<TargetDecision> =>
  host === 'allowed.test'
    ? { allowed: true, address: '127.0.0.1' }
    : { allowed: false, reason: `${host} is not a test name` }

const auth = (token: string) => `Basic ${Buffer.from(`sidecar:${token}`).toString('base64')}`

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** A proxy request in absolute form, as Bun sends it for http:// URLs. */
function viaProxy(proxy: EgressProxy, url: string, token = proxy.token): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${proxy.origin}`, {
      path: url,
      headers: {
        host: URL.canParse(url) ? new URL(url).host : 'x',
        'proxy-authorization': auth(token)
      }
    })
    req.once('response', (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.once('error', reject)
    req.end()
  })
}

/** CONNECT host:port, as Bun sends it for https:// URLs; the socket on success. */
function connectVia(
  proxy: EgressProxy,
  target: string,
  token = proxy.token
): Promise<{ status: number; body: string; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const req = request(proxy.origin, {
      method: 'CONNECT',
      path: target,
      headers: { host: target, 'proxy-authorization': auth(token) }
    })
    req.once('connect', (res, socket, head) => {
      let body = head.toString()
      if (res.statusCode === 200) return resolve({ status: 200, body, socket })
      socket.on('data', (chunk: Buffer) => (body += chunk.toString()))
      socket.once('end', () => resolve({ status: res.statusCode ?? 0, body, socket }))
    })
    req.once('error', reject)
    req.end()
  })
}

/** One plain HTTP exchange over an open tunnel. */
function exchange(socket: Socket, path: string): Promise<string> {
  return new Promise((resolve) => {
    let text = ''
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
    socket.once('end', () => resolve(text))
    socket.write(`GET ${path} HTTP/1.1\r\nHost: allowed.test\r\nConnection: close\r\n\r\n`)
  })
}

describe('EgressProxy with the real decision', () => {
  it('refuses loopback targets, by address and by name, before any connection', async () => {
    const target = await service()
    const { proxy, events } = await egress()
    for (const url of [
      `http://127.0.0.1:${target.port}/latest/meta-data/`,
      `http://localhost:${target.port}/`,
      `http://[::1]:${target.port}/`
    ]) {
      const answer = await viaProxy(proxy, url)
      expect(answer.status).toBe(403)
      expect(answer.body).toMatch(/^egress refused: .*loopback address$/)
    }
    const tunnel = await connectVia(proxy, `127.0.0.1:${target.port}`)
    expect(tunnel.status).toBe(403)
    expect(tunnel.body).toBe('egress refused: 127.0.0.1 is a loopback address')
    expect(target.connections).toBe(0)
    expect(events.map((event) => [event.method, event.host, event.allowed])).toEqual([
      ['GET', '127.0.0.1', false],
      ['GET', 'localhost', false],
      ['GET', '[::1]', false],
      ['CONNECT', '127.0.0.1', false]
    ])
  })

  it('asks for its token: 407 without it, for requests and tunnels alike', async () => {
    const target = await service()
    const { proxy, events } = await egress({ decide: testNames })
    const answer = await viaProxy(proxy, `http://allowed.test:${target.port}/`, 'wrong')
    expect(answer.status).toBe(407)
    expect(answer.headers['proxy-authenticate']).toBe('Basic realm="sidecar-egress"')
    expect((await connectVia(proxy, `allowed.test:${target.port}`, 'wrong')).status).toBe(407)
    expect(target.connections).toBe(0)
    expect(events).toEqual([])
  })

  it('refuses requests that are not proxy requests', async () => {
    const { proxy } = await egress({ decide: testNames })
    const answer = await viaProxy(proxy, '/just/a/path')
    expect(answer.status).toBe(400)
    expect(answer.body).toBe(
      'egress: expected a proxy request for http://host/path, got /just/a/path'
    )
  })
})

describe('EgressProxy forwarding what the decision allows', () => {
  it('forwards plain HTTP to the checked address with the original Host, without its token', async () => {
    const target = await service()
    const { proxy } = await egress({ decide: testNames })
    const answer = await viaProxy(proxy, `http://allowed.test:${target.port}/docs?q=1`)
    expect(answer).toMatchObject({ status: 200, body: 'answer to /docs?q=1' })
    const [seen] = target.requests
    expect(seen?.headers['host']).toBe(`allowed.test:${target.port}`)
    expect(seen?.headers['proxy-authorization']).toBeUndefined()
    const refused = await viaProxy(proxy, `http://other.test:${target.port}/`)
    expect(refused).toMatchObject({
      status: 403,
      body: 'egress refused: other.test is not a test name'
    })
    expect(target.requests).toHaveLength(1)
  })

  it("keeps the sidecar's pooled socket open past Node's default idle timeout", async () => {
    const target = await service()
    const { proxy } = await egress({ decide: testNames })
    const url = `http://allowed.test:${target.port}/docs`
    const result = await idleSocketAfterDefaultTimeout(proxy.origin, {
      path: url,
      headers: { host: new URL(url).host, 'proxy-authorization': auth(proxy.token) }
    })
    expect(result).toEqual({ closedByServer: false, reused: true })
  }, 20000)

  it('tunnels CONNECT to the checked address', async () => {
    const target = await service()
    const { proxy } = await egress({ decide: testNames })
    const tunnel = await connectVia(proxy, `allowed.test:${target.port}`)
    expect(tunnel.status).toBe(200)
    expect(await exchange(tunnel.socket, '/over-tls-in-real-life')).toContain(
      'answer to /over-tls-in-real-life'
    )
  })

  it("chains to the runner's proxy with the checked address and that proxy's credentials", async () => {
    const target = await service()
    const runnerProxy = await startRecordingProxy()
    closers.push(() => runnerProxy.close())
    const proxyUrl = `http://corp:secret@127.0.0.1:${runnerProxy.port}`
    const { proxy } = await egress({
      decide: testNames,
      proxies: runnerProxies({ HTTPS_PROXY: proxyUrl, HTTP_PROXY: proxyUrl })
    })
    const tunnel = await connectVia(proxy, `allowed.test:${target.port}`)
    expect(await exchange(tunnel.socket, '/tunnelled')).toContain('answer to /tunnelled')
    const plain = await viaProxy(proxy, `http://allowed.test:${target.port}/plain`)
    expect(plain.body).toBe('answer to /plain')
    const corp = `Basic ${Buffer.from('corp:secret').toString('base64')}`
    expect(runnerProxy.requests.map((seen) => [seen.method, seen.url])).toEqual([
      ['CONNECT', `127.0.0.1:${target.port}`],
      ['GET', `http://127.0.0.1:${target.port}/plain`]
    ])
    for (const seen of runnerProxy.requests) {
      expect(seen.headers['proxy-authorization']).toBe(corp)
    }
    expect(target.requests.at(-1)?.headers['host']).toBe(`allowed.test:${target.port}`)
  })
})
