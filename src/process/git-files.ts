/**
 * Which files of a checkout git tracks, so the sanitized export can leave out
 * untracked and ignored files that earlier workflow steps wrote into the
 * workspace (credential files such as `gha-creds-*.json`, `.env`, build
 * output).
 *
 * git runs against a repository the PR controls, so it is hardened: no
 * system or global config, no hooks, no fsmonitor (a repository's
 * `core.fsmonitor` is a command git would run), no optional index writes, no
 * pager, and an environment that holds nothing of the runner's but the
 * trusted PATH. git itself is the one found on that PATH (trusted-path.ts),
 * run by its absolute path: never one the PR shipped in a folder a job put
 * on PATH. `ls-files --cached` only reads the index; it never runs filters.
 */
import { runCollected } from './collected-run.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import { lstat } from 'node:fs/promises'
import { dirname, join, sep } from 'node:path'
import { findProgram, trustedPath, type TrustedPath } from './trusted-path.js'

export type TrackedFiles =
  | {
      readonly kind: 'git'
      /** Paths git tracks, relative to the checkout (populated submodules included). */
      readonly files: ReadonlySet<string>
      /** Every directory that holds a tracked path, relative to the checkout. */
      readonly dirs: ReadonlySet<string>
    }
  | { readonly kind: 'not-a-repository'; readonly reason: string }

const HARDENING = [
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.untrackedCache=false',
  // The global config (where actions/checkout records safe.directory) is not
  // read, so a checkout owned by another user (container jobs) would be
  // refused. The ownership check guards against a repository's config running
  // code; the settings above and `ls-files --cached` leave it nothing to run.
  '-c',
  'safe.directory=*'
]

function gitEnv(path: string): NodeJS.ProcessEnv {
  return {
    PATH: path,
    LC_ALL: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat'
  }
}

export interface GitResult {
  readonly code: number | null
  readonly stdout: Buffer
  readonly stderr: string
}

/** Runs hardened git in `cwd`; rejects only when there is no git or it cannot be spawned. */
export async function runGit(
  cwd: string,
  args: readonly string[],
  trusted: TrustedPath
): Promise<GitResult> {
  const git = await findProgram('git', trusted)
  if (git === undefined) throw new Error(`no git on the trusted PATH "${trusted.path}"`)
  return runCollected(git, [...HARDENING, ...args], { cwd, env: gitEnv(trusted.path) })
}

/** True when `dir` or one of its parents holds a `.git` entry. */
export async function looksLikeRepository(dir: string): Promise<boolean> {
  for (let current = dir; ; current = dirname(current)) {
    try {
      await lstat(join(current, '.git'))
      return true
    } catch {
      // not here; try the parent
    }
    if (dirname(current) === current) return false
  }
}

function parse(stdout: Buffer): TrackedFiles {
  const files = new Set<string>()
  const dirs = new Set<string>()
  for (const raw of stdout.toString('utf8').split('\0')) {
    if (raw === '') continue
    const parts = raw.split('/')
    files.add(parts.join(sep))
    for (let depth = 1; depth < parts.length; depth++) dirs.add(parts.slice(0, depth).join(sep))
  }
  return { kind: 'git', files, dirs }
}

/**
 * The tracked files of the repository `root` belongs to, or why there are
 * none. git comes from `trusted` (default: the trusted PATH of this process's
 * environment, with `root` untrusted).
 */
export async function listTrackedFiles(root: string, trusted?: TrustedPath): Promise<TrackedFiles> {
  const search = trusted ?? (await trustedPath(process.env, [root]))
  let result: GitResult
  try {
    result = await runGit(root, ['ls-files', '-z', '--cached', '--recurse-submodules'], search)
  } catch (error) {
    const reason = getErrorMessage(error)
    // Without git we cannot tell tracked from untracked. Where there is no
    // `.git` either (a checkout made through the REST API by actions/checkout
    // in a container without git, a local run) the directory is no repository
    // and the whole tree is what there is. Where there is one, exporting the
    // whole tree would serve exactly the untracked files this module exists
    // to leave out, so we fail closed with a clear error instead.
    if (!(await looksLikeRepository(root))) {
      return { kind: 'not-a-repository', reason: `git could not run (${reason}) and no .git` }
    }
    throw new Error(
      `${root} is a git repository but git could not run (${reason}); install git so the review can export only the tracked files`
    )
  }
  if (result.code === 0) return parse(result.stdout)
  if (/not a git repository/i.test(result.stderr)) {
    return { kind: 'not-a-repository', reason: result.stderr }
  }
  throw new Error(
    `git ls-files failed in ${root} (exit ${String(result.code)}): ${result.stderr || 'no output'}`
  )
}
