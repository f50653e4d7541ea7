/**
 * A tool as one bridge serves it: where (MCP server and name), what the model
 * is told, the argument schema, and what runs on a valid call. The review and
 * the fixer each get their own list of these, so a bridge serves one agent's
 * tools and no other's.
 */
import type { z } from 'zod'
import { MCP_SERVER_NAMES, type McpServerName } from '../core/names/tool-names.js'

export interface ServedTool {
  readonly server: McpServerName
  /** Name on its MCP server. */
  readonly name: string
  /** `<server>_<name>`: the name the model sees. */
  readonly modelName: string
  readonly description: string
  readonly schema: z.ZodType
  /** Runs a call whose arguments `schema` parsed; returns the text the model reads. */
  readonly run: (args: unknown) => Promise<string>
}

/** The MCP servers `tools` use, in the order of MCP_SERVER_NAMES. */
export function serversOf(tools: readonly ServedTool[]): readonly McpServerName[] {
  return MCP_SERVER_NAMES.filter((server) => tools.some((tool) => tool.server === server))
}
