/**
 * The action's own outbound traffic on a corporate network. The model proxy's
 * upstream request goes through the runner's HTTP(S)_PROXY (a recording proxy
 * that maps `model.test` to loopback, so no name is ever resolved and no
 * packet leaves loopback), skips it for NO_PROXY hosts, and verifies TLS with
 * the runner's CA files; the egress filter verifies an https:// runner proxy
 * with the same files.
 */
import { afterEach, beforeAll, afterAll, describe, expect, it } from '@jest/globals'
import { EgressProxy } from '../../src/egress/egress-proxy.js'
import { runnerCertificates } from '../../src/egress/runner-cas.js'
import { runnerProxies } from '../../src/egress/runner-proxy.js'
import { startSidecarNetwork, type SidecarNetwork } from '../../src/egress/sidecar-network.js'
import { getThroughProxy, startRecordingProxy, startService } from './loopback-servers.js'
import { makeTestCertificate, startHttpsService, type TestCertificate } from './test-certificate.js'

const KEY = 'sk-corp-model-key-0001'

let closers: Array<() => Promise<void>> = []
let identity: TestCertificate
beforeAll(async () => {
  identity = await makeTestCertificate()
})
afterAll(async () => {
  await identity.dispose()
})
afterEach(async () => {
  for (const close of closers.reverse()) await close()
  closers = []
})

async function network(
  baseURL: string,
  env: Record<string, string>
): Promise<{ network: SidecarNetwork; lines: string[] }> {
  const lines: string[] = []
  const started = await startSidecarNetwork({
    model: 'corp/model',
    apiKey: KEY,
    overrides: { provider: { corp: { options: { baseURL } } } },
    env,
    directUrls: [],
    enableWeb: false,
    log: { info: (line) => lines.push(line), warning: (line) => lines.push(`warning: ${line}`) }
  })
  closers.push(() => started.close())
  return { network: started, lines }
}

async function ask(net: SidecarNetwork): Promise<Response> {
  const endpoint = net.modelEndpoint
  if (endpoint === undefined) throw new Error('expected a model proxy')
  return fetch(`${endpoint.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${endpoint.token}` },
    body: '{"model":"m"}'
  })
}

describe('the model proxy behind a corporate proxy', () => {
  it('sends the upstream request for a non-loopback plain-HTTP host to HTTP_PROXY', async () => {
    const upstream = await startService()
    closers.push(() => upstream.close())
    const corp = await startRecordingProxy({ 'model.test': upstream.port })
    closers.push(() => corp.close())
    const { network: net, lines } = await network('http://model.test/v1', {
      HTTP_PROXY: `http://127.0.0.1:${corp.port}`
    })
    const answer = await ask(net)
    expect(await answer.text()).toBe('service answer')
    // undici tunnels plain HTTP too: the key travels inside the tunnel.
    expect(corp.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['CONNECT model.test:80'])
    expect(upstream.requests[0]?.url).toBe('/v1/chat/completions')
    expect(upstream.requests[0]?.headers['authorization']).toBe(`Bearer ${KEY}`)
    expect(upstream.requests[0]?.headers['host']).toBe('model.test')
    expect(lines).toContain(
      `model requests go through the model proxy to http://model.test/v1 via http://127.0.0.1:${corp.port}`
    )
  })

  it('tunnels an HTTPS upstream through HTTPS_PROXY and verifies it with SSL_CERT_FILE', async () => {
    const service = await startHttpsService(identity)
    closers.push(() => service.close())
    const corp = await startRecordingProxy({ 'model.test': service.port })
    closers.push(() => corp.close())
    const { network: net } = await network('https://model.test/v1', {
      https_proxy: `http://127.0.0.1:${corp.port}`,
      SSL_CERT_FILE: identity.certFile
    })
    const answer = await ask(net)
    expect(await answer.text()).toBe('tls answer')
    expect(corp.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['CONNECT model.test:443'])
    expect(service.paths).toEqual(['/v1/chat/completions'])
  })

  it('refuses the same upstream when no CA setting names the certificate', async () => {
    const service = await startHttpsService(identity)
    closers.push(() => service.close())
    const corp = await startRecordingProxy({ 'model.test': service.port })
    closers.push(() => corp.close())
    const { network: net } = await network('https://model.test/v1', {
      HTTPS_PROXY: `http://127.0.0.1:${corp.port}`
    })
    const answer = await ask(net)
    expect(answer.status).toBe(502)
    expect(await answer.text()).toMatch(/certificate/i)
    expect(service.paths).toEqual([])
  })

  it('goes straight to a NO_PROXY host, the proxy untouched', async () => {
    const upstream = await startService()
    closers.push(() => upstream.close())
    const corp = await startRecordingProxy()
    closers.push(() => corp.close())
    const { network: net } = await network(`${upstream.origin}/v1`, {
      HTTP_PROXY: `http://127.0.0.1:${corp.port}`,
      NO_PROXY: `example.org,127.0.0.1:${upstream.port}`
    })
    expect(await (await ask(net)).text()).toBe('service answer')
    expect(corp.requests).toEqual([])
    expect(corp.connections).toBe(0)
    expect(upstream.requests).toHaveLength(1)
  })
})

describe("the model proxy with the runner's CA files, no proxy", () => {
  it('trusts the roots NODE_EXTRA_CA_CERTS names', async () => {
    const service = await startHttpsService(identity)
    closers.push(() => service.close())
    const { network: net } = await network(`https://127.0.0.1:${service.port}/v1`, {
      NODE_EXTRA_CA_CERTS: identity.certFile
    })
    expect(await (await ask(net)).text()).toBe('tls answer')
  })

  it('warns about a CA file it cannot read, naming the variable and the path', async () => {
    const service = await startHttpsService(identity)
    closers.push(() => service.close())
    const missing = `${identity.dir}/missing.pem`
    const { network: net, lines } = await network(`https://127.0.0.1:${service.port}/v1`, {
      SSL_CERT_FILE: missing
    })
    expect(lines.find((line) => line.startsWith('warning: SSL_CERT_FILE'))).toMatch(
      new RegExp(
        `^warning: SSL_CERT_FILE "${missing}" could not be read: .*ENOENT.*; TLS from the action trusts Node's default CAs without it$`
      )
    )
    expect((await ask(net)).status).toBe(502)
  })
})

/** A plain-HTTP GET through the egress filter, as the sidecar sends it. */
function getThrough(filter: EgressProxy, url: string): Promise<{ status: number; body: string }> {
  const proxyUrl = new URL(filter.origin)
  proxyUrl.username = 'sidecar'
  proxyUrl.password = filter.token
  return getThroughProxy(proxyUrl.href, url)
}

describe('the egress filter chained to an https:// runner proxy', () => {
  async function filterVia(env: Record<string, string>): Promise<EgressProxy> {
    const filter = await EgressProxy.start({
      decide: async (host) =>
        host === 'docs.test'
          ? { allowed: true, address: '127.0.0.1' }
          : { allowed: false, reason: `${host} is not a test name` },
      proxies: runnerProxies(env),
      ca: (await runnerCertificates(env)).ca
    })
    closers.push(() => filter.close())
    return filter
  }

  it("verifies the proxy's certificate with the runner's CA file", async () => {
    const target = await startService()
    closers.push(() => target.close())
    const corp = await startRecordingProxy({}, identity)
    closers.push(() => corp.close())
    const filter = await filterVia({
      HTTP_PROXY: `https://127.0.0.1:${corp.port}`,
      NODE_EXTRA_CA_CERTS: identity.certFile
    })
    const answer = await getThrough(filter, `http://docs.test:${target.port}/page`)
    expect(answer).toEqual({ status: 200, body: 'service answer' })
    expect(corp.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET http://127.0.0.1:${target.port}/page`
    ])
  })

  it('refuses the proxy when no CA setting names its certificate', async () => {
    const target = await startService()
    closers.push(() => target.close())
    const corp = await startRecordingProxy({}, identity)
    closers.push(() => corp.close())
    const filter = await filterVia({ HTTP_PROXY: `https://127.0.0.1:${corp.port}` })
    const answer = await getThrough(filter, `http://docs.test:${target.port}/page`)
    expect(answer.status).toBe(502)
    expect(corp.requests).toEqual([])
    expect(target.requests).toEqual([])
  })
})
