/**
 * A real opencode sidecar over a sanitized export of `checkout`, talking to a
 * FakeModel: what the opencode tests need in one call. Wired like the action
 * wires it: model requests through the model proxy (which adds FAKE_API_KEY),
 * everything else through the egress filter. The SDK client is the same v2
 * client the session driver uses.
 */
import { createOpencodeClient } from '@opencode-ai/sdk/v2'
import { fileURLToPath } from 'node:url'
import { startSidecarNetwork, type SidecarNetwork } from '../../../src/egress/sidecar-network.js'
import {
  buildOpencodeConfig,
  REVIEWER_AGENT,
  type AgentRole
} from '../../../src/opencode/config.js'
import { ManagedOpenCodeServer } from '../../../src/opencode/server.js'
import {
  createSanitizedWorkspace,
  type SanitizedWorkspace
} from '../../../src/opencode/workspace.js'
import { FAKE_API_KEY, FAKE_MODEL, fakeProviderOverrides } from './provider.js'
import { FakeModel } from './fake-model-server.js'
import { writeCutCatalogue } from '../cut-catalogue.js'

/** node_modules/.bin/opencode of this project (devDependency opencode-ai). */
export const OPENCODE_BIN = fileURLToPath(
  new URL('../../../node_modules/.bin/opencode', import.meta.url)
)

export interface TestSidecarOptions {
  readonly checkout: string
  readonly enableWeb?: boolean
  readonly mcpServers?: Record<string, { url: string; token: string }>
  readonly allowedToolNames?: string[]
  readonly systemPrompt?: string
  /** The agent the sidecar runs and prompts go to; default the reviewer. */
  readonly role?: AgentRole
  /** Makes the directory served from `checkout`; default createSanitizedWorkspace. */
  readonly workspace?: (checkout: string) => Promise<SanitizedWorkspace>
}

export interface TestSidecar {
  readonly fake: FakeModel
  readonly server: ManagedOpenCodeServer
  readonly workspace: SanitizedWorkspace
  readonly network: SidecarNetwork
  readonly client: ReturnType<typeof createOpencodeClient>
  readonly log: string[]
  /** Creates a session (once) and runs one prompt to the end of the turn. */
  prompt(text: string): Promise<unknown>
  stop(): Promise<void>
}

export async function startTestSidecar(options: TestSidecarOptions): Promise<TestSidecar> {
  const log: string[] = []
  const fake = await FakeModel.start()
  const workspace = await (options.workspace?.(options.checkout) ??
    createSanitizedWorkspace(options.checkout, (line) => log.push(line)))
  const role = options.role ?? REVIEWER_AGENT
  const overrides = fakeProviderOverrides(fake.baseURL)
  const mcpServers = options.mcpServers ?? {}
  let network: SidecarNetwork | undefined
  let server: ManagedOpenCodeServer
  try {
    network = await startSidecarNetwork({
      model: FAKE_MODEL,
      apiKey: FAKE_API_KEY,
      overrides,
      env: {},
      directUrls: Object.values(mcpServers).map((entry) => entry.url),
      enableWeb: options.enableWeb ?? false,
      log: { info: (line) => log.push(line), warning: (line) => log.push(line) }
    })
    const config = buildOpencodeConfig({
      role,
      model: FAKE_MODEL,
      modelEndpoint: network.modelEndpoint,
      enableWeb: options.enableWeb ?? false,
      overrides,
      mcpServers,
      systemPrompt: options.systemPrompt ?? 'You review pull requests. Be brief.',
      allowedToolNames: options.allowedToolNames ?? []
    })
    server = await ManagedOpenCodeServer.start({
      binary: OPENCODE_BIN,
      directory: workspace.directory,
      config,
      egress: network.egress,
      startupTimeoutMs: 60_000
    })
    await writeCutCatalogue(server, OPENCODE_BIN, config)
  } catch (error) {
    await network?.close()
    await workspace.dispose()
    await fake.stop()
    throw error
  }
  const started = network
  const client = createOpencodeClient({
    baseUrl: server.url,
    directory: workspace.directory,
    headers: server.authHeaders()
  })
  let sessionID: string | undefined
  return {
    fake,
    server,
    workspace,
    network: started,
    client,
    log,
    async prompt(text: string) {
      if (sessionID === undefined) {
        const created = await client.session.create({}, { throwOnError: true })
        sessionID = created.data.id
      }
      const result = await client.session.prompt(
        { sessionID, agent: role, parts: [{ type: 'text', text }] },
        { throwOnError: true }
      )
      return result.data
    },
    async stop() {
      await server.stop()
      await started.close()
      await workspace.dispose()
      await fake.stop()
    }
  }
}
