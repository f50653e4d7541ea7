import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { ToolBridge } from '../../src/bridge/tool-bridge.js'
import { TOOL_NAMES } from '../../src/core/names/tool-names.js'
import { RecordingPort } from './recording-port.js'

let port: RecordingPort
let bridge: ToolBridge
let client: Client

beforeAll(async () => {
  port = new RecordingPort()
  bridge = await ToolBridge.start({ port })
  const { url } = bridge.endpoint('submit')
  client = new Client({ name: 'confirmation-tool-test', version: '0.0.0' })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${bridge.token}` } }
    })
  )
})

afterAll(async () => {
  await client.close()
  await bridge.close()
})

const textOf = (result: unknown): string =>
  (result as CallToolResult).content
    .map((item) => (item.type === 'text' ? item.text : ''))
    .join('\n')

const call = (args: Record<string, unknown>) =>
  client.callTool({ name: 'confirmation', arguments: args })

describe('submit_confirmation', () => {
  it('is served to the model as submit_confirmation', () => {
    expect(TOOL_NAMES.submitConfirmation).toBe('submit_confirmation')
  })

  it('hands a confirmed answer with its failing test to the port', async () => {
    port.calls.length = 0
    const args = {
      finding_id: 'F1',
      verdict: 'confirmed',
      reasoning: 'The id reaches the query unescaped.',
      failing_test: "expect(query(\"1' OR 1=1\")).not.toContain('OR')"
    }
    const result = await call(args)
    expect(result.isError).toBeFalsy()
    expect(port.calls).toEqual([{ method: 'submitConfirmation', args }])
  })

  it('accepts a refutation without a test', async () => {
    port.calls.length = 0
    const args = { finding_id: 'F1', verdict: 'refuted', reasoning: 'The driver binds it.' }
    expect((await call(args)).isError).toBeFalsy()
    expect(port.calls).toEqual([{ method: 'submitConfirmation', args }])
  })

  it('refuses a confirmation without a failing test, naming the field', async () => {
    port.calls.length = 0
    const result = await call({ finding_id: 'F1', verdict: 'confirmed', reasoning: 'Real.' })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toMatch(
      /failing_test: failing_test is required when verdict is "confirmed"/
    )
    expect(port.calls).toEqual([])
  })

  it('refuses a verdict that is neither confirmed nor refuted, naming the value', async () => {
    port.calls.length = 0
    const result = await call({ finding_id: 'F1', verdict: 'maybe', reasoning: 'Unsure.' })
    expect(result.isError).toBe(true)
    expect(textOf(result)).toMatch(/verdict: .*received "maybe"/)
    expect(port.calls).toEqual([])
  })
})
