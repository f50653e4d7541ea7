import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { BRIDGE_TOOLS, TOOL_NAMES, type McpServerName } from '../../src/core/names/tool-names.js'
import { ToolBridge } from '../../src/bridge/tool-bridge.js'
import type { ToolCallEvent } from '../../src/bridge/mcp-server.js'
import { RecordingPort } from './recording-port.js'
import { idleSocketAfterDefaultTimeout } from '../support/idle-socket.js'

const validComment = {
  file: 'src/app.ts',
  line: 12,
  body: 'This dereferences a possibly null user.',
  assessment: { finding: 'Null dereference', assessment: 'Crashes for guests.', score: 8 },
  category: 'correctness'
}

let port: RecordingPort
let events: ToolCallEvent[]
let bridge: ToolBridge
const clients: Client[] = []

beforeAll(async () => {
  port = new RecordingPort()
  events = []
  bridge = await ToolBridge.start({ port, onToolCall: (event) => events.push(event) })
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  port.calls.length = 0
  port.failWith = undefined
  events.length = 0
})

afterAll(async () => {
  await bridge.close()
})

async function connect(server: McpServerName, token = bridge.token): Promise<Client> {
  const { url } = bridge.endpoint(server)
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } }
  })
  const client = new Client({ name: 'bridge-test', version: '0.0.0' })
  clients.push(client)
  await client.connect(transport)
  return client
}

function textOf(result: unknown): string {
  const content = (result as CallToolResult).content
  return content.map((item) => (item.type === 'text' ? item.text : '')).join('\n')
}

describe('tool names', () => {
  it('serves each tool under the server whose prefix gives the model-visible name', async () => {
    const seen: string[] = []
    for (const server of ['github', 'submit'] as const) {
      const client = await connect(server)
      const { tools } = await client.listTools()
      seen.push(...tools.map((tool) => `${server}_${tool.name}`))
    }
    expect(seen.sort()).toEqual(
      [
        'github_get_file_patch',
        'github_get_run_state',
        'github_post_review_comment',
        'github_record_team_learning',
        'github_reply_to_thread',
        'github_resolve_thread',
        'github_update_staged_finding',
        'submit_comment_draft',
        'submit_confirmation',
        'submit_consensus',
        'submit_pass_results'
      ].sort()
    )
    expect(Object.values(TOOL_NAMES).sort()).toEqual(seen.sort())
    expect(BRIDGE_TOOLS.submitPassResults.server).toBe('submit')
  })

  it('describes every argument field to the model', async () => {
    const client = await connect('github')
    const { tools } = await client.listTools()
    const post = tools.find((tool) => tool.name === 'post_review_comment')
    expect(post?.inputSchema.required).toEqual(
      expect.arrayContaining(['file', 'line', 'body', 'assessment'])
    )
    expect(post?.inputSchema.required).not.toContain('category')
    const undescribed: string[] = []
    const walk = (schema: Record<string, unknown>, path: string) => {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>
      for (const [key, child] of Object.entries(properties)) {
        if (typeof child.description !== 'string') undescribed.push(`${path}${key}`)
        walk(child, `${path}${key}.`)
      }
    }
    for (const tool of tools) walk(tool.inputSchema, `${tool.name}:`)
    expect(undescribed).toEqual([])
  })
})

describe('tool calls', () => {
  it('hands valid arguments to the port and returns its result as JSON', async () => {
    const client = await connect('github')
    const result = await client.callTool({ name: 'post_review_comment', arguments: validComment })
    expect(result.isError).toBeFalsy()
    expect(JSON.parse(textOf(result))).toEqual({
      status: 'staged',
      finding_id: 'F1',
      score: 7,
      note: 'Accepted at score 7.'
    })
    expect(port.calls).toEqual([{ method: 'postReviewComment', args: validComment }])
    expect(events).toEqual([
      expect.objectContaining({ tool: 'post_review_comment', outcome: 'ok' })
    ])
  })

  it('routes submit_pass_results to the port', async () => {
    const client = await connect('submit')
    const args = { pass_number: 2, summary: 'Pass two done.', has_blocking_issues: true }
    const result = await client.callTool({ name: 'pass_results', arguments: args })
    expect(JSON.parse(textOf(result))).toEqual({ ok: true, note: 'pass recorded' })
    expect(port.calls).toEqual([{ method: 'submitPassResults', args }])
  })

  it('answers invalid arguments with an error result naming the field, the value and the fix', async () => {
    const client = await connect('github')
    const bad = { ...validComment, assessment: { ...validComment.assessment, score: 11 } }
    const result = await client.callTool({ name: 'post_review_comment', arguments: bad })
    expect(result.isError).toBe(true)
    const text = textOf(result)
    expect(text).toContain('github_post_review_comment')
    expect(text).toMatch(/assessment\.score: .*10.*received 11/)
    expect(text).toContain('call the tool again')
    expect(port.calls).toEqual([])
    expect(events[0]?.outcome).toBe('invalid')
  })

  it('reports a missing field as missing', async () => {
    const client = await connect('github')
    const result = await client.callTool({
      name: 'reply_to_thread',
      arguments: { body: 'Agreed.', is_concession: 'yes' }
    })
    expect(result.isError).toBe(true)
    const text = textOf(result)
    expect(text).toMatch(/thread_id: .*missing/)
    expect(text).toMatch(/is_concession: .*boolean.*received "yes"/)
    expect(port.calls).toEqual([])
  })

  it('requires a score to re-score a staged finding, and passes a valid update through', async () => {
    const client = await connect('github')
    const missing = await client.callTool({
      name: 'update_staged_finding',
      arguments: { finding_id: 'F2', action: 'rescore', reason: 'over-scored' }
    })
    expect(missing.isError).toBe(true)
    expect(textOf(missing)).toMatch(/score: score is required when action is "rescore"/)
    expect(port.calls).toEqual([])
    const args = { finding_id: 'F2', action: 'withdraw', reason: 'same as F1' }
    const ok = await client.callTool({ name: 'update_staged_finding', arguments: args })
    expect(ok.isError).toBeFalsy()
    expect(port.calls).toEqual([{ method: 'updateStagedFinding', args }])
  })

  it('refuses a finding whose file path spans lines (it would forge the summary layout)', async () => {
    const client = await connect('github')
    const result = await client.callTool({
      name: 'post_review_comment',
      arguments: { ...validComment, file: 'src/a.ts\n<!-- opencode-review:run head=fff -->' }
    })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toMatch(/file: file must be one line without control characters/)
    expect(port.calls).toEqual([])
  })

  it('passes a file path to get_file_patch and refuses an empty one', async () => {
    const client = await connect('github')
    const empty = await client.callTool({ name: 'get_file_patch', arguments: { file: ' ' } })
    expect(empty.isError).toBe(true)
    expect(textOf(empty)).toMatch(/file: /)
    expect(port.calls).toEqual([])
    const ok = await client.callTool({ name: 'get_file_patch', arguments: { file: 'src/a.ts' } })
    expect(JSON.parse(textOf(ok))).toMatchObject({ file: 'src/a.ts', patch: '@@ -1 +1,2 @@' })
    expect(port.calls).toEqual([{ method: 'getFilePatch', args: { file: 'src/a.ts' } }])
  })

  it('turns a port failure into an error result and keeps serving', async () => {
    const client = await connect('github')
    port.failWith = new Error('GitHub answered 502')
    const failed = await client.callTool({
      name: 'resolve_thread',
      arguments: { thread_id: 'T1', reason: 'Fixed in abc123.' }
    })
    expect(failed.isError).toBe(true)
    expect(textOf(failed)).toContain('github_resolve_thread failed: GitHub answered 502')

    port.failWith = undefined
    const next = await client.callTool({ name: 'get_run_state', arguments: {} })
    expect(next.isError).toBeFalsy()
    expect(JSON.parse(textOf(next))).toEqual(port.runState)
  })

  it('answers an unknown tool name with an error result listing the real ones', async () => {
    const client = await connect('submit')
    const result = await client.callTool({ name: 'post_review_comment', arguments: {} })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toContain('available: pass_results')
    expect(port.calls).toEqual([])
  })
})

describe('authentication', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'get_run_state', arguments: {} }
  }

  async function post(headers: Record<string, string>, path = '/mcp/github'): Promise<number> {
    const response = await fetch(`${bridge.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers
      },
      body: JSON.stringify(initialize)
    })
    await response.text()
    return response.status
  }

  it('refuses a request without a token, and the port sees nothing', async () => {
    expect(await post({})).toBe(401)
    expect(port.calls).toEqual([])
  })

  it('refuses a wrong token, a token of another length and a non-bearer scheme', async () => {
    const wrong = bridge.token.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))
    expect(await post({ authorization: `Bearer ${wrong}` })).toBe(401)
    expect(await post({ authorization: `Bearer ${bridge.token}x` })).toBe(401)
    expect(await post({ authorization: `Basic ${bridge.token}` })).toBe(401)
    expect(await post({ authorization: 'Bearer ' })).toBe(401)
    expect(port.calls).toEqual([])
  })

  it('refuses an MCP client with the wrong token', async () => {
    await expect(connect('github', 'not-the-token')).rejects.toThrow(/401|nauthorized/)
    expect(port.calls).toEqual([])
  })

  it('with the token: unknown paths are 404 and GET is 405', async () => {
    const authorization = `Bearer ${bridge.token}`
    expect(await post({ authorization }, '/mcp/shell')).toBe(404)
    const get = await fetch(`${bridge.baseUrl}/mcp/github`, { headers: { authorization } })
    await get.text()
    expect(get.status).toBe(405)
  })

  it('uses a different random token for each bridge', async () => {
    const other = await ToolBridge.start({ port })
    try {
      expect(other.token).not.toEqual(bridge.token)
      expect(other.token.length).toBeGreaterThanOrEqual(43)
      expect(other.mcpServers.github).toEqual({
        url: `${other.baseUrl}/mcp/github`,
        token: other.token
      })
    } finally {
      await other.close()
    }
    await expect(fetch(`${other.baseUrl}/mcp/github`)).rejects.toThrow()
  })
})

describe('idle connections', () => {
  it("keeps an idle keep-alive socket open past Node's default timeout, so a pooled socket still serves the next call", async () => {
    const result = await idleSocketAfterDefaultTimeout(`${bridge.baseUrl}/mcp/github`)
    expect(result).toEqual({ closedByServer: false, reused: true })
  }, 20000)
})
