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
 *   see free-port.ts); the URL is still read from the "listening" line;
 * - what its instance reads when it boots (the reviewer's prompt, the
 *   provider catalogue) may come after the spawn (writeInstanceFiles), so
 *   the server boots while the review still reads the pull request.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freeLoopbackPort, isPortInUse } from '../process/free-port.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import { killGroup } from '../process/process-group.js'
import { trustedPath, type TrustedPath } from '../process/trusted-path.js'
import { prepareConfigDir } from './config-dir.js'
import { OpencodeStartError, OutputTail, terminate, waitForListening } from './server-process.js'
import {
  buildSidecarEnv,
  instanceFiles,
  SERVER_USERNAME,
  sidecarStateDirs,
  type SidecarEnvInput
} from './sidecar-env.js'

export { OpencodeStartError }

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
  /** Aborting gives the start-up up: the process is stopped, start() rejects. */
  readonly signal?: AbortSignal
  /**
   * Called once, when the process has been spawned (it listens seconds
   * later): work that would only compete with the spawn can start now.
   */
  readonly onSpawn?: () => void
}

/** What the instance reads when it boots (sidecar-env.ts, instanceFiles). */
export interface InstanceFiles {
  /** Merged under the spawn's config, e.g. the reviewer agent's prompt. */
  readonly config?: Record<string, unknown>
  /** The provider catalogue as JSON (models-catalog.ts). */
  readonly models?: string
}

/** Start-up attempts when the chosen port was taken before opencode bound it. */
const PORT_ATTEMPTS = 3

export const DEFAULT_STARTUP_TIMEOUT_MS = 30_000
const DEFAULT_GRACE_MS = 3_000

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
    let spawned = false
    const onSpawn = (): void => {
      if (!spawned) options.onSpawn?.()
      spawned = true
    }
    for (let attempt = 1; ; attempt += 1) {
      const port = options.port ?? (await freeLoopbackPort())
      try {
        return await ManagedOpenCodeServer.startOnce({ ...options, onSpawn }, port)
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
    options.signal?.throwIfAborted()
    const { stateDir, password, env } = await prepareStateDir(options)
    const child = await spawnServer(options, port, stateDir, env)
    options.onSpawn?.()
    const graceMs = options.graceMs ?? DEFAULT_GRACE_MS
    const output = new OutputTail()
    try {
      const url = await waitForListening(child, output, {
        timeoutMs: options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS,
        binary: options.binary,
        signal: options.signal
      })
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

  /**
   * Writes what the instance reads when it boots (see InstanceFiles). Call
   * before the first request for the reviewed directory: opencode reads
   * neither file earlier, and never again once the instance is up.
   */
  async writeInstanceFiles(files: InstanceFiles): Promise<void> {
    const paths = instanceFiles(this.stateDir)
    const writes: Array<[string, string]> = []
    if (files.config !== undefined) writes.push([paths.config, JSON.stringify(files.config)])
    if (files.models !== undefined) writes.push([paths.models, files.models])
    // Whole files or none: written aside, then renamed into place.
    await Promise.all(
      writes.map(async ([path, text]) => {
        await writeFile(`${path}.partial`, text, { mode: 0o600 })
        await rename(`${path}.partial`, path)
      })
    )
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

/** The private state dir (HOME, XDG dirs, instance files), the password and the environment. */
async function prepareStateDir(
  options: StartOptions
): Promise<{ stateDir: string; password: string; env: Record<string, string> }> {
  const stateDir = await mkdtemp(join(tmpdir(), 'opencode-sidecar-'))
  await Promise.all(sidecarStateDirs(stateDir).map((dir) => mkdir(dir, { recursive: true })))
  const password = randomBytes(24).toString('base64url')
  try {
    await prepareConfigDir(join(stateDir, 'config'))
    const env = buildSidecarEnv({
      path: (options.searchPath ?? (await trustedPath(process.env))).path,
      stateDir,
      configJson: JSON.stringify(options.config),
      password,
      ...(options.providerEnv === undefined ? {} : { providerEnv: options.providerEnv }),
      ...(options.egress === undefined ? {} : { egress: options.egress }),
      ...(options.caSettings === undefined ? {} : { caSettings: options.caSettings })
    })
    return { stateDir, password, env }
  } catch (error) {
    await rm(stateDir, { recursive: true, force: true })
    throw error
  }
}

async function spawnServer(
  options: StartOptions,
  port: number,
  stateDir: string,
  env: Record<string, string>
): Promise<ChildProcess> {
  try {
    return spawn(options.binary, ['serve', '--hostname=127.0.0.1', `--port=${port}`], {
      cwd: join(stateDir, 'home'),
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe']
    })
  } catch (error) {
    await rm(stateDir, { recursive: true, force: true })
    throw new OpencodeStartError(`could not spawn ${options.binary}: ${getErrorMessage(error)}`, '')
  }
}
