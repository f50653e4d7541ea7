/**
 * Before the first prompt: are the tool bridge's MCP servers connected?
 * Without them the agent can read code but cannot post anything, and a review
 * that silently posts nothing looks like a clean PR. So we wait for
 * "connected" and fail loudly on anything else.
 */
import type { OpencodeClient } from '@opencode-ai/sdk/v2/client'
import { McpNotConnectedError } from './errors.js'
import { formatZodIssues } from '../core/errors/zod-issues.js'
import { mcpStatusSchema } from './wire.js'

/** Statuses that will not turn into "connected" by waiting. */
const TERMINAL = new Set(['failed', 'disabled', 'needs_auth', 'needs_client_registration'])

export interface WaitForMcpOptions {
  readonly timeoutMs?: number
  readonly pollMs?: number
}

export async function waitForMcpServers(
  client: OpencodeClient,
  names: readonly string[],
  options: WaitForMcpOptions = {}
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 20_000
  const pollMs = options.pollMs ?? 200
  const deadline = Date.now() + timeoutMs
  let statuses: Record<string, { status: string; error?: string }> = {}
  for (;;) {
    const { data } = await client.mcp.status(undefined, { throwOnError: true })
    const parsed = mcpStatusSchema.safeParse(data)
    if (!parsed.success) {
      const problems = formatZodIssues(parsed.error.issues, data, {
        root: '(response)',
        style: 'withheld'
      })
      throw new McpNotConnectedError(
        `opencode answered /mcp with an unexpected shape: ${problems.join('; ')}`,
        {}
      )
    }
    statuses = parsed.data
    const broken = names.filter((name) => TERMINAL.has(statuses[name]?.status ?? ''))
    if (broken.length > 0) {
      const detail = broken
        .map((name) => `${name}: ${statuses[name]?.status} ${statuses[name]?.error ?? ''}`.trim())
        .join('; ')
      throw new McpNotConnectedError(`tool bridge MCP servers not usable (${detail})`, statuses)
    }
    if (names.every((name) => statuses[name]?.status === 'connected')) return
    if (Date.now() >= deadline) break
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
  const missing = names
    .filter((name) => statuses[name]?.status !== 'connected')
    .map((name) => `${name}: ${statuses[name]?.status ?? 'not configured'}`)
  throw new McpNotConnectedError(
    `tool bridge MCP servers not connected within ${timeoutMs} ms (${missing.join('; ')})`,
    statuses
  )
}
