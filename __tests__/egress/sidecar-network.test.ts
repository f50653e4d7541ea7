/**
 * One run's network: what the sidecar is told, the model proxy answering on
 * it, and the egress filter letting out only the run's scope. Names are
 * answered by a test resolver and every connection the filter lets out goes
 * to a recording runner proxy on loopback, so nothing leaves 127.0.0.1.
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { startSidecarNetwork, type SidecarNetwork } from '../../src/egress/sidecar-network.js'
import {
  getThroughProxy as getThrough,
  startRecordingProxy,
  startService,
  type LoopbackServer
} from './loopback-servers.js'

let network: SidecarNetwork | undefined
let upstream: LoopbackServer | undefined
let corp: LoopbackServer | undefined
afterEach(async () => {
  await network?.close()
  await upstream?.close()
  await corp?.close()
  network = upstream = corp = undefined
})

/** DNS as the test says it is: public answers for public names; records who asked. */
function testResolver(): ((name: string) => Promise<string[]>) & { asked: string[] } {
  const answers: Record<string, string[]> = {
    'registry.npmjs.org': ['104.16.0.35'],
    'bedrock-runtime.us-east-1.amazonaws.com': ['52.94.0.10']
  }
  const asked: string[] = []
  const resolve = async (name: string) => {
    asked.push(name)
    return answers[name] ?? []
  }
  return Object.assign(resolve, { asked })
}

describe('startSidecarNetwork', () => {
  it('gives the sidecar the model proxy, the filter, and exactly the loopback origins to reach straight', async () => {
    upstream = await startService()
    const lines: string[] = []
    network = await startSidecarNetwork({
      model: 'local/model',
      apiKey: 'sk-local-key',
      overrides: { provider: { local: { options: { baseURL: `${upstream.origin}/v1` } } } },
      env: { HTTPS_PROXY: 'socks5://127.0.0.1:1080' },
      directUrls: ['http://127.0.0.1:4567/mcp/github', 'http://127.0.0.1:4567/mcp/review'],
      enableWeb: false,
      log: { info: (line) => lines.push(line), warning: (line) => lines.push(`warning: ${line}`) }
    })
    const { modelEndpoint, egress } = network
    if (modelEndpoint === undefined) throw new Error('expected a model proxy for a keyed provider')
    expect(modelEndpoint.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/model$/)
    expect(egress.proxyUrl).toMatch(/^http:\/\/sidecar:[\w-]{43}@127\.0\.0\.1:\d+$/)
    expect(egress.direct).toEqual([new URL(modelEndpoint.baseURL).host, '127.0.0.1:4567'])
    expect(lines).toContain(
      'warning: HTTPS_PROXY must be an http:// or https:// proxy URL, got "socks5://127.0.0.1:1080"; model requests and the egress filter go direct'
    )
    expect(lines).toContain(`model requests go through the model proxy to ${upstream.origin}/v1`)

    const answer = await fetch(`${modelEndpoint.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${modelEndpoint.token}` },
      body: '{}'
    })
    expect(await answer.text()).toBe('service answer')
    expect(upstream.requests[0]?.headers['authorization']).toBe('Bearer sk-local-key')
  })

  it('starts no model proxy for a provider that signs its requests (Bedrock, Vertex)', async () => {
    for (const model of [
      'amazon-bedrock/anthropic.claude-sonnet-4-5',
      'google-vertex/gemini-2.5-pro'
    ]) {
      const lines: string[] = []
      network = await startSidecarNetwork({
        model,
        apiKey: 'sk-unused',
        env: {},
        directUrls: ['http://127.0.0.1:4567/mcp/github'],
        credentialNames: ['AWS_ACCESS_KEY_ID'],
        enableWeb: false,
        log: { info: (line) => lines.push(line), warning: (line) => lines.push(`warning: ${line}`) }
      })
      const provider = model.slice(0, model.indexOf('/'))
      expect(network.modelEndpoint).toBeUndefined()
      expect(network.egress.direct).toEqual(['127.0.0.1:4567'])
      expect(network.egress.proxyUrl).toMatch(/^http:\/\/sidecar:[\w-]{43}@127\.0\.0\.1:\d+$/)
      expect(lines.slice(0, 2)).toEqual([
        `warning: opencode_api_key is not used for ${provider}: its requests are signed with the provider_env credentials`,
        `model requests of ${provider} go from the sidecar, signed with the provider_env credentials, through the egress filter`
      ])
      expect(lines[2]).toMatch(
        new RegExp(
          `^The sidecar reaches only the tool bridge and ${provider}'s hosts \\(.+\\): the egress filter refuses any other destination \\(enable_web is off\\)$`
        )
      )
      expect(lines).toHaveLength(3)
      await network.close()
      network = undefined
    }
  })

  it('warns when a signing provider gets no cloud credentials', async () => {
    const lines: string[] = []
    network = await startSidecarNetwork({
      model: 'amazon-bedrock/anthropic.claude-sonnet-4-5',
      apiKey: '',
      env: {},
      directUrls: [],
      enableWeb: false,
      log: { info: () => undefined, warning: (line) => lines.push(line) }
    })
    expect(lines).toEqual([
      'amazon-bedrock signs its requests with cloud credentials, but the sidecar gets none: list them in provider_env (e.g. AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_REGION for Bedrock; GOOGLE_APPLICATION_CREDENTIALS, GOOGLE_CLOUD_PROJECT for Vertex)'
    ])
  })

  it('fails before starting anything when the provider has no known endpoint', async () => {
    await expect(
      startSidecarNetwork({
        model: 'mystery/model',
        apiKey: 'k',
        env: {},
        directUrls: [],
        enableWeb: false,
        log: { info: () => undefined, warning: () => undefined }
      })
    ).rejects.toThrow('no endpoint is known for provider "mystery"')
  })
})

describe('the egress filter the sidecar is given', () => {
  const NOT_NEEDED =
    'egress refused: GET registry.npmjs.org:80: registry.npmjs.org is not needed by the review: without enable_web the sidecar reaches only'

  it("without enable_web: a public name is refused unresolved and logged once; Bedrock's endpoint goes out", async () => {
    upstream = await startService()
    corp = await startRecordingProxy({ '52.94.0.10': upstream.port })
    const resolver = testResolver()
    const lines: string[] = []
    network = await startSidecarNetwork({
      model: 'amazon-bedrock/anthropic.claude-sonnet-4-5',
      apiKey: '',
      env: { HTTP_PROXY: corp.origin },
      directUrls: [],
      credentialNames: ['AWS_ACCESS_KEY_ID'],
      enableWeb: false,
      resolver,
      log: { info: (line) => lines.push(line), warning: (line) => lines.push(`warning: ${line}`) }
    })
    const { proxyUrl } = network.egress
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await getThrough(proxyUrl, 'http://registry.npmjs.org/opencode-ai')
      expect(refused.status).toBe(403)
      expect(refused.body).toMatch(
        /^egress refused: registry\.npmjs\.org is not needed by the review/
      )
    }
    const answer = await getThrough(
      proxyUrl,
      'http://bedrock-runtime.us-east-1.amazonaws.com/model/x/converse'
    )
    expect(answer).toEqual({ status: 200, body: 'service answer' })

    expect(resolver.asked).toEqual(['bedrock-runtime.us-east-1.amazonaws.com'])
    expect(corp.requests.map((seen) => `${seen.method} ${seen.url}`)).toEqual([
      'GET http://52.94.0.10:80/model/x/converse'
    ])
    expect(lines).toContainEqual(
      expect.stringMatching(/^The sidecar reaches only the tool bridge and amazon-bedrock's hosts/)
    )
    // One line per destination and verdict: three refusals, one line.
    const egressLines = lines.filter((line) => line.startsWith('egress'))
    expect(egressLines).toHaveLength(2)
    expect(egressLines[0]).toContain(NOT_NEEDED)
    expect(egressLines[1]).toBe('egress: GET bedrock-runtime.us-east-1.amazonaws.com:80')
  })

  it('with enable_web: the same public name is resolved and goes out, as before', async () => {
    upstream = await startService()
    corp = await startRecordingProxy({ '104.16.0.35': upstream.port })
    const resolver = testResolver()
    const lines: string[] = []
    network = await startSidecarNetwork({
      model: 'local/model',
      apiKey: 'sk-local-key',
      overrides: { provider: { local: { options: { baseURL: `${upstream.origin}/v1` } } } },
      env: { HTTP_PROXY: corp.origin, NO_PROXY: '127.0.0.1' },
      directUrls: [],
      enableWeb: true,
      resolver,
      log: { info: (line) => lines.push(line), warning: (line) => lines.push(`warning: ${line}`) }
    })
    const answer = await getThrough(
      network.egress.proxyUrl,
      'http://registry.npmjs.org/opencode-ai'
    )
    expect(answer).toEqual({ status: 200, body: 'service answer' })
    expect(resolver.asked).toEqual(['registry.npmjs.org'])
    expect(corp.requests.map((seen) => `${seen.method} ${seen.url}`)).toEqual([
      'GET http://104.16.0.35:80/opencode-ai'
    ])
    expect(lines).toContain(
      'The sidecar may reach public addresses through the egress filter (enable_web)'
    )
    expect(lines).toContain('egress: GET registry.npmjs.org:80')
  })
})
