/**
 * No model key in the sidecar: a whole review runs through run() with the
 * real opencode and the fake model, and while the sidecar is answering the
 * model, nothing it holds (the environment of every process in its group,
 * the config opencode serves, its files) contains the key. The key still
 * reaches the model: the model proxy in the action process adds it.
 */
import { jest } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { SIDECAR_STATE_KEY } from '../../src/opencode/leftover.js'
import { groupMembers, processEnviron } from '../opencode/group-processes.js'
import { parseOutputFile } from '../support/action-run.js'
import { FAKE_API_KEY, FAKE_PROVIDER } from '../support/fake-model/index.js'
import { addedFile, pass, startScenario, tool, type Scenario } from './harness.js'

jest.setTimeout(180_000)

let scenario: Scenario
afterEach(async () => {
  await scenario.stop()
})

interface SidecarLook {
  readonly members: number
  readonly environs: string[]
  readonly cmdlines: string[]
  readonly servedConfig: string
  readonly servedProviders: string
  readonly files: string[]
}

/** Every file below `dir` (text of each), skipping what vanished meanwhile. */
async function filesBelow(dir: string): Promise<string[]> {
  const texts: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    texts.push(await readFile(join(entry.parentPath, entry.name), 'utf8').catch(() => ''))
  }
  return texts
}

/** The running sidecar, found through the state the action saved for its post step. */
async function lookAtSidecar(): Promise<SidecarLook> {
  const state = parseOutputFile(await readFile(process.env['GITHUB_STATE'] as string, 'utf8'))
  // One entry per running sidecar (one reviewer here).
  const [sidecar] = JSON.parse(state[SIDECAR_STATE_KEY] as string) as {
    pgid: number
    dirs: string[]
  }[]
  if (sidecar === undefined) throw new Error('the action recorded no sidecar')
  const { pgid, dirs } = sidecar
  const members = groupMembers(pgid)
  const environs = members.map((pid) =>
    Object.entries(processEnviron(pid))
      .map(([name, value]) => `${name}=${value}`)
      .join('\n')
  )
  const cmdlines = members.map((pid) => String(readFileSync(`/proc/${pid}/cmdline`)))
  const leaderEnv = processEnviron(pgid)
  const port = /--port=(\d+)/.exec(cmdlines[members.indexOf(pgid)] ?? '')?.[1]
  const auth = Buffer.from(`opencode:${leaderEnv['OPENCODE_SERVER_PASSWORD']}`).toString('base64')
  const served = async (path: string) =>
    (
      await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { authorization: `Basic ${auth}` }
      })
    ).text()
  return {
    members: members.length,
    environs,
    cmdlines,
    servedConfig: await served('/config'),
    servedProviders: await served('/config/providers'),
    files: await filesBelow(dirs[0] as string)
  }
}

it('a review completes through the model proxy; the sidecar holds no model key anywhere', async () => {
  scenario = await startScenario([addedFile('src/refunds.ts', ['export const total = 1'])])
  const looks: SidecarLook[] = []
  scenario.model.onAgentRequest = async () => {
    if (looks.length === 0) looks.push(await lookAtSidecar())
  }
  scenario.model.enqueue(
    ...pass(1, [tool.post('src/refunds.ts', 1, 8, 'Refund total is hard-coded')]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const result = await scenario.run()

  // The review completed and was published.
  expect(result.failed).toBe(false)
  expect(scenario.pr.reviews).toHaveLength(1)
  expect(result.outputs['findings_posted']).toBe('1')

  // Every model request carried the real key: the proxy put it there.
  expect(scenario.model.requests.length).toBeGreaterThanOrEqual(8)
  for (const request of scenario.model.requests) {
    expect(request.headers['authorization']).toBe(`Bearer ${FAKE_API_KEY}`)
  }

  // While the sidecar ran, none of what it holds had the key.
  const [look] = looks
  expect(look).toBeDefined()
  if (look === undefined) return
  expect(look.members).toBeGreaterThanOrEqual(1)
  for (const text of [...look.environs, ...look.cmdlines, ...look.files]) {
    expect(text).not.toContain(FAKE_API_KEY)
  }
  // What opencode itself resolved as its config: the provider points at the
  // loopback model proxy, with a run token where the key would be.
  expect(look.servedConfig).not.toContain(FAKE_API_KEY)
  expect(look.servedProviders).not.toContain(FAKE_API_KEY)
  const config = JSON.parse(look.servedConfig) as {
    provider: Record<string, { options: { baseURL: string; apiKey: string } }>
  }
  const options = config.provider[FAKE_PROVIDER]?.options
  expect(options?.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/model$/)
  expect(options?.apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect(options?.baseURL).not.toContain(new URL(scenario.model.baseURL).host)
})
