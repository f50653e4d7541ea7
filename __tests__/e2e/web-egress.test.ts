/**
 * A guarded egress: with `enable_web`, the real opencode's `webfetch` of a
 * loopback service (what the metadata endpoint is on a cloud runner) gets an
 * error back, and the service never sees a connection. Plain HTTP, HTTPS
 * (CONNECT) and a name that resolves to loopback are all tried.
 */
import { jest } from '@jest/globals'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
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
