/**
 * A guarded egress. With `enable_web`, the real opencode's `webfetch` of a
 * loopback service (what the metadata endpoint is on a cloud runner) gets an
 * error back, and the service never sees a connection. Plain HTTP, HTTPS
 * (CONNECT) and a name that resolves to loopback are all tried. Without
 * `enable_web`, what opencode fetches on its own from a public name is
 * refused before the name is resolved, and the review completes.
 */
import { jest } from '@jest/globals'
import { mkdtemp, rm, symlink } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findProgram, trustedPath } from '../../src/process/trusted-path.js'
import { startRecordingProxy, type LoopbackServer } from '../egress/loopback-servers.js'
import { addedFile, pass, startScenario, toolResults, type Scenario } from './harness.js'

jest.setTimeout(180_000)

const SECRET = 'AKIAMETADATASECRET0123'

let scenario: Scenario
let service: Server
let connections = 0
let requests = 0

beforeEach(async () => {
  connections = 0
  requests = 0
  service = createServer((_req, res) => {
    requests += 1
    res.writeHead(200, { 'content-type': 'text/plain' }).end(`{"SecretAccessKey":"${SECRET}"}`)
  })
  service.on('connection', () => {
    connections += 1
  })
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
})

afterEach(async () => {
  await scenario.stop()
  service.closeAllConnections()
  await new Promise((resolve) => service.close(resolve))
})

it('webfetch of a loopback service returns an error to the model; the service sees nothing', async () => {
  scenario = await startScenario([addedFile('src/a.ts', ['export const a = 1'])])
  const { port } = service.address() as AddressInfo
  const urls = [
    `http://127.0.0.1:${port}/latest/meta-data/iam/security-credentials/runner`,
    `http://localhost:${port}/latest/meta-data/`,
    `https://127.0.0.1:${port}/latest/meta-data/`
  ]
  scenario.model.enqueue(
    { toolCalls: urls.map((url) => ({ name: 'webfetch', arguments: { url, format: 'text' } })) },
    ...pass(1),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const result = await scenario.run({ inputs: { enable_web: 'true' } })
  expect(result.failed).toBe(false)

  // The request after the fetches carries their results: three errors.
  const answered = scenario.model.requests[1]?.body
  const results = toolResults(answered)
  expect(results).toHaveLength(3)
  for (const text of results) {
    expect(text).not.toContain(SECRET)
    expect(text).toMatch(/\b403\b/)
  }
  expect(connections).toBe(0)
  expect(requests).toBe(0)
  // The refusals are in the action's log, with the reason.
  expect(result.stdout).toMatch(
    /egress refused: GET 127\.0\.0\.1:\d+: 127\.0\.0\.1 is a loopback address/
  )
  expect(result.stdout).toMatch(/egress refused: CONNECT 127\.0\.0\.1:\d+/)
  expect(result.stdout).toMatch(/egress refused: GET localhost:\d+: localhost resolves to /)
})

it("without enable_web, opencode's own fetch of a public name is refused unresolved; the review completes", async () => {
  scenario = await startScenario([addedFile('src/a.ts', ['export const a = 1'])])
  // A PATH with git but no rg: opencode's grep then downloads ripgrep from
  // github.com, through the filter, as on a runner without ripgrep.
  const bin = await mkdtemp(join(tmpdir(), 'path-without-rg-'))
  const git = await findProgram('git', await trustedPath(process.env))
  if (git === undefined) throw new Error('git must be on PATH for this test')
  await symlink(git, join(bin, 'git'))
  // The runner's proxy: whatever the filter let out would arrive here, on loopback.
  const corp: LoopbackServer = await startRecordingProxy()
  // DNS as on the internet (a public address), asked only by the filter.
  const asked: string[] = []
  const resolver = async (name: string) => {
    asked.push(name)
    return name === 'github.com' ? ['140.82.112.3'] : []
  }
  try {
    scenario.model.enqueue(
      ...pass(1, [{ name: 'grep', arguments: { pattern: 'export' } }]),
      ...pass(2),
      ...pass(3),
      ...pass(4)
    )
    const result = await scenario.run({ env: { PATH: bin, HTTPS_PROXY: corp.origin }, resolver })
    expect(result.failed).toBe(false)
    expect(result.outputs['verdict']).toBe('approve')

    // The grep came back to the model as a failure, not as a download.
    const [grepResult] = toolResults(scenario.model.requests[1]?.body)
    expect(grepResult).toMatch(/ripgrep/i)
    expect(grepResult).not.toContain('export const a')
    // Refused by the filter on the name alone, and logged: nothing resolved,
    // nothing sent to the runner's proxy.
    const refusals = result.stdout.split('\n').filter((line) => line.startsWith('egress refused'))
    expect(refusals).toEqual([
      'egress refused: CONNECT github.com:443: github.com is not needed by the review: without enable_web the sidecar reaches only the model proxy and the tool bridge'
    ])
    expect(asked).toEqual([])
    expect(corp.connections).toBe(0)
    expect(result.stdout).toContain(
      'No rg (ripgrep) on PATH: grep and glob will fail (opencode would download it, and without enable_web the egress filter refuses that); install ripgrep on the runner'
    )
  } finally {
    await corp.close()
    await rm(bin, { recursive: true, force: true })
  }
})
