/**
 * ManagedOpenCodeServer: an `opencode serve` process the action starts, owns
 * and always stops. Spawned by hand rather than with the SDK helper, because
 * the helper passes the whole process.env (GitHub token included) and only
 * sends SIGTERM to the leader.
 *
 * - environment: built from scratch (sidecar-env.ts), with a PATH that holds
 *   no relative entry and no folder the pull request controls
 *   (trusted-path.ts);
 * - cwd: a private empty temp dir, never the checkout: Bun (opencode's
 *   runtime) loads `.env` from its cwd, and a PR can ship one;
 * - its own process group (detached), so stop() reaches every child
 *   (ripgrep, MCP clients) with one signal;
 * - HTTP basic auth with a random password, so no other local process can
 *   drive the agent;
 * - a kernel-chosen free port rather than `--port=0` (which tries 4096 first,
 *   see free-port.ts); the URL is still read from the "listening" line.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freeLoopbackPort, isPortInUse } from '../process/free-port.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import {
  buildSidecarEnv,
  SERVER_USERNAME,
  sidecarStateDirs,
  type SidecarEnvInput
} from './sidecar-env.js'
import { isGroupAlive, killGroup } from '../process/process-group.js'
import { trustedPath, type TrustedPath } from '../process/trusted-path.js'

export interface StartOptions {
  readonly binary: string
  /** The (sanitized) directory the agent reviews. */
  readonly directory: string
  /** From buildOpencodeConfig. */
  readonly config: Record<string, unknown>
  readonly providerEnv?: Readonly<Record<string, string>>
  /** The egress filter the sidecar's traffic goes through (sidecar-env.ts). */
  readonly egress?: SidecarEnvInput['egress']
  /** The runner's CA file settings the sidecar keeps (sidecar-env.ts). */
  readonly caSettings?: SidecarEnvInput['caSettings']
  readonly startupTimeoutMs?: number
  /** Time between SIGTERM and SIGKILL when stopping. */
  readonly graceMs?: number
  /**
   * The PATH handed to opencode, which spawns `rg` and `git` by name: only a
   * trusted one (trusted-path.ts). Default: the trusted PATH of this
   * process's environment.
   */
  readonly searchPath?: TrustedPath
  /** Port to serve on; default: one the kernel reports free (see free-port.ts). */
  readonly port?: number
}

/** Start-up attempts when the chosen port was taken before opencode bound it. */
const PORT_ATTEMPTS = 3

const LISTENING = /opencode server listening on (https?:\/\/[^\s]+)/
const MAX_CAPTURE = 16_000
export const DEFAULT_STARTUP_TIMEOUT_MS = 30_000
const DEFAULT_GRACE_MS = 3_000

export class OpencodeStartError extends Error {
  /** The message without the captured output. */
  readonly reason: string
  constructor(
    message: string,
    readonly output: string,
    /** The process that failed, already stopped; undefined when none was spawned. */
    readonly pid?: number
  ) {
    super(`${message}\n--- opencode output ---\n${output.trim() || '(none)'}`)
    this.name = 'OpencodeStartError'
    this.reason = message
  }
}

/** Keeps the tail of the process output for error messages. */
class OutputTail {
  text = ''
  push(chunk: Buffer | string): void {
    this.text = (this.text + chunk.toString()).slice(-MAX_CAPTURE)
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit)
      resolve(false)
    }, ms)
    const onExit = (): void => {
      clearTimeout(timer)
      resolve(true)
    }
    child.once('exit', onExit)
  })
}

export class ManagedOpenCodeServer {
  private stopping: Promise<void> | undefined
  private readonly onProcessExit = (): void => {
    // Synchronous last resort: no time to wait for a grace period here.
    killGroup(this.pid, 'SIGKILL')
    try {
      rmSync(this.stateDir, { recursive: true, force: true, maxRetries: 3 })
    } catch {
      // The post step removes what is left (see leftover.ts).
    }
  }

  private constructor(
    readonly url: string,
    readonly password: string,
    readonly pid: number,
    readonly directory: string,
    private readonly child: ChildProcess,
    private readonly stateDir: string,
    private readonly graceMs: number,
    private readonly output: OutputTail
  ) {
    process.once('exit', this.onProcessExit)
  }

  /** The process group id (the leader's pid: it is spawned detached). */
  get pgid(): number {
    return this.pid
  }

  /** Private HOME/XDG dirs, removed by stop(); recorded for the post step. */
  get stateDirectory(): string {
    return this.stateDir
  }

  /** What opencode printed so far (bounded), for diagnostics. */
  get log(): string {
    return this.output.text
  }

  /** Header for the SDK client: `createOpencodeClient({ headers })`. */
  authHeaders(): Record<string, string> {
    const token = Buffer.from(`${SERVER_USERNAME}:${this.password}`).toString('base64')
    return { Authorization: `Basic ${token}` }
  }

  static async start(options: StartOptions): Promise<ManagedOpenCodeServer> {
    for (let attempt = 1; ; attempt += 1) {
      const port = options.port ?? (await freeLoopbackPort())
      try {
        return await ManagedOpenCodeServer.startOnce(options, port)
      } catch (error) {
        const retry =
          options.port === undefined &&
          attempt < PORT_ATTEMPTS &&
          error instanceof OpencodeStartError &&
          isPortInUse(error.output)
        if (!retry) throw error
      }
    }
  }

  private static async startOnce(
    options: StartOptions,
    port: number
  ): Promise<ManagedOpenCodeServer> {
    const stateDir = await mkdtemp(join(tmpdir(), 'opencode-sidecar-'))
    await Promise.all(sidecarStateDirs(stateDir).map((dir) => mkdir(dir, { recursive: true })))
    const password = randomBytes(24).toString('base64url')
    const env = buildSidecarEnv({
      path: (options.searchPath ?? (await trustedPath(process.env))).path,
      stateDir,
      configJson: JSON.stringify(options.config),
      password,
      ...(options.providerEnv === undefined ? {} : { providerEnv: options.providerEnv }),
      ...(options.egress === undefined ? {} : { egress: options.egress }),
      ...(options.caSettings === undefined ? {} : { caSettings: options.caSettings })
    })
    const output = new OutputTail()
    let child: ChildProcess
    try {
      child = spawn(options.binary, ['serve', '--hostname=127.0.0.1', `--port=${port}`], {
        cwd: join(stateDir, 'home'),
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe']
      })
    } catch (error) {
      await rm(stateDir, { recursive: true, force: true })
      throw new OpencodeStartError(
        `could not spawn ${options.binary}: ${getErrorMessage(error)}`,
        ''
      )
    }
    const graceMs = options.graceMs ?? DEFAULT_GRACE_MS
    try {
      const url = await waitForListening(
        child,
        output,
        options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS,
        options.binary
      )
      // After start-up, keep draining the pipes so opencode never blocks on a full pipe.
      return new ManagedOpenCodeServer(
        url,
        password,
        child.pid as number,
        options.directory,
        child,
        stateDir,
        graceMs,
        output
      )
    } catch (error) {
      if (child.pid !== undefined) await terminate(child, child.pid, graceMs)
      await rm(stateDir, { recursive: true, force: true })
      if (error instanceof OpencodeStartError && child.pid !== undefined) {
        throw new OpencodeStartError(error.reason, error.output, child.pid)
      }
      throw error
    }
  }

  /** SIGTERM to the group, SIGKILL after the grace period. Idempotent. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      try {
        await terminate(this.child, this.pid, this.graceMs)
      } finally {
        process.off('exit', this.onProcessExit)
        await rm(this.stateDir, { recursive: true, force: true })
      }
    })()
    return this.stopping
  }
}

async function terminate(child: ChildProcess, pgid: number, graceMs: number): Promise<void> {
  killGroup(pgid, 'SIGTERM')
  await waitForExit(child, graceMs)
  // The leader may be gone while a child of the group lingers.
  if (isGroupAlive(pgid)) {
    killGroup(pgid, 'SIGKILL')
    await waitForExit(child, graceMs)
    await waitForGroupGone(pgid, graceMs)
  }
}

/** Polls until every member of the group has been reaped (or `ms` passed). */
async function waitForGroupGone(pgid: number, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (isGroupAlive(pgid) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function waitForListening(
  child: ChildProcess,
  output: OutputTail,
  timeoutMs: number,
  binary: string
): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdoutLine = ''
    const cleanup = (): void => {
      clearTimeout(timer)
      child.off('exit', onExit)
      child.off('error', onError)
    }
    const onStdout = (chunk: Buffer): void => {
      output.push(chunk)
      stdoutLine = (stdoutLine + chunk.toString()).slice(-4096)
      const match = LISTENING.exec(stdoutLine)
      if (match?.[1] !== undefined) {
        cleanup()
        resolve(match[1].replace(/\/$/, ''))
      }
    }
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
      cleanup()
      const how = signal === null ? `exit code ${code}` : `signal ${signal}`
      reject(new OpencodeStartError(`opencode serve exited before listening (${how})`, output.text))
    }
    const onError = (error: Error): void => {
      cleanup()
      reject(new OpencodeStartError(`could not start ${binary}: ${error.message}`, output.text))
    }
    const timer = setTimeout(() => {
      cleanup()
      reject(
        new OpencodeStartError(
          `opencode serve did not report "listening" within ${timeoutMs} ms`,
          output.text
        )
      )
    }, timeoutMs)
    child.stdout?.on('data', onStdout)
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    child.once('exit', onExit)
    child.once('error', onError)
  })
}
