/**
 * git for local mode: the `git` found on the trusted PATH (never one inside
 * the repository under review, see opencode/trusted-path.ts), run by its
 * absolute path with an environment built from scratch: the trusted PATH,
 * HOME (so the developer's own identity and settings apply, as they do to
 * every git they run), and no GIT_DIR or similar that the caller's shell may
 * have set. Hooks and fsmonitor never run: reading a branch must not run code
 * from it, and none of the commands used here needs them.
 */
import { runCollected } from '../process/collected-run.js'
import { findProgram, trustedPath, type TrustedPath } from '../process/trusted-path.js'

const HARDENING = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false']

/** Variables of the caller's environment git may see: where its config lives. */
const PASSED_THROUGH = ['HOME', 'XDG_CONFIG_HOME', 'USERPROFILE'] as const

export interface GitRun {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

export class GitCommandError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly result: GitRun
  ) {
    super(
      `git ${args.join(' ')} failed (exit ${String(result.code)}): ${result.stderr || 'no output'}`
    )
    this.name = 'GitCommandError'
  }
}

export class LocalGit {
  private constructor(
    private readonly git: string,
    private readonly trusted: TrustedPath,
    private readonly env: Readonly<Record<string, string | undefined>>,
    /** The directory git runs in. */
    readonly cwd: string
  ) {}

  /** git on the trusted PATH of `env`, with `untrusted` (the work tree) never searched. */
  static async find(
    cwd: string,
    env: Readonly<Record<string, string | undefined>>,
    untrusted: readonly string[] = [cwd]
  ): Promise<LocalGit> {
    const trusted = await trustedPath(env, untrusted)
    const git = await findProgram('git', trusted)
    if (git === undefined) throw new Error(`no git on the trusted PATH "${trusted.path}"`)
    return new LocalGit(git, trusted, env, cwd)
  }

  /** The same git, run in another directory. */
  at(cwd: string): LocalGit {
    return new LocalGit(this.git, this.trusted, this.env, cwd)
  }

  /** Runs git; resolves with whatever it said, whatever its exit code. */
  async run(args: readonly string[], extraEnv: Record<string, string> = {}): Promise<GitRun> {
    const env: NodeJS.ProcessEnv = {
      PATH: this.trusted.path,
      LC_ALL: 'C',
      GIT_TERMINAL_PROMPT: '0',
      GIT_PAGER: 'cat',
      GIT_OPTIONAL_LOCKS: '0',
      // A clone's checkout must not fetch large files over the network.
      GIT_LFS_SKIP_SMUDGE: '1',
      ...extraEnv
    }
    for (const name of PASSED_THROUGH) {
      const value = this.env[name]
      if (value !== undefined && value !== '') env[name] = value
    }
    const run = await runCollected(this.git, [...HARDENING, ...args], { cwd: this.cwd, env })
    return { ...run, stdout: run.stdout.toString('utf8') }
  }

  /** Runs git; its stdout, or a GitCommandError naming the command and what git said. */
  async output(args: readonly string[], extraEnv: Record<string, string> = {}): Promise<string> {
    const result = await this.run(args, extraEnv)
    if (result.code !== 0) throw new GitCommandError(args, result)
    return result.stdout
  }

  /** The trimmed first line of stdout; undefined when git failed or said nothing. */
  async value(args: readonly string[]): Promise<string | undefined> {
    const result = await this.run(args)
    const line = result.stdout.split('\n')[0]?.trim() ?? ''
    return result.code === 0 && line !== '' ? line : undefined
  }
}
