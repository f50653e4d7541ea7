/**
 * Built-in providers through the model proxy, with the real opencode: each
 * provider's SDK sends the run token in its own auth header, and the
 * provider's endpoint (a loopback stand-in, named by a custom `baseURL`)
 * receives the real key in that same header and nothing of the token.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createOpencodeClient } from '@opencode-ai/sdk/v2'
import { rm } from 'node:fs/promises'
import { startSidecarNetwork } from '../../src/egress/sidecar-network.js'
import { buildOpencodeConfig, REVIEWER_AGENT } from '../../src/opencode/config.js'
import { writeCutCatalogue } from '../support/cut-catalogue.js'
import { ManagedOpenCodeServer } from '../../src/opencode/server.js'
import { createSanitizedWorkspace } from '../../src/opencode/workspace.js'
import { startService, type LoopbackServer } from '../egress/loopback-servers.js'
import { OPENCODE_BIN } from '../support/fake-model/sidecar.js'
import { makeGitCheckout } from './checkout.js'

const KEY = 'real-provider-key-0123456789'

let checkout: string
let endpoint: LoopbackServer

beforeAll(async () => {
  checkout = await makeGitCheckout({ 'a.ts': 'export const a = 1\n' })
  // Any answer will do: what matters is what arrived.
  endpoint = await startService((_req, res) =>
    res
      .writeHead(400, { 'content-type': 'application/json' })
      .end('{"error":{"type":"invalid_request_error","message":"stand-in endpoint"}}')
  )
})

afterAll(async () => {
  await endpoint.close()
  await rm(checkout, { recursive: true, force: true })
})

/** Runs one prompt with `model` against the stand-in endpoint; returns what it received. */
async function promptThrough(model: string, path: string) {
  const provider = model.slice(0, model.indexOf('/'))
  const overrides = {
    provider: { [provider]: { options: { baseURL: `${endpoint.origin}${path}` } } }
  }
  const logs: string[] = []
  const network = await startSidecarNetwork({
    model,
    apiKey: KEY,
    overrides,
    env: {},
    directUrls: [],
    enableWeb: false,
    log: { info: (line) => logs.push(line), warning: (line) => logs.push(line) }
  })
  const workspace = await createSanitizedWorkspace(checkout)
  const seenBefore = endpoint.requests.length
  let server: ManagedOpenCodeServer | undefined
  try {
    const config = buildOpencodeConfig({
      model,
      modelEndpoint: network.modelEndpoint,
      enableWeb: false,
      overrides,
      mcpServers: {},
      systemPrompt: 'You review pull requests.',
      allowedToolNames: []
    })
    server = await ManagedOpenCodeServer.start({
      binary: OPENCODE_BIN,
      directory: workspace.directory,
      config,
      egress: network.egress,
      startupTimeoutMs: 60_000
    })
    await writeCutCatalogue(server, OPENCODE_BIN, config)
    const client = createOpencodeClient({
      baseUrl: server.url,
      directory: workspace.directory,
      headers: server.authHeaders()
    })
    const session = await client.session.create({}, { throwOnError: true })
    await client.session.prompt(
      { sessionID: session.data.id, agent: REVIEWER_AGENT, parts: [{ type: 'text', text: 'Hi' }] },
      { throwOnError: true }
    )
    return {
      requests: endpoint.requests.slice(seenBefore),
      token: network.modelEndpoint?.token ?? ''
    }
  } finally {
    await server?.stop()
    await network.close()
    await workspace.dispose()
  }
}

describe('built-in providers through the model proxy (real opencode)', () => {
  it.each([
    ['anthropic/claude-sonnet-4-5', '/v1', 'x-api-key', KEY, /^\/v1\/messages/],
    ['openai/gpt-5', '/v1', 'authorization', `Bearer ${KEY}`, /^\/v1\/(responses|chat)/],
    ['google/gemini-2.5-pro', '/v1beta', 'x-goog-api-key', KEY, /^\/v1beta\/models\/gemini/]
  ])(
    '%s: the endpoint gets the real key in %s',
    async (model, path, header, value, route) => {
      const { requests, token } = await promptThrough(model, path)
      expect(requests.length).toBeGreaterThan(0)
      for (const request of requests) {
        expect(request.url).toMatch(route)
        expect(request.headers[header]).toBe(value)
        expect(JSON.stringify(request.headers)).not.toContain(token)
      }
    },
    120_000
  )
})
