/**
 * Sidecar cold start vs a bare `opencode serve`, measured in the same run.
 *
 * - ready: spawn -> "listening" line.
 * - booted: spawn -> the first directory-scoped API answer. For the sidecar
 *   that is `waitForMcpServers` (the tool bridge's MCP servers connected);
 *   for the bare server the same `GET /mcp` call (nothing to connect).
 * The sidecar pays for its curated environment, config and auth; the target
 * is a ratio of at most 1.10. The sanitized workspace export is timed apart
 * (it depends on the size of the checkout, not on opencode).
 */
import { createOpencodeClient } from '@opencode-ai/sdk/v2'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ToolBridge } from '../src/bridge/tool-bridge.js'
import { ALL_TOOL_NAMES, MCP_SERVER_NAMES } from '../src/core/names/tool-names.js'
import type { ReviewTools } from '../src/ports/review-tools.js'
import { buildOpencodeConfig } from '../src/opencode/config.js'
import { waitForMcpServers } from '../src/opencode/mcp-ready.js'
import { ManagedOpenCodeServer } from '../src/opencode/server.js'
import { createSanitizedWorkspace } from '../src/opencode/workspace.js'
import {
  FAKE_API_KEY,
  FAKE_MODEL,
  fakeProviderOverrides
} from '../__tests__/support/fake-model/provider.js'
import { FakeModel } from '../__tests__/support/fake-model/fake-model-server.js'
import {
  bareBoot,
  median,
  OPENCODE_BIN as BIN,
  spread,
  type BootSample as Sample
} from './support/bare-opencode.js'

const PROJECT = fileURLToPath(new URL('..', import.meta.url))
const REPS = Number(process.env['BENCH_REPS'] ?? 5)

/** No tool is called while measuring start-up; any call would be a bug here. */
const idlePort = new Proxy({} as ReviewTools, {
  get: () => () => Promise.reject(new Error('no tool calls during the bench'))
})

async function sidecar(directory: string, fake: FakeModel, bridge: ToolBridge): Promise<Sample> {
  const config = buildOpencodeConfig({
    model: FAKE_MODEL,
    // Straight to the fake: these runs are not about the model proxy.
    modelEndpoint: { baseURL: fake.baseURL, token: FAKE_API_KEY },
    enableWeb: false,
    overrides: fakeProviderOverrides(fake.baseURL),
    mcpServers: bridge.mcpServers,
    systemPrompt: 'You review pull requests.',
    allowedToolNames: [...ALL_TOOL_NAMES]
  })
  const t0 = performance.now()
  const server = await ManagedOpenCodeServer.start({ binary: BIN, directory, config })
  try {
    const ready = performance.now() - t0
    const client = createOpencodeClient({
      baseUrl: server.url,
      directory,
      headers: server.authHeaders()
    })
    await waitForMcpServers(client, MCP_SERVER_NAMES)
    return { ready, booted: performance.now() - t0 }
  } finally {
    await server.stop()
  }
}

export async function main(): Promise<void> {
  const fake = await FakeModel.start()
  const bridge = await ToolBridge.start({ port: idlePort })
  const exportStart = performance.now()
  const workspace = await createSanitizedWorkspace(join(PROJECT, 'src'))
  const exportMs = performance.now() - exportStart
  try {
    const bareSamples: Sample[] = []
    const sidecarSamples: Sample[] = []
    // Interleaved, so drift (cache warm-up, load) hits both alike.
    for (let rep = 0; rep < REPS; rep += 1) {
      bareSamples.push(await bareBoot(workspace.directory))
      sidecarSamples.push(await sidecar(workspace.directory, fake, bridge))
    }
    for (const stage of ['ready', 'booted'] as const) {
      const bare = bareSamples.map((sample) => sample[stage])
      const side = sidecarSamples.map((sample) => sample[stage])
      const [b, s] = [median(bare), median(side)]
      const label = stage === 'ready' ? 'spawn -> listening' : 'spawn -> MCP tools connected'
      console.log(
        `${label}: bare ${b.toFixed(0)} ms (${spread(bare)}), sidecar ${s.toFixed(0)} ms (${spread(side)}), ratio ${(s / b).toFixed(2)} (target <= 1.10, median of ${REPS})`
      )
    }
    console.log(`sanitized export of src/: ${exportMs.toFixed(0)} ms (apart from the ratio)`)
  } finally {
    await workspace.dispose()
    await bridge.close()
    await fake.stop()
  }
}
