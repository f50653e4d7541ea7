/** A bridge started for the fixer: `submit_fix_result` alone, parsed, answered with the port's text. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { ToolCallEvent } from '../../src/bridge/mcp-server.js'
import { ToolBridge } from '../../src/bridge/tool-bridge.js'
import type { FixerTools, SubmitFixResultArgs } from '../../src/ports/fixer-tools.js'

class RecordingFixer implements FixerTools {
  readonly calls: SubmitFixResultArgs[] = []
  failWith: Error | undefined

  async submitFixResult(args: SubmitFixResultArgs): Promise<string> {
    this.calls.push(args)
    if (this.failWith) throw this.failWith
    return `Recorded ${args.fixed.length} fixed, ${args.rejected.length} rejected.`
  }
}

const fixer = new RecordingFixer()
const events: ToolCallEvent[] = []
let bridge: ToolBridge
let client: Client | undefined

beforeAll(async () => {
  bridge = await ToolBridge.start({ fixer, onToolCall: (event) => events.push(event) })
})

afterEach(async () => {
  await client?.close()
  client = undefined
  fixer.calls.length = 0
  fixer.failWith = undefined
  events.length = 0
})

afterAll(async () => {
  await bridge.close()
})

async function connectSubmit(): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(bridge.endpoint('submit').url), {
    requestInit: { headers: { authorization: `Bearer ${bridge.token}` } }
  })
  client = new Client({ name: 'fixer-bridge-test', version: '0.0.0' })
  await client.connect(transport)
  return client
}

function textOf(result: unknown): string {
  return (result as CallToolResult).content
    .map((item) => (item.type === 'text' ? item.text : ''))
    .join('\n')
}

const answer = {
  fixed: [{ finding_id: 'F1', description: 'Checked the user for null.' }],
  rejected: [{ finding_id: 'F2', reason: 'The input is validated upstream.' }]
}

describe('tool bridge for the fixer', () => {
  it('serves only submit_fix_result, on the submit server alone', async () => {
    expect(Object.keys(bridge.mcpServers)).toEqual(['submit'])
    const { tools } = await (await connectSubmit()).listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['fix_result'])
    expect(tools[0]?.inputSchema.required).toEqual(['fixed', 'rejected'])
    const github = await fetch(bridge.endpoint('github').url, {
      method: 'POST',
      headers: { authorization: `Bearer ${bridge.token}`, 'content-type': 'application/json' },
      body: '{}'
    })
    await github.text()
    expect(github.status).toBe(404)
  })

  it('hands parsed arguments to the port and returns its text as is', async () => {
    const result = await (await connectSubmit()).callTool({ name: 'fix_result', arguments: answer })
    expect(result.isError).toBeFalsy()
    expect(textOf(result)).toBe('Recorded 1 fixed, 1 rejected.')
    expect(fixer.calls).toEqual([answer])
    expect(events).toEqual([expect.objectContaining({ tool: 'fix_result', outcome: 'ok' })])
  })

  it('answers invalid arguments with the field, the value and the fix, without calling the port', async () => {
    const session = await connectSubmit()
    const missing = await session.callTool({ name: 'fix_result', arguments: { fixed: [] } })
    expect(missing.isError).toBe(true)
    expect(textOf(missing)).toContain('submit_fix_result')
    expect(textOf(missing)).toMatch(/rejected: expected array; received nothing/)
    const twice = await session.callTool({
      name: 'fix_result',
      arguments: { ...answer, rejected: [{ finding_id: 'F1', reason: 'Changed my mind.' }] }
    })
    expect(textOf(twice)).toMatch(/rejected\[0\]\.finding_id: expected each finding once.*"F1"/)
    expect(fixer.calls).toEqual([])
    expect(events.map((event) => event.outcome)).toEqual(['invalid', 'invalid'])
  })

  it("reports the port's refusal to the model as a failed call", async () => {
    fixer.failWith = new Error('F3 is missing from your answer')
    const result = await (await connectSubmit()).callTool({ name: 'fix_result', arguments: answer })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toBe('submit_fix_result failed: F3 is missing from your answer')
  })
})
