/**
 * One MCP server (e.g. "github") answering tools/list and tools/call.
 *
 * Why the low-level `Server` and not `McpServer.registerTool`: McpServer
 * validates arguments itself and answers with zod's bare message, which
 * names neither the value the model sent nor what to do next. Owning
 * tools/call lets the model get an actionable message instead, and lets a
 * port failure become a tool result rather than a protocol error.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool
} from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { McpServerName } from '../core/names/tool-names.js'
import { invalidArgumentsMessage } from './invalid-arguments.js'
import type { ServedTool } from './served-tool.js'

/** What happened to one tool call, for the action's log. */
export interface ToolCallEvent {
  readonly server: McpServerName
  readonly tool: string
  /** `ok`: the port answered; `invalid`: bad arguments; `failed`: the port threw. */
  readonly outcome: 'ok' | 'invalid' | 'failed' | 'unknown-tool'
  readonly arguments: unknown
  readonly message?: string
}

export interface McpServerOptions {
  /** The bridge's tools; this server serves those whose `server` is its name. */
  readonly tools: readonly ServedTool[]
  readonly onToolCall?: (event: ToolCallEvent) => void
}

const SERVER_VERSION = '1.0.0'

function inputSchemaOf(tool: ServedTool): Tool['inputSchema'] {
  // `io: 'input'` describes what the model may send (before trimming etc.).
  // The dialect marker is dropped: MCP clients expect a bare object schema.
  const { $schema: _dialect, ...schema } = z.toJSONSchema(tool.schema, { io: 'input' })
  return { ...schema, type: 'object' } as Tool['inputSchema']
}

function textResult(text: string, isError: boolean): CallToolResult {
  return { content: [{ type: 'text', text }], ...(isError ? { isError: true } : {}) }
}

export function createMcpServer(name: McpServerName, options: McpServerOptions): Server {
  const tools = options.tools.filter((tool) => tool.server === name)
  const server = new Server({ name, version: SERVER_VERSION }, { capabilities: { tools: {} } })

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: inputSchemaOf(tool)
    }))
  }))

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name: toolName, arguments: rawArgs } = request.params
    const report = (outcome: ToolCallEvent['outcome'], message?: string) =>
      options.onToolCall?.({ server: name, tool: toolName, outcome, arguments: rawArgs, message })
    const tool = tools.find((candidate) => candidate.name === toolName)
    if (!tool) {
      const known = tools.map((candidate) => candidate.name).join(', ')
      const message = `Unknown tool "${toolName}" on server "${name}"; available: ${known}.`
      report('unknown-tool', message)
      return textResult(message, true)
    }
    const parsed = tool.schema.safeParse(rawArgs ?? {})
    if (!parsed.success) {
      const message = invalidArgumentsMessage(tool.modelName, parsed.error.issues, rawArgs)
      report('invalid', message)
      return textResult(message, true)
    }
    try {
      const text = await tool.run(parsed.data)
      report('ok')
      return textResult(text, false)
    } catch (error) {
      const message = `${tool.modelName} failed: ${getErrorMessage(error)}`
      report('failed', message)
      return textResult(message, true)
    }
  })

  return server
}
