/**
 * bootBridgedAgent: an agent booted ahead goes to the first start for its
 * model, once; any other start is not its business. The binary here exits
 * at once, so the boot fails and the claim reports it as a start would.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseConfig } from '../../src/config/action-config.js'
import type { InputName } from '../../src/config/inputs.js'
import { bootBridgedAgent } from '../../src/opencode/bridged-agent.js'
import { RecordingPort } from '../bridge/recording-port.js'

let checkout: string

beforeAll(async () => {
  checkout = await mkdtemp(join(tmpdir(), 'bridged-agent-'))
  await writeFile(join(checkout, 'a.ts'), 'export const a = 1\n')
})

afterAll(async () => {
  await rm(checkout, { recursive: true, force: true })
})

function config(model = 'anthropic/claude-sonnet-4-5') {
  const inputs: Partial<Record<InputName, string>> = {
    github_token: 'ghs_bridgedagenttest0001',
    model,
    opencode_api_key: 'sk-ant-bridgedagenttest0001',
    opencode_path: '/bin/false'
  }
  return parseConfig((name) => inputs[name as InputName] ?? '')
}

function boot(model?: string) {
  return bootBridgedAgent(config(model), {
    checkout,
    apiKey: '',
    log: { info: () => undefined, warning: () => undefined },
    env: { PATH: process.env['PATH'] ?? '' },
    saveState: () => undefined
  })
}

const start = (model?: string) => ({
  systemPrompt: 'You review pull requests.',
  tools: new RecordingPort(),
  ...(model === undefined ? {} : { model })
})

describe('bootBridgedAgent', () => {
  it('goes to the first start for its model only, and reports a failed boot there', async () => {
    const agent = boot()
    expect(agent.claim(start('openai/gpt-5'))).toBeUndefined()
    const claimed = agent.claim(start())
    expect(claimed).toBeDefined()
    await expect(claimed).rejects.toThrow('opencode serve exited before listening')
    expect(agent.claim(start())).toBeUndefined()
    await agent.release()
  })

  it('says it spawned once it did, and also when its boot failed before any spawn', async () => {
    const spawning = boot()
    await spawning.spawned
    await expect(spawning.claim(start())).rejects.toThrow('opencode serve exited')
    const failing = boot('nowhere/model')
    await failing.spawned
    await expect(failing.claim(start())).rejects.toThrow(
      'no endpoint is known for provider "nowhere"'
    )
  })

  it("is nobody's once released", async () => {
    const agent = boot()
    await agent.release()
    expect(agent.claim(start('anthropic/claude-sonnet-4-5'))).toBeUndefined()
  })
})
