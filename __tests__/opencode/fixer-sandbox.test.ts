/**
 * The fixer's sandbox with the real opencode binary: it may read and edit the
 * throwaway copy it is served, answer with submit_fix_result, and nothing
 * else. One sidecar serves every case, in order: each later case only adds
 * to the copy what the earlier ones left, and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ToolBridge } from '../../src/bridge/tool-bridge.js'
import { EXPLORATION_TOOLS, FIXER_TOOL_NAME } from '../../src/core/names/tool-names.js'
import { FIXER_AGENT } from '../../src/opencode/config.js'
import { collectFixChanges } from '../../src/opencode/fix-changes.js'
import { createFixCopy, type FixCopy } from '../../src/opencode/fix-copy.js'
import { waitForMcpServers } from '../../src/opencode/mcp-ready.js'
import type { FixerTools, SubmitFixResultArgs } from '../../src/ports/fixer-tools.js'
import { startTestSidecar, type TestSidecar } from '../support/fake-model/sidecar.js'
import { fingerprint, makeGitCheckout } from './checkout.js'
import { toolResults } from './tool-results.js'

/**
 * opencode's editing tools behind its one `edit` permission, as it offers them
 * to this (non-GPT) model: `apply_patch` is offered to GPT models instead.
 */
const EDITING_TOOLS = ['edit', 'write']

class RecordingFixer implements FixerTools {
  readonly calls: SubmitFixResultArgs[] = []
  async submitFixResult(args: SubmitFixResultArgs): Promise<string> {
    this.calls.push(args)
    return 'Answer recorded.'
  }
}

function toolNames(body: unknown): string[] {
  const tools = (body as { tools?: Array<{ function: { name: string } }> }).tools ?? []
  return tools.map((tool) => tool.function.name).sort()
}

/** Plays `calls` as one model step, then ends the turn; returns the results in call order. */
async function play(
  sidecar: TestSidecar,
  calls: Array<{ name: string; arguments: Record<string, unknown> }>
): Promise<string[]> {
  sidecar.fake.enqueue({ toolCalls: calls }, { text: 'Done.' })
  await sidecar.prompt('Fix the findings.')
  return [...toolResults(sidecar).values()].reverse()
}

describe('fixer sidecar (real opencode)', () => {
  let checkout: string
  let outside: string
  let target: string
  let copy: FixCopy
  let bridge: ToolBridge
  let sidecar: TestSidecar
  let checkoutBefore: string
  const fixer = new RecordingFixer()

  beforeAll(async () => {
    outside = await mkdtemp(join(tmpdir(), 'oc-fixer-outside-'))
    target = join(outside, 'target.txt')
    await writeFile(target, 'outside\n')
    checkout = await makeGitCheckout({
      'src/app.ts': 'export const answer = 42\n',
      'leak.txt': { symlink: target }
    })
    checkoutBefore = await fingerprint(checkout)
    bridge = await ToolBridge.start({ fixer })
    sidecar = await startTestSidecar({
      checkout,
      role: FIXER_AGENT,
      workspace: async (dir) => (copy = await createFixCopy(dir)),
      mcpServers: bridge.mcpServers as Record<string, { url: string; token: string }>,
      allowedToolNames: [FIXER_TOOL_NAME],
      systemPrompt: 'You fix review findings.'
    })
    await waitForMcpServers(sidecar.client, ['submit'])
  }, 120_000)

  afterAll(async () => {
    await sidecar?.stop()
    await bridge?.close()
    await rm(checkout, { recursive: true, force: true })
    await rm(outside, { recursive: true, force: true })
  })

  it('offers reading, editing and submit_fix_result only: no shell, web, review tools', async () => {
    sidecar.fake.enqueue({ text: 'Nothing yet.' })
    await sidecar.prompt('Fix the findings.')
    const tools = toolNames(sidecar.fake.requests[0]?.body)
    expect(tools).toEqual([...EXPLORATION_TOOLS, ...EDITING_TOOLS, FIXER_TOOL_NAME].sort())
  }, 60_000)

  it('edits a file of the copy, and collectFixChanges reports exactly that; the checkout is untouched', async () => {
    const app = join(copy.directory, 'src/app.ts')
    await play(sidecar, [{ name: 'read', arguments: { filePath: app } }])
    const [edited, written] = await play(sidecar, [
      { name: 'edit', arguments: { filePath: app, oldString: '42', newString: '43' } },
      {
        name: 'write',
        arguments: { filePath: join(copy.directory, 'src/new.ts'), content: 'export {}\n' }
      }
    ])
    expect(edited).not.toMatch(/error|denied|prevents/i)
    expect(written).not.toMatch(/error|denied|prevents/i)
    expect(await readFile(app, 'utf8')).toBe('export const answer = 43\n')
    const changes = await collectFixChanges(copy.directory, copy.baseline)
    expect(
      changes.map((change) => [
        change.path,
        'contents' in change ? Buffer.from(change.contents).toString('utf8') : 'deleted'
      ])
    ).toEqual([
      ['src/app.ts', 'export const answer = 43\n'],
      ['src/new.ts', 'export {}\n']
    ])
    expect(await fingerprint(checkout)).toBe(checkoutBefore)
  }, 60_000)

  it('refuses a write to an absolute path outside the copy, and a forced bash call', async () => {
    const pwned = join(outside, 'pwned.txt')
    const marker = join(outside, 'bash-ran')
    const results = await play(sidecar, [
      { name: 'write', arguments: { filePath: pwned, content: 'x' } },
      { name: 'bash', arguments: { command: `touch ${marker}`, description: 'touch' } }
    ])
    expect(results).toHaveLength(2)
    // Each call came back as an error; none reports a success.
    for (const result of results)
      expect(result).toMatch(/prevents you from using|unavailable tool/i)
    expect(existsSync(pwned)).toBe(false)
    expect(existsSync(marker)).toBe(false)
  }, 60_000)

  it('holds no symlink leaving the checkout, and a write through its name stays in the copy (and is refused)', async () => {
    const leak = join(copy.directory, 'leak.txt')
    expect(existsSync(leak)).toBe(false)
    expect(copy.baseline.leftOut.map((entry) => entry.path)).toContain('leak.txt')
    await play(sidecar, [{ name: 'write', arguments: { filePath: leak, content: 'pwned\n' } }])
    expect(await readFile(target, 'utf8')).toBe('outside\n')
    await expect(collectFixChanges(copy.directory, copy.baseline)).rejects.toThrow(
      /leak\.txt lies where the copy left out leak\.txt/
    )
    expect(await fingerprint(checkout)).toBe(checkoutBefore)
  }, 60_000)

  it('delivers submit_fix_result to the action process parsed, and returns invalid arguments as an error', async () => {
    const answer = {
      fixed: [{ finding_id: 'F1', description: 'Returned 43.' }],
      rejected: [{ finding_id: 'F2', reason: 'Not a defect.' }]
    }
    const [invalid, valid] = await play(sidecar, [
      { name: FIXER_TOOL_NAME, arguments: { fixed: [{ finding_id: 'F1' }], rejected: [] } },
      { name: FIXER_TOOL_NAME, arguments: answer }
    ])
    expect(invalid).toContain(`Invalid arguments for ${FIXER_TOOL_NAME}`)
    expect(invalid).toMatch(/fixed\[0\]\.description: expected string/)
    expect(valid).toContain('Answer recorded.')
    expect(fixer.calls).toEqual([answer])
  }, 60_000)
})
