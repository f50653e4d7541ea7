/**
 * Security invariant 1 with the real opencode binary: the agent can read the
 * workspace and nothing else. Tools it must not have are absent from what the
 * model receives, and calls forced by a hostile model fail without touching
 * the checkout (or the export the sidecar serves).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EXPLORATION_TOOLS, WEB_TOOLS } from '../../src/core/names/tool-names.js'
import { startTestSidecar, type TestSidecar } from '../support/fake-model/sidecar.js'
import { fingerprint, makeGitCheckout } from './checkout.js'
import { toolResults } from './tool-results.js'

const FORBIDDEN = ['write', 'edit', 'apply_patch', 'patch', 'bash', 'task', 'question', 'skill']

function toolNames(body: { tools?: Array<{ function: { name: string } }> }): string[] {
  return (body.tools ?? []).map((tool) => tool.function.name).sort()
}

describe('read-only sidecar (real opencode)', () => {
  let checkout: string
  let outside: string
  let sidecar: TestSidecar
  let before: string

  beforeAll(async () => {
    checkout = await makeGitCheckout({
      'src/app.ts': 'export const answer = 42\n',
      'README.md': '# demo\n'
    })
    outside = await mkdtemp(join(tmpdir(), 'oc-outside-'))
    before = await fingerprint(checkout)
    sidecar = await startTestSidecar({ checkout })
  }, 120_000)

  afterAll(async () => {
    await sidecar?.stop()
    await rm(checkout, { recursive: true, force: true })
    await rm(outside, { recursive: true, force: true })
  })

  it('offers the model only read-only tools: exactly the ones the prompts name', async () => {
    sidecar.fake.enqueue({ text: 'Looks fine.' })
    await sidecar.prompt('Review the change.')
    const tools = toolNames(sidecar.fake.requests[0]?.body)
    expect(tools).toContain('read')
    expect(tools).toContain('grep')
    for (const name of [...FORBIDDEN, 'webfetch', 'websearch']) expect(tools).not.toContain(name)
    expect(tools).toEqual([...EXPLORATION_TOOLS].sort())
  }, 60_000)

  it('makes forced write/edit/patch/bash/task/question/webfetch calls fail and changes nothing', async () => {
    const exported = sidecar.workspace.directory
    const exportBefore = await fingerprint(exported)
    const bashMarker = join(outside, 'bash-ran')
    const forced = [
      { name: 'write', arguments: { filePath: join(exported, 'pwned.txt'), content: 'x' } },
      {
        name: 'edit',
        arguments: {
          filePath: join(exported, 'src/app.ts'),
          oldString: '42',
          newString: '43'
        }
      },
      {
        name: 'apply_patch',
        arguments: {
          patchText: '*** Begin Patch\n*** Add File: pwned2.txt\n+x\n*** End Patch'
        }
      },
      { name: 'bash', arguments: { command: `touch ${bashMarker}`, description: 'touch' } },
      {
        name: 'task',
        arguments: { description: 'x', prompt: 'write a file', subagent_type: 'general' }
      },
      {
        name: 'question',
        arguments: { questions: [{ question: 'ok?', header: 'q', options: [] }] }
      },
      { name: 'webfetch', arguments: { url: 'http://127.0.0.1:9/', format: 'text' } }
    ]
    const requestsBefore = sidecar.fake.requests.length
    sidecar.fake.enqueue({ toolCalls: forced }, { text: 'Done.' })
    await sidecar.prompt('Try to change things.')

    expect(sidecar.fake.requests.length).toBe(requestsBefore + 2)
    const results = toolResults(sidecar)
    expect(results.size).toBe(forced.length)
    for (const content of results.values()) {
      // Each call came back as an error; none reports a success.
      expect(content).toMatch(/unavailable tool|prevents you from using/i)
    }
    expect(existsSync(bashMarker)).toBe(false)
    expect(existsSync(join(exported, 'pwned.txt'))).toBe(false)
    expect(await fingerprint(exported)).toBe(exportBefore)
    expect(await fingerprint(checkout)).toBe(before)
  }, 60_000)

  it('reads inside the workspace work (so the denials above are not a broken sidecar)', async () => {
    const file = join(sidecar.workspace.directory, 'src/app.ts')
    sidecar.fake.enqueue({ toolCalls: [{ name: 'read', arguments: { filePath: file } }] })
    sidecar.fake.enqueue({ text: 'Read it.' })
    await sidecar.prompt('Read the app.')
    const [content] = [...toolResults(sidecar).values()]
    expect(content).toContain('export const answer = 42')
  }, 60_000)
})

describe('web tools with enable_web (real opencode)', () => {
  let checkout: string
  let sidecar: TestSidecar

  beforeAll(async () => {
    checkout = await makeGitCheckout({ 'a.txt': 'a\n' })
    sidecar = await startTestSidecar({ checkout, enableWeb: true })
  }, 120_000)

  afterAll(async () => {
    await sidecar?.stop()
    await rm(checkout, { recursive: true, force: true })
  })

  it('offers webfetch only when enabled, and still nothing that writes: exactly what the prompts name', async () => {
    sidecar.fake.enqueue({ text: 'ok' })
    await sidecar.prompt('Review.')
    const tools = toolNames(sidecar.fake.requests[0]?.body)
    expect(tools).toContain('webfetch')
    for (const name of FORBIDDEN) expect(tools).not.toContain(name)
    expect(tools).toEqual([...EXPLORATION_TOOLS, ...WEB_TOOLS].sort())
  }, 60_000)
})
