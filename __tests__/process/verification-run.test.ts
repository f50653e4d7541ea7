// The repository's verification commands as the action runs them: real
// shells in a temporary folder, each in its own process group, with the
// scrubbed environment.
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BoundedTail } from '../../src/process/bounded-tail.js'
import { scrubbedEnvironment } from '../../src/process/scrubbed-env.js'
import { runVerification, type VerificationOptions } from '../../src/process/verification-run.js'

let dir: string

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'verification-run-')))
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const options = (extra: Partial<VerificationOptions> = {}): VerificationOptions => ({
  cwd: dir,
  env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' },
  timeoutMs: 60_000,
  killGraceMs: 500,
  ...extra
})

/** Waits (without a deadline of its own: the test's timeout is the bound) until `path` exists. */
async function appears(path: string): Promise<string> {
  while (!existsSync(path)) await new Promise((resolve) => setTimeout(resolve, 20))
  return (await readFile(path, 'utf8')).trim()
}

/** Whether the process is gone: no such pid, or a zombie nobody has reaped yet. */
function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return true
  }
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
}

describe('runVerification', () => {
  it('runs the commands in order in cwd and stops at the first failure', async () => {
    const lines: string[] = []
    const results = await runVerification(
      [
        'echo one >> order.txt',
        'pwd >> order.txt',
        'echo failing; exit 3',
        'echo never >> order.txt'
      ],
      options({ log: (line) => lines.push(line) })
    )
    expect(results.map((r) => [r.command, r.exitCode, r.timedOut])).toEqual([
      ['echo one >> order.txt', 0, false],
      ['pwd >> order.txt', 0, false],
      ['echo failing; exit 3', 3, false]
    ])
    expect(results[2]?.outputTail).toBe('failing\n')
    expect(await readFile(join(dir, 'order.txt'), 'utf8')).toBe(`one\n${dir}\n`)
    expect(lines.at(-1)).toBe('Verification: not run after the failure: "echo never >> order.txt"')
  })

  it('collects stdout and stderr together, with no input', async () => {
    const [result] = await runVerification(
      ['echo to-stdout; echo to-stderr >&2; cat; echo "read $(wc -c) bytes"'],
      options()
    )
    expect(result?.exitCode).toBe(0)
    expect(result?.outputTail).toContain('to-stdout\n')
    expect(result?.outputTail).toContain('to-stderr\n')
    expect(result?.outputTail).toContain('read 0 bytes')
  })

  it('keeps only the end of the output, up to the byte limit', async () => {
    const [result] = await runVerification(
      ["head -c 200000 /dev/zero | tr '\\0' a; echo; echo THE-END"],
      options({ outputTailBytes: 1000 })
    )
    expect(Buffer.byteLength(result?.outputTail ?? '')).toBe(1000)
    expect(result?.outputTail.endsWith('aaaa\nTHE-END\n')).toBe(true)
  })

  it('measures each command with the given clock', async () => {
    const ticks = [100, 125, 200, 260]
    const results = await runVerification(
      ['true', 'true'],
      options({ now: () => ticks.shift() ?? 0 })
    )
    expect(results.map((r) => r.durationMs)).toEqual([25, 60])
  })

  it('reports a command that cannot start, and runs nothing after it', async () => {
    const results = await runVerification(
      ['true', 'echo never'],
      options({ cwd: join(dir, 'missing') })
    )
    expect(results).toHaveLength(1)
    expect(results[0]).toMatchObject({ command: 'true', exitCode: null, timedOut: false })
    expect(results[0]?.outputTail).toMatch(/^could not start \/bin\/sh in .*missing: .*ENOENT/)
  })

  it('says which signal ended a command the time limit did not stop', async () => {
    const [result] = await runVerification(['echo before; kill -KILL $$'], options())
    expect(result).toMatchObject({ exitCode: null, timedOut: false })
    expect(result?.outputTail).toBe('before\n(ended by SIGKILL)')
  })

  it.each([
    ['stops at SIGTERM', 'sleep 1000 & echo $! > grandchild.pid; wait'],
    ['ignores SIGTERM', "trap '' TERM; sleep 1000 & echo $! > grandchild.pid; wait"]
  ])(
    'kills a command that outlives its time limit, with the grandchild it started (it %s)',
    async (_how, command) => {
      // The limit only has to outlast writing the pid file; nothing here is timed.
      const [result] = await runVerification([command, 'echo never'], options({ timeoutMs: 1500 }))
      expect(result).toMatchObject({ exitCode: null, timedOut: true })
      const grandchild = Number(await readFile(join(dir, 'grandchild.pid'), 'utf8'))
      expect(grandchild).toBeGreaterThan(1)
      expect(isGone(grandchild)).toBe(true)
    }
  )

  it('stops what a command left running in the background once it exits', async () => {
    const [result] = await runVerification(
      ['sleep 1000 & echo $! > grandchild.pid; echo done'],
      options()
    )
    expect(result).toMatchObject({ exitCode: 0, timedOut: false, outputTail: 'done\n' })
    expect(isGone(Number(await readFile(join(dir, 'grandchild.pid'), 'utf8')))).toBe(true)
  })
})

describe('the verification environment', () => {
  const token = 'ghs_verificationTokenValue0123456789'
  const modelKey = 'sk-ant-verificationModelKey0123456789'

  it('holds neither the GitHub token nor the model key nor any input or runner service variable', async () => {
    const runner = {
      ...process.env,
      GITHUB_TOKEN: token,
      INPUT_GITHUB_TOKEN: token,
      INPUT_OPENCODE_API_KEY: modelKey,
      INPUT_MODEL: 'anthropic/claude-sonnet-4',
      ACTIONS_RUNTIME_TOKEN: 'runtime-token-value',
      ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.actions.example/oidc',
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'oidc-request-token',
      OPENCODE_API_KEY: modelKey,
      BUILD_SETTING: `--header=Authorization:${token}`,
      GITHUB_WORKSPACE: dir
    }
    const running = runVerification(
      ['echo $$ > shell.pid; while [ ! -e go ]; do sleep 0.05; done'],
      options({ env: scrubbedEnvironment(runner, [token, modelKey]) })
    )
    const pid = await appears(join(dir, 'shell.pid'))
    const environ = await readFile(`/proc/${pid}/environ`, 'utf8')
    await writeFile(join(dir, 'go'), '')
    const [result] = await running

    const names = environ.split('\0').map((entry) => entry.split('=')[0])
    expect(names).toContain('PATH')
    expect(environ.split('\0')).toContain(`GITHUB_WORKSPACE=${dir}`)
    expect(environ).not.toContain(token)
    expect(environ).not.toContain(modelKey)
    expect(names.filter((name) => /^(INPUT|ACTIONS)_/.test(name ?? ''))).toEqual([])
    expect(result?.exitCode).toBe(0)
  })
})

describe('BoundedTail', () => {
  it('keeps the last bytes across chunks, and no half character at the start', () => {
    const tail = new BoundedTail(5)
    tail.push(Buffer.from('abc'))
    tail.push(Buffer.from('dé'))
    tail.push(Buffer.from('fg'))
    // "cdéfg" is 6 bytes ("é" is two): the last 5 are "défg", cut inside nothing.
    expect(tail.text()).toBe('défg')
    tail.push(Buffer.from('h'))
    // "éfgh" is 5 bytes; one more drops half of "é".
    expect(tail.text()).toBe('éfgh')
    tail.push(Buffer.from('i'))
    expect(tail.text()).toBe('fghi')
  })
})
