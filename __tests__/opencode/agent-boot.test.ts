/**
 * An agent that boots before its review knows the system prompt (the real
 * opencode binary, the fake model): the prompt given afterwards is the one
 * the model gets, the sandbox of the spawn's config still holds, and a boot
 * that is only stopped leaves no process and no file behind. Also: booting
 * the instance fetches nothing from the network.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { ToolBridge } from '../../src/bridge/tool-bridge.js'
import {
  bootOpencodeAgent,
  type OpencodeAgent,
  type OpencodeAgentOptions
} from '../../src/opencode/agent-runtime.js'
import { SIDECAR_STATE_KEY } from '../../src/opencode/leftover.js'
import { RecordingPort } from '../bridge/recording-port.js'
import {
  FAKE_API_KEY,
  FAKE_MODEL,
  FakeModel,
  fakeProviderOverrides
} from '../support/fake-model/index.js'
import { OPENCODE_BIN, startTestSidecar } from '../support/fake-model/sidecar.js'
import { makeGitCheckout } from './checkout.js'
import { groupMembers } from './group-processes.js'

const SYSTEM_PROMPT = 'You review pull requests for the boot test.\nSecond line of the prompt.'

let checkout: string
let fake: FakeModel
let bridge: ToolBridge

/** The agent's options; `saved` collects what it records for the post step. */
function options(saved: string[]): Omit<OpencodeAgentOptions, 'systemPrompt'> {
  return {
    checkout,
    model: FAKE_MODEL,
    apiKey: FAKE_API_KEY,
    enableWeb: false,
    overrides: fakeProviderOverrides(fake.baseURL),
    opencodeVersion: '1.18.33',
    opencodePath: OPENCODE_BIN,
    mcpServers: bridge.mcpServers,
    log: { info: () => undefined, warning: () => undefined },
    saveState: (name, value) => {
      if (name === SIDECAR_STATE_KEY && value !== '') saved.push(value)
    },
    startupTimeoutMs: 60_000
  }
}

beforeAll(async () => {
  checkout = await makeGitCheckout({ 'src/app.ts': 'export const answer = 42\n' })
  fake = await FakeModel.start()
  bridge = await ToolBridge.start({ port: new RecordingPort() })
})

afterAll(async () => {
  await bridge.close()
  await fake.stop()
  await rm(checkout, { recursive: true, force: true })
})

describe('bootOpencodeAgent', () => {
  let agent: OpencodeAgent | undefined

  afterAll(async () => {
    await agent?.stop()
  })

  it('gives the model the system prompt that came after the boot, in the read-only sandbox', async () => {
    const booting = bootOpencodeAgent(options([]))
    agent = await booting.start(SYSTEM_PROMPT)
    fake.enqueue({ text: 'Reviewed.' })
    const turn = await agent.session.prompt('Review the change.', { deadlineMs: 90_000 })
    expect(turn.error).toBeUndefined()
    const body = fake.requests.at(-1)?.body as {
      messages: Array<{ role: string; content: string }>
      tools: Array<{ function: { name: string } }>
    }
    expect(body.messages[0]?.role).toBe('system')
    expect(body.messages[0]?.content.startsWith(`${SYSTEM_PROMPT}\n`)).toBe(true)
    const builtIn = body.tools
      .map((tool) => tool.function.name)
      .filter((name) => !name.includes('_'))
    expect(builtIn.sort()).toEqual(['glob', 'grep', 'read'])
  }, 180_000)

  it('leaves no process and no file behind when it is stopped instead of started', async () => {
    const saved: string[] = []
    const booting = bootOpencodeAgent(options(saved))
    // Stopped once the sidecar listens (it records itself then).
    while (saved.length === 0) await new Promise((resolve) => setTimeout(resolve, 50))
    await booting.stop()
    const { pgid, dirs } = JSON.parse(saved[0] ?? '{}') as { pgid: number; dirs: string[] }
    expect(groupMembers(pgid)).toEqual([])
    expect(dirs).toHaveLength(2)
    for (const dir of dirs) expect(existsSync(dir)).toBe(false)
    await expect(booting.start(SYSTEM_PROMPT)).rejects.toThrow()
  }, 180_000)
})

describe('the instance boot', () => {
  it('fetches nothing: no request leaves through the egress filter', async () => {
    const sidecar = await startTestSidecar({ checkout })
    try {
      sidecar.fake.enqueue({ text: 'Reviewed.' }, { text: 'Reviewed again.' })
      await sidecar.prompt('Review the change.')
      await sidecar.prompt('Review it once more.')
      expect(sidecar.log.filter((line) => line.startsWith('egress'))).toEqual([])
    } finally {
      await sidecar.stop()
    }
  }, 180_000)
})
