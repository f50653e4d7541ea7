/**
 * Binaries from the PR, through the real start-up path (startOpencodeAgent
 * with the real opencode binary and the fake model): a job put folders of the
 * workspace on PATH, and a relative entry too. The `opencode`, `git` and `rg`
 * shipped there leave a marker when run and then hand over to the real
 * program, so a review works either way and only the markers tell. None may
 * be run: not for `--version`, not for `git ls-files`, not by the sidecar's
 * grep and glob; the sidecar's PATH holds none of those entries.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readdir, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { delimiter, isAbsolute, join, relative } from 'node:path'
import { ToolBridge } from '../../src/bridge/tool-bridge.js'
import { startOpencodeAgent, type OpencodeAgent } from '../../src/opencode/agent-runtime.js'
import { RecordingPort } from '../bridge/recording-port.js'
import {
  FAKE_API_KEY,
  FAKE_MODEL,
  FakeModel,
  fakeProviderOverrides
} from '../support/fake-model/index.js'
import { OPENCODE_BIN } from '../support/fake-model/sidecar.js'
import { scratchGit } from './checkout.js'
import { groupMembers, processEnviron } from './group-processes.js'

const PROGRAMS = ['opencode', 'git', 'rg'] as const

function which(name: string): string {
  return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim()
}

/** A fake `name` in `dir` that records it ran, then runs the real program. */
async function plant(dir: string, name: string, markers: string, real: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  const label = relative(tmpdir(), dir).replace(/[^A-Za-z0-9]+/g, '_')
  const path = join(dir, name)
  await writeFile(
    path,
    `#!/bin/sh\necho "$0 $*" > '${join(markers, `${label}-${name}`)}'\nexec '${real}' "$@"\n`
  )
  await chmod(path, 0o755)
}

describe('a PATH holding folders of the workspace and relative entries', () => {
  let root: string
  let workspace: string
  let checkout: string
  let markers: string
  let hostile: string[]
  let fake: FakeModel
  let bridge: ToolBridge
  let agent: OpencodeAgent
  const infos: string[] = []
  const warnings: string[] = []
  const savedPath = process.env['PATH']

  beforeAll(async () => {
    root = await realpath(await mkdtemp(join(tmpdir(), 'oc-trusted-')))
    workspace = join(root, 'workspace')
    checkout = join(workspace, 'pr')
    markers = join(root, 'markers')
    await mkdir(markers, { recursive: true })
    await mkdir(join(checkout, 'src'), { recursive: true })
    await writeFile(join(checkout, 'src/app.ts'), 'export const needle = 42\n')
    const real = {
      opencode: await realpath(OPENCODE_BIN),
      git: await realpath(which('git')),
      rg: await realpath(which('rg'))
    }
    // Shipped by the PR (committed), beside the checkout in the workspace, and
    // behind a relative entry (relative to this process's directory).
    const inCheckout = join(checkout, 'node_modules/.bin')
    const inWorkspace = join(workspace, 'tools/bin')
    const relativeDir = join(root, 'relative/bin')
    for (const dir of [inCheckout, inWorkspace, relativeDir]) {
      for (const name of PROGRAMS) await plant(dir, name, markers, real[name])
    }
    scratchGit(checkout, 'init', '-q', '-b', 'main')
    scratchGit(checkout, 'add', '-A')
    scratchGit(checkout, 'commit', '-q', '-m', 'PR head')
    // The genuine opencode, outside the workspace.
    const trustedBin = join(root, 'trusted-bin')
    await mkdir(trustedBin)
    await symlink(real.opencode, join(trustedBin, 'opencode'))
    const relativeEntry = relative(process.cwd(), relativeDir)
    expect(isAbsolute(relativeEntry)).toBe(false)
    hostile = [relativeEntry, '', inCheckout, inWorkspace]
    const path = [...hostile, trustedBin, savedPath ?? '/usr/bin:/bin'].join(delimiter)
    // The runner's PATH is this process's PATH too.
    process.env['PATH'] = path
    fake = await FakeModel.start()
    bridge = await ToolBridge.start({ port: new RecordingPort() })
    agent = await startOpencodeAgent({
      checkout,
      model: FAKE_MODEL,
      apiKey: FAKE_API_KEY,
      enableWeb: false,
      overrides: fakeProviderOverrides(fake.baseURL),
      opencodeVersion: '1.18.33',
      opencodePath: '',
      mcpServers: bridge.mcpServers,
      systemPrompt: 'You review pull requests.',
      log: { info: (line) => infos.push(line), warning: (line) => warnings.push(line) },
      saveState: () => undefined,
      env: {
        PATH: path,
        HOME: root,
        GITHUB_WORKSPACE: workspace,
        RUNNER_TOOL_CACHE: join(root, 'tool-cache')
      },
      startupTimeoutMs: 60_000
    })
  }, 180_000)

  afterAll(async () => {
    process.env['PATH'] = savedPath
    await agent?.stop()
    await bridge?.close()
    await fake?.stop()
    await rm(root, { recursive: true, force: true })
  }, 60_000)

  it('reviews with the real programs and runs none of the planted ones', async () => {
    const exported = agent.server.directory
    fake.enqueue(
      {
        toolCalls: [
          { name: 'grep', arguments: { pattern: 'needle', path: exported } },
          { name: 'glob', arguments: { pattern: '**/*.ts', path: exported } }
        ]
      },
      { text: 'Reviewed.' }
    )
    const turn = await agent.session.prompt('Review the change.', { deadlineMs: 90_000 })
    expect(turn.error).toBeUndefined()
    expect(turn.toolCalls.map((call) => `${call.name}:${call.status}`).sort()).toEqual([
      'glob:completed',
      'grep:completed'
    ])
    const results = JSON.stringify(fake.requests.at(-1)?.body.messages.slice(-2))
    expect(results).toContain('export const needle = 42')
    expect(results).toContain('app.ts')
    expect(await readdir(markers)).toEqual([])
    expect(infos.join('\n')).toContain(`opencode: ${join(root, 'trusted-bin', 'opencode')} (path)`)
  }, 120_000)

  it('gives the sidecar a PATH without relative entries or folders of the workspace', () => {
    const members = groupMembers(agent.server.pid)
    expect(members).toContain(agent.server.pid)
    for (const pid of members) {
      const entries = (processEnviron(pid)['PATH'] ?? '').split(delimiter)
      expect(entries.length).toBeGreaterThan(0)
      for (const entry of entries) {
        expect(isAbsolute(entry)).toBe(true)
        expect(entry.startsWith(workspace)).toBe(false)
      }
      for (const entry of hostile) expect(entries).not.toContain(entry)
    }
  })

  it('says which PATH entries it left out', () => {
    const said = warnings.join('\n')
    for (const entry of hostile.filter((entry) => entry !== '')) expect(said).toContain(entry)
    expect(existsSync(join(root, 'tool-cache'))).toBe(false)
  })
})
