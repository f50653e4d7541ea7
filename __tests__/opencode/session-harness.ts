/**
 * The real pieces the session-driver tests run on: a git checkout, the fake
 * model, the tool bridge with a recording port, and a real `opencode serve`
 * configured for them. One harness per test file: the server takes seconds
 * to start.
 */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { ToolBridge } from '../../src/bridge/tool-bridge.js'
import type { ToolCallEvent } from '../../src/bridge/mcp-server.js'
import { ALL_TOOL_NAMES, MCP_SERVER_NAMES } from '../../src/core/names/tool-names.js'
import { buildOpencodeConfig, REVIEWER_AGENT } from '../../src/opencode/config.js'
import { ManagedOpenCodeServer } from '../../src/opencode/server.js'
import { ReviewSession, type OpenSessionOptions } from '../../src/opencode/session.js'
import { RecordingPort } from '../bridge/recording-port.js'
import {
  FAKE_API_KEY,
  FAKE_MODEL,
  FakeModel,
  fakeProviderOverrides
} from '../support/fake-model/index.js'
import { writeCutCatalogue } from '../support/cut-catalogue.js'
import { makeGitCheckout } from './checkout.js'

export const OPENCODE_BINARY = join(process.cwd(), 'node_modules', '.bin', 'opencode')

export interface SessionHarness {
  readonly fake: FakeModel
  readonly port: RecordingPort
  readonly bridge: ToolBridge
  readonly server: ManagedOpenCodeServer
  readonly checkout: string
  readonly toolEvents: ToolCallEvent[]
  readonly warnings: string[]
  openSession(extra?: Partial<OpenSessionOptions>): Promise<ReviewSession>
  stop(): Promise<void>
}

export interface HarnessOptions {
  /** What the OpenCode config says about the bridge; defaults to the bridge's own endpoints. */
  readonly mcpServers?: (bridge: ToolBridge) => Record<string, { url: string; token: string }>
}

export async function startSessionHarness(options: HarnessOptions = {}): Promise<SessionHarness> {
  const checkout = await makeGitCheckout({ 'src/app.ts': 'export const answer = 42\n' })
  const fake = await FakeModel.start()
  const port = new RecordingPort()
  const toolEvents: ToolCallEvent[] = []
  const warnings: string[] = []
  const bridge = await ToolBridge.start({ port, onToolCall: (event) => toolEvents.push(event) })
  const sessions: ReviewSession[] = []
  let server: ManagedOpenCodeServer | undefined
  const stop = async (): Promise<void> => {
    for (const session of sessions) session.close()
    await server?.stop()
    await bridge.close()
    await fake.stop()
    await rm(checkout, { recursive: true, force: true })
  }
  try {
    const config = buildOpencodeConfig({
      model: FAKE_MODEL,
      // Straight to the fake: these runs are not about the model proxy.
      modelEndpoint: { baseURL: fake.baseURL, token: FAKE_API_KEY },
      enableWeb: false,
      overrides: fakeProviderOverrides(fake.baseURL),
      mcpServers: options.mcpServers?.(bridge) ?? bridge.mcpServers,
      systemPrompt: 'You review pull requests.',
      allowedToolNames: [...ALL_TOOL_NAMES]
    })
    server = await ManagedOpenCodeServer.start({
      binary: OPENCODE_BINARY,
      directory: checkout,
      config
    })
    await writeCutCatalogue(server, OPENCODE_BINARY, config)
  } catch (error) {
    await stop()
    throw error
  }
  const started = server
  return {
    fake,
    port,
    bridge,
    server: started,
    checkout,
    toolEvents,
    warnings,
    async openSession(extra = {}) {
      const session = await ReviewSession.open({
        baseUrl: started.url,
        directory: started.directory,
        headers: started.authHeaders(),
        agent: REVIEWER_AGENT,
        mcpServers: MCP_SERVER_NAMES,
        onWarning: (message) => warnings.push(message),
        ...extra
      })
      sessions.push(session)
      return session
    },
    stop
  }
}

interface ChatMessage {
  role: string
  content?: unknown
  tool_call_id?: string
}

/** The text of a chat-completions message, whether content is a string or parts. */
export function contentText(message: ChatMessage): string {
  const { content } = message
  if (typeof content === 'string') return content
  if (Array.isArray(content)) {
    return content
      .map((part: { text?: unknown }) => (typeof part.text === 'string' ? part.text : ''))
      .join('')
  }
  return ''
}

export function messagesOf(body: unknown): ChatMessage[] {
  return ((body as { messages?: ChatMessage[] }).messages ?? []) as ChatMessage[]
}
