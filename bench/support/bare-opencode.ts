/**
 * A bare `opencode serve`: no config, no flags, a fresh HOME, the same
 * binary. What every start-up bench compares with: its cold start is what
 * opencode itself costs here, before anything this action adds.
 *
 * - ready: spawn -> the "listening" line;
 * - booted: spawn -> the first directory-scoped API answer (`GET /mcp` on
 *   `directory`: the instance bootstrap the sidecar waits for before its MCP
 *   tools are connected; the bare server has none to connect).
 */
import { createOpencodeClient } from '@opencode-ai/sdk/v2'
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { killGroup } from '../../src/process/process-group.js'

export const OPENCODE_BIN = fileURLToPath(
  new URL('../../node_modules/.bin/opencode', import.meta.url)
)

export interface BootSample {
  /** Spawn -> "listening", in ms. */
  readonly ready: number
  /** Spawn -> the first directory-scoped answer, in ms. */
  readonly booted: number
}

function listeningUrl(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let text = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(text)
      if (match?.[1] !== undefined) resolve(match[1])
    })
    child.once('exit', (code) => reject(new Error(`bare opencode exited (${code})`)))
  })
}

export async function bareBoot(directory: string): Promise<BootSample> {
  const home = await mkdtemp(join(tmpdir(), 'bench-bare-'))
  await mkdir(join(home, 'home'))
  const started = performance.now()
  const child = spawn(OPENCODE_BIN, ['serve', '--hostname=127.0.0.1', '--port=0'], {
    cwd: join(home, 'home'),
    env: { PATH: process.env['PATH'] ?? '', HOME: join(home, 'home') },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  try {
    const url = await listeningUrl(child)
    const ready = performance.now() - started
    const client = createOpencodeClient({ baseUrl: url, directory })
    await client.mcp.status(undefined, { throwOnError: true })
    return { ready, booted: performance.now() - started }
  } finally {
    if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL')
    await new Promise((resolve) =>
      child.exitCode === null ? child.once('exit', resolve) : resolve(0)
    )
    await rm(home, { recursive: true, force: true })
  }
}

/** The median of `values` (the upper one of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

/** "min-max" of `values`, rounded to ms: the spread a median hides. */
export function spread(values: readonly number[]): string {
  return `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`
}
