/**
 * The tool bridge: an HTTP listener on 127.0.0.1 inside the action process,
 * speaking MCP (Streamable HTTP, stateless) to the OpenCode sidecar. It is the
 * only way the agent can act on GitHub, and it holds no GitHub credentials
 * itself: each call goes to the ReviewTools port.
 *
 * Each MCP server of core/tool-names is served under its own path,
 * `/mcp/<server>`, from the one listener and with the one token.
 *
 * A bridge serves one agent's tools: the review's (`port`) or the fixer's
 * (`fixer`: `submit_fix_result` alone). Only the servers holding those tools
 * exist on it; any other path is a 404.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { McpServerName } from '../core/names/tool-names.js'
import type { FixerTools } from '../ports/fixer-tools.js'
import type { ReviewTools } from '../ports/review-tools.js'
import { isAuthorized, newBearerToken } from './bearer.js'
import { fixerToolSet } from './fix-result-tool.js'
import { createMcpServer, type ToolCallEvent } from './mcp-server.js'
import { serversOf, type ServedTool } from './served-tool.js'
import { reviewToolSet } from './tools.js'

/** What the OpenCode config needs to reach one MCP server of the bridge. */
export interface McpEndpoint {
  readonly url: string
  /** Sent by OpenCode as `Authorization: Bearer <token>`. */
  readonly token: string
}

/** Whose tools the bridge serves: the review's (`port`) or the fixer's (`fixer`). */
export type ToolBridgePort =
  | { readonly port: ReviewTools; readonly fixer?: undefined }
  | { readonly fixer: FixerTools; readonly port?: undefined }

export type ToolBridgeOptions = ToolBridgePort & ToolBridgeHooks

export interface ToolBridgeHooks {
  readonly onToolCall?: (event: ToolCallEvent) => void
  /** Called when a request fails outside a tool (transport or protocol errors). */
  readonly onError?: (error: unknown) => void
}

const MCP_PATH = /^\/mcp\/([a-z_]+)\/?$/

function servedTools(options: ToolBridgePort): readonly ServedTool[] {
  return options.fixer === undefined ? reviewToolSet(options.port) : fixerToolSet(options.fixer)
}

/** What one request handler needs: the token, the tools served and the hooks. */
interface Served {
  readonly token: string
  readonly tools: readonly ServedTool[]
  readonly servers: readonly McpServerName[]
  readonly hooks: ToolBridgeHooks
}

function plain(res: ServerResponse, status: number, text: string, headers = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(text)
}

export class ToolBridge {
  private constructor(
    private readonly server: Server,
    /** e.g. `http://127.0.0.1:39017` */
    readonly baseUrl: string,
    readonly token: string,
    /** The MCP servers this bridge serves. */
    readonly servers: readonly McpServerName[]
  ) {}

  /** Listens on 127.0.0.1 with a random port and a fresh random token. */
  static async start(options: ToolBridgeOptions): Promise<ToolBridge> {
    const token = newBearerToken()
    const tools = servedTools(options)
    const served: Served = { token, tools, servers: serversOf(tools), hooks: options }
    // Idle keep-alive sockets stay open until the client closes them. Node
    // closes them after 5 s by default, but opencode's fetch keeps pooled
    // sockets for minutes and reuses them without checking: a tool call (a
    // POST, never retried) sent as Node closes the socket fails with "The
    // socket connection was closed unexpectedly". Only the sidecar connects
    // here, and close() drops every connection.
    const server = createServer({ keepAliveTimeout: 0 }, (req, res) => {
      handle(req, res, served).catch((error: unknown) => {
        options.onError?.(error)
        if (!res.headersSent) plain(res, 500, 'internal error')
        else res.end()
      })
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
    const { port } = server.address() as AddressInfo
    return new ToolBridge(server, `http://127.0.0.1:${port}`, token, served.servers)
  }

  /** URL and token of every MCP server, keyed by its name: the `mcp` section of the config. */
  get mcpServers(): Partial<Record<McpServerName, McpEndpoint>> {
    const entries = this.servers.map((name) => [name, this.endpoint(name)])
    return Object.fromEntries(entries) as Partial<Record<McpServerName, McpEndpoint>>
  }

  endpoint(name: McpServerName): McpEndpoint {
    return { url: `${this.baseUrl}/mcp/${name}`, token: this.token }
  }

  /** Stops listening and drops open connections; safe to call twice. */
  async close(): Promise<void> {
    if (!this.server.listening) return
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    this.server.closeAllConnections()
    await closed
  }
}

async function handle(req: IncomingMessage, res: ServerResponse, served: Served): Promise<void> {
  // Authentication comes first, so an unauthenticated caller learns nothing,
  // not even which paths exist, and no request body is read.
  if (!isAuthorized(req.headers.authorization, served.token)) {
    plain(res, 401, 'unauthorized', { 'www-authenticate': 'Bearer realm="review-tools"' })
    return
  }
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
  const name = MCP_PATH.exec(path)?.[1]
  const server = served.servers.find((candidate) => candidate === name)
  if (server === undefined) {
    plain(res, 404, 'not found')
    return
  }
  // Stateless: no server-initiated stream (GET) and no session to delete.
  if (req.method !== 'POST') {
    plain(res, 405, 'method not allowed', { allow: 'POST' })
    return
  }
  // A fresh server and transport per request is the SDK's stateless pattern:
  // no state is shared between calls, so nothing can leak across them.
  const mcp = createMcpServer(server, {
    tools: served.tools,
    ...(served.hooks.onToolCall === undefined ? {} : { onToolCall: served.hooks.onToolCall })
  })
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true
  })
  res.on('close', () => {
    void transport.close()
    void mcp.close()
  })
  await mcp.connect(transport)
  await transport.handleRequest(req, res)
}
