/** One run's network: what the sidecar is told, and the model proxy answering on it. */
import { afterEach, describe, expect, it } from '@jest/globals'
import { startSidecarNetwork, type SidecarNetwork } from '../../src/egress/sidecar-network.js'
import { startService, type LoopbackServer } from './loopback-servers.js'

let network: SidecarNetwork | undefined
let upstream: LoopbackServer | undefined
afterEach(async () => {
  await network?.close()
  await upstream?.close()
})

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
        log: { info: (line) => lines.push(line), warning: (line) => lines.push(`warning: ${line}`) }
      })
      const provider = model.slice(0, model.indexOf('/'))
      expect(network.modelEndpoint).toBeUndefined()
      expect(network.egress.direct).toEqual(['127.0.0.1:4567'])
      expect(network.egress.proxyUrl).toMatch(/^http:\/\/sidecar:[\w-]{43}@127\.0\.0\.1:\d+$/)
      expect(lines).toEqual([
        `warning: opencode_api_key is not used for ${provider}: its requests are signed with the provider_env credentials`,
        `model requests of ${provider} go from the sidecar, signed with the provider_env credentials, through the egress filter`
      ])
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
        log: { info: () => undefined, warning: () => undefined }
      })
    ).rejects.toThrow('no endpoint is known for provider "mystery"')
  })
})
