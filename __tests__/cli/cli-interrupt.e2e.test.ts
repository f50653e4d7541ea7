/**
 * Ctrl-C during a local review: the terminal signals the command's process
 * group, which the opencode sidecar (spawned detached) is not in. The command
 * must stop the sidecar, remove its export and the run's lock, and exit 130;
 * a killed command would leave `opencode serve` running with the branch's
 * code. Real opencode, the fake model holding its first answer open.
 */
import { jest } from '@jest/globals'
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { cliBundle, removeCliBundle } from '../support/cli-bundle.js'
import { commandEnv, NODE, refundsRepo, reviewArgs } from '../support/cli-command.js'
import { FakeModel } from '../support/fake-model/index.js'

jest.setTimeout(180_000)

let model: FakeModel
let repo: string
let group: number | undefined
let cli: string
beforeAll(async () => {
  cli = await cliBundle()
})
afterAll(removeCliBundle)
beforeEach(async () => {
  model = await FakeModel.start()
  repo = await refundsRepo()
})
afterEach(async () => {
  // A failed run must not leave the command (or its sidecar) behind.
  if (group !== undefined && alive(group)) process.kill(-group, 'SIGKILL')
  await model.stop()
  await rm(repo, { recursive: true, force: true })
})

/** Process ids of `opencode serve` processes whose parent is in `parents`. */
function sidecarsUnder(parents: ReadonlySet<number>): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (parents.has(ppid) && cmdline.includes('serve')) found.push(Number(entry))
    } catch {
      // The process ended while we looked.
    }
  }
  return found
}

/** The command's process and its children (the sidecar and what it starts). */
function treeOf(root: number): Set<number> {
  const tree = new Set([root])
  for (let grew = true; grew;) {
    grew = false
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || tree.has(Number(entry))) continue
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
        if (tree.has(ppid)) {
          tree.add(Number(entry))
          grew = true
        }
      } catch {
        // gone
      }
    }
  }
  return tree
}

/** Running, not only a zombie waiting for a parent to reap it (the command is gone). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

async function until(what: string, check: () => boolean, ms = 120_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

it('stops the sidecar, removes its export and the lock, and exits 130 on Ctrl-C', async () => {
  model.enqueue({ hang: true })
  // Its own process group, like a terminal's foreground job.
  const child = spawn(NODE, reviewArgs(cli, model.baseURL), {
    cwd: repo,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: commandEnv(repo)
  })
  group = child.pid
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  await until('the first model request', () => model.requests.length > 0)
  const sidecars = sidecarsUnder(treeOf(child.pid!))
  expect(sidecars).toHaveLength(1)
  const exportDir = readlinkSync(`/proc/${sidecars[0]}/cwd`)
  const lock = join(repo, '.git', 'review-my-code-bot', 'feature.json.lock')
  expect(existsSync(exportDir)).toBe(true)
  expect(existsSync(lock)).toBe(true)

  process.kill(-child.pid!, 'SIGINT')

  expect(await exited).toBe(130)
  expect(stderr).toContain('SIGINT: stopping the review agent')
  expect(sidecars.filter(alive)).toEqual([])
  expect(existsSync(exportDir)).toBe(false)
  expect(existsSync(lock)).toBe(false)
})
