/**
 * The model proxy on loopback: the run token in, the real key out, streamed
 * both ways; nothing forwarded without the token; the runner's proxy used
 * when one is set.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { ModelProxy } from '../../src/egress/model-proxy.js'
import { runnerProxies } from '../../src/egress/runner-proxy.js'
import { startRecordingProxy, startService, type LoopbackServer } from './loopback-servers.js'
import { idleSocketAfterDefaultTimeout } from '../support/idle-socket.js'

const KEY = 'sk-ant-api03-the-real-key'

let closers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of closers.reverse()) await close()
  closers = []
})

async function setUp(
  answer?: Parameters<typeof startService>[0],
  env: Record<string, string> = {}
): Promise<{ upstream: LoopbackServer; proxy: ModelProxy }> {
  const upstream = await startService(answer)
  closers.push(() => upstream.close())
  const proxy = await ModelProxy.start({
    upstream: {
      providerId: 'anthropic',
      baseURL: new URL(`${upstream.origin}/v1`),
      apiKey: KEY,
      headers: { 'x-gateway': 'on' }
    },
    proxies: runnerProxies(env)
  })
  closers.push(() => proxy.close())
  return { upstream, proxy }
}

describe('ModelProxy', () => {
  it("keeps the sidecar's pooled socket open past Node's default idle timeout", async () => {
    const { proxy } = await setUp((_req, res) => res.writeHead(200).end('{}'))
    const result = await idleSocketAfterDefaultTimeout(`${proxy.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${proxy.token}` }
    })
    expect(result).toEqual({ closedByServer: false, reused: true })
  }, 20000)

  it('forwards to the upstream path with the real key in the header the SDK used', async () => {
    const { upstream, proxy } = await setUp((_req, res, body) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"echo":${body}}`)
    )
    const answer = await fetch(`${proxy.baseURL}/messages?beta=true`, {
      method: 'POST',
      headers: { 'x-api-key': proxy.token, 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'claude', max_tokens: 5 })
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ echo: { model: 'claude', max_tokens: 5 } })
    const [seen] = upstream.requests
    expect(seen?.method).toBe('POST')
    expect(seen?.url).toBe('/v1/messages?beta=true')
    expect(seen?.headers['x-api-key']).toBe(KEY)
    expect(seen?.headers['anthropic-version']).toBe('2023-06-01')
    expect(seen?.headers['x-gateway']).toBe('on')
    expect(seen?.headers['host']).toBe(`127.0.0.1:${upstream.port}`)
    expect(JSON.stringify(seen?.headers)).not.toContain(proxy.token)
  })

  it('streams the answer: the first event arrives before the upstream has finished', async () => {
    let finish: () => void = () => undefined
    const { proxy } = await setUp((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write('data: first\n\n')
      finish = () => res.end('data: [DONE]\n\n')
    })
    const answer = await fetch(`${proxy.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${proxy.token}` },
      body: '{}'
    })
    const reader = (answer.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toBe('data: first\n\n')
    finish()
    let rest = ''
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value)
    }
    expect(rest).toBe('data: [DONE]\n\n')
  })

  it('answers 401 without the run token and forwards nothing', async () => {
    const { upstream, proxy } = await setUp()
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer not-the-token' },
      { 'x-api-key': KEY },
      { authorization: `Bearer ${proxy.token.slice(1)}` }
    ]
    for (const headers of attempts) {
      const answer = await fetch(`${proxy.baseURL}/messages`, {
        method: 'POST',
        headers,
        body: '{}'
      })
      expect(answer.status).toBe(401)
      expect(await answer.text()).not.toContain(KEY)
    }
    expect(upstream.connections).toBe(0)
  })

  it('serves only below its prefix', async () => {
    const { upstream, proxy } = await setUp()
    const answer = await fetch(`${proxy.origin}/elsewhere`, {
      headers: { authorization: `Bearer ${proxy.token}` }
    })
    expect(answer.status).toBe(404)
    expect(upstream.connections).toBe(0)
  })

  it('answers 502 naming the upstream when it cannot be reached', async () => {
    const { upstream, proxy } = await setUp()
    await upstream.close()
    const answer = await fetch(`${proxy.baseURL}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': proxy.token },
      body: '{}'
    })
    expect(answer.status).toBe(502)
    const body = (await answer.json()) as { error: { message: string } }
    expect(body.error.message).toContain(`model proxy: http://127.0.0.1:${upstream.port} failed`)
    expect(body.error.message).not.toContain(KEY)
  })

  it("goes through the runner's HTTPS_PROXY/HTTP_PROXY with that proxy's credentials", async () => {
    const runnerProxy = await startRecordingProxy()
    closers.push(() => runnerProxy.close())
    const { upstream, proxy } = await setUp(undefined, {
      HTTP_PROXY: `http://corp:pa%3Ass@127.0.0.1:${runnerProxy.port}`
    })
    const answer = await fetch(`${proxy.baseURL}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': proxy.token },
      body: '{}'
    })
    expect(await answer.text()).toBe('service answer')
    expect(runnerProxy.requests).toHaveLength(1)
    const [asked] = runnerProxy.requests
    expect(asked?.headers['proxy-authorization']).toBe(
      `Basic ${Buffer.from('corp:pa:ss').toString('base64')}`
    )
    expect(asked?.url).toContain(`127.0.0.1:${upstream.port}`)
    expect(upstream.requests[0]?.headers['x-api-key']).toBe(KEY)
    expect(proxy.upstream).toBe(`${upstream.origin}/v1 via http://127.0.0.1:${runnerProxy.port}`)
  })

  it('stops forwarding when the sidecar hangs up', async () => {
    let upstreamClosed: () => void = () => undefined
    const closed = new Promise<void>((resolve) => (upstreamClosed = resolve))
    const { proxy } = await setUp((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      res.write('data: thinking\n\n')
      res.once('close', upstreamClosed)
      void req
    })
    const aborted = new AbortController()
    const answer = await fetch(`${proxy.baseURL}/messages`, {
      method: 'POST',
      headers: { 'x-api-key': proxy.token },
      body: '{}',
      signal: aborted.signal
    })
    await (answer.body as ReadableStream<Uint8Array>).getReader().read()
    aborted.abort()
    await closed
  })
})
