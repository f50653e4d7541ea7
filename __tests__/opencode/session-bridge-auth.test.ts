/**
 * The bridge's token, end to end: an OpenCode sidecar configured with a
 * wrong token cannot connect to the bridge, the session driver refuses to
 * prompt, and no tool call reaches the action process.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals'
import { McpNotConnectedError } from '../../src/opencode/errors.js'
import { startSessionHarness, type SessionHarness } from './session-harness.js'

let harness: SessionHarness

beforeAll(async () => {
  harness = await startSessionHarness({
    mcpServers: (bridge) => ({
      github: { url: bridge.endpoint('github').url, token: 'not-the-bridge-token-0123456789' },
      submit: bridge.endpoint('submit')
    })
  })
}, 120_000)

afterAll(async () => {
  await harness?.stop()
}, 60_000)

it('a sidecar with the wrong bridge token is never prompted', async () => {
  const opening = harness.openSession({ mcpTimeoutMs: 30_000 })
  await expect(opening).rejects.toThrow(McpNotConnectedError)
  await expect(opening).rejects.toThrow(/github: failed.*401/)
  expect(harness.fake.requests).toEqual([])
  expect(harness.port.calls).toEqual([])
}, 120_000)
