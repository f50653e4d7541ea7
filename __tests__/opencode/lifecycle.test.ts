/**
 * ManagedOpenCodeServer's process lifecycle: no opencode process (nor any
 * child of it) survives a completed run, a failed start, a server that
 * ignores SIGTERM, or a parent that exits without stopping it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { createServer, get } from 'node:http'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { isPortInUse } from '../../src/process/free-port.js'
import { ManagedOpenCodeServer, OpencodeStartError } from '../../src/opencode/server.js'
import { OPENCODE_BIN } from '../support/fake-model/sidecar.js'
import { groupMembers } from './group-processes.js'

const run = promisify(execFile)
const PROJECT = fileURLToPath(new URL('../../', import.meta.url))
const SERVER_MODULE = fileURLToPath(new URL('../../src/opencode/server.ts', import.meta.url))
const LISTENING = 'echo "opencode server listening on http://127.0.0.1:9"'

let scratch: string

/**
 * GET on a fresh connection. Not fetch: its keep-alive pool is shared by the
 * test files of a jest worker, and a socket kept from an earlier server on
 * the same port (opencode tries 4096 first) would answer ECONNRESET.
 */
function status(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent: false }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    }).on('error', reject)
  })
}

/** A stand-in `opencode` binary: a shell script. */
async function fakeBinary(name: string, body: string): Promise<string> {
  const path = join(scratch, name)
  await writeFile(path, `#!/bin/sh\n${body}\n`)
  await chmod(path, 0o755)
  return path
}

async function eventually(check: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (check()) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return check()
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'oc-lifecycle-'))
})

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

describe('ManagedOpenCodeServer with the real binary', () => {
  it('serves an authenticated API and leaves no process after stop()', async () => {
    const server = await ManagedOpenCodeServer.start({
      binary: OPENCODE_BIN,
      directory: scratch,
      config: { autoupdate: false, share: 'disabled' },
      startupTimeoutMs: 60_000
    })
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(groupMembers(server.pid)).toContain(server.pid)
      expect(await status(`${server.url}/config`)).toBe(401)
      expect(await status(`${server.url}/config`, server.authHeaders())).toBe(200)
    } finally {
      await server.stop()
    }
    expect(groupMembers(server.pid)).toEqual([])
  }, 90_000)

  it('kills the process when start-up times out, and says so with the output', async () => {
    const failure = await ManagedOpenCodeServer.start({
      binary: OPENCODE_BIN,
      directory: scratch,
      config: {},
      startupTimeoutMs: 1
    }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(OpencodeStartError)
    const error = failure as OpencodeStartError
    expect(error.message).toContain('did not report "listening" within 1 ms')
    expect(error.pid).toBeGreaterThan(1)
    expect(groupMembers(error.pid as number)).toEqual([])
  }, 60_000)

  it('fails on a taken port with output the start-up retry recognises', async () => {
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const address = blocker.address()
    const port = typeof address === 'object' && address !== null ? address.port : 0
    try {
      const failure = await ManagedOpenCodeServer.start({
        binary: OPENCODE_BIN,
        directory: scratch,
        config: {},
        port,
        startupTimeoutMs: 60_000
      }).catch((error: unknown) => error as OpencodeStartError)
      expect(failure).toBeInstanceOf(OpencodeStartError)
      expect(isPortInUse((failure as OpencodeStartError).output)).toBe(true)
      expect(groupMembers((failure as OpencodeStartError).pid as number)).toEqual([])
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  }, 60_000)
})

describe('ManagedOpenCodeServer with stand-in binaries', () => {
  it('reports an early exit with its exit code and output', async () => {
    const binary = await fakeBinary('crash', 'echo "boom: bad config" >&2\nexit 3')
    const failure = await ManagedOpenCodeServer.start({ binary, directory: scratch, config: {} })
      .then(() => undefined)
      .catch((error: unknown) => error as OpencodeStartError)
    expect(failure?.message).toContain('exited before listening (exit code 3)')
    expect(failure?.output).toContain('boom: bad config')
  })

  it('reports a binary that does not exist', async () => {
    const failure = await ManagedOpenCodeServer.start({
      binary: join(scratch, 'missing-opencode'),
      directory: scratch,
      config: {}
    }).catch((error: unknown) => error as OpencodeStartError)
    expect(failure).toBeInstanceOf(OpencodeStartError)
    expect((failure as Error).message).toContain('missing-opencode')
  })

  it('SIGKILLs a group that ignores SIGTERM, children included', async () => {
    const binary = await fakeBinary(
      'stubborn',
      `trap '' TERM\n${LISTENING}\nsleep 300 &\nwhile true; do sleep 1; done`
    )
    const server = await ManagedOpenCodeServer.start({
      binary,
      directory: scratch,
      config: {},
      graceMs: 200
    })
    expect(await eventually(() => groupMembers(server.pid).length >= 2)).toBe(true)
    await server.stop()
    expect(groupMembers(server.pid)).toEqual([])
  })

  it('kills the group when the parent exits without stopping it', async () => {
    const binary = await fakeBinary('long', `${LISTENING}\nsleep 300`)
    const script = join(scratch, 'parent.mts')
    await writeFile(
      script,
      [
        `import { ManagedOpenCodeServer } from ${JSON.stringify(SERVER_MODULE)}`,
        `const server = await ManagedOpenCodeServer.start({ binary: ${JSON.stringify(binary)}, directory: '/tmp', config: {} })`,
        'console.log(JSON.stringify({ pid: server.pid, state: server.stateDirectory }))',
        'process.exit(0)'
      ].join('\n')
    )
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
      cwd: PROJECT,
      env: { PATH: process.env['PATH'] ?? '' }
    })
    const { pid, state } = JSON.parse(stdout) as { pid: number; state: string }
    expect(pid).toBeGreaterThan(1)
    expect(await eventually(() => groupMembers(pid).length === 0)).toBe(true)
    expect(existsSync(state)).toBe(false)
  }, 30_000)
})
