/**
 * The tool bridge answers its first MCP requests slowest: the MCP SDK's
 * server code runs cold in this process (about 200 ms for the first request
 * on a loaded 2-core machine, 10-30 ms for the next ones). opencode connects
 * to each MCP server in turn (initialize, then tools/list) between its
 * instance boot and the first prompt, so that cold start would sit on the
 * way to the first model request. One initialize and one tools/list per
 * server, sent while the sidecar still boots, pays it early. The answers
 * are dropped, and a failure is left to the sidecar's own connection to
 * report (mcp-ready.ts).
 */

/** The protocol version opencode's MCP client asks for. */
const PROTOCOL_VERSION = '2025-03-26'

async function call(
  server: { readonly url: string; readonly token: string },
  id: number,
  method: string,
  params: Record<string, unknown>
): Promise<void> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream'
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params })
  })
  await response.arrayBuffer()
}

/** Warms every server of the bridge; never rejects. */
export async function warmUpBridge(
  servers: Readonly<Record<string, { readonly url: string; readonly token: string }>>
): Promise<void> {
  try {
    for (const server of Object.values(servers)) {
      await call(server, 1, 'initialize', {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'review-bridge-warm-up', version: '1' }
      })
      await call(server, 2, 'tools/list', {})
    }
  } catch {
    // Only a warm-up: the sidecar's connection tells whether the bridge works.
  }
}
