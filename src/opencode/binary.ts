/**
 * Finds the opencode binary to run, in this order:
 * 1. `opencode_path`, when given (an absolute path to an executable file
 *    outside GITHUB_WORKSPACE and the checkout);
 * 2. an `opencode` on the trusted PATH (trusted-path.ts: no relative entries,
 *    nothing the pull request controls) whose `--version` is
 *    `opencode_version`;
 * 3. a copy installed earlier in the tool cache (RUNNER_TOOL_CACHE, or the
 *    temp dir), reused across runs on self-hosted runners;
 * 4. `npm install <platform package>@<version>` into that cache: only the
 *    package of this machine's binary (platform-package.ts), not
 *    `opencode-ai`, which pulls two 177 MB binaries on Linux x64; the next
 *    package in line only when the first one's binary does not run here.
 * `--version` and npm run with a minimal environment whose PATH is the
 * trusted one: no step may hand the runner's tokens to a binary we have not
 * vetted yet, and none may run a program the pull request shipped.
 */
import { execFile } from 'node:child_process'
import { tmpdir } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { promisify } from 'node:util'
import { z } from 'zod'
import { getErrorMessage } from '../core/errors/error-message.js'
import { formatZodIssues } from '../core/errors/zod-issues.js'
import { fromToolCacheOrInstall, type CachedBinary } from './tool-cache.js'
import {
  isExecutableFile,
  trustedPath,
  untrustedLocation,
  type TrustedPath
} from '../process/trusted-path.js'

const run = promisify(execFile)

const versionSchema = z
  .string()
  .regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/, 'expected an exact version such as "1.18.33"')

export interface ResolveBinaryOptions {
  /** The `opencode_path` input; '' or undefined when not given. */
  readonly opencodePath?: string
  /** The `opencode_version` input. */
  readonly version: string
  /** PATH, GITHUB_WORKSPACE and RUNNER_TOOL_CACHE are read from here (default: process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>
  /** The checkout under review, when it is not GITHUB_WORKSPACE itself. */
  readonly checkout?: string
  /** The trusted PATH, when the caller built it already (default: from env and checkout). */
  readonly trusted?: TrustedPath
  readonly log?: (message: string) => void
  /** The packages to install from, best first (default: this machine's, platform-package.ts). */
  readonly packages?: readonly string[]
  /** Installs `spec` (`name@version`) under `prefix` (default: npm); tests replace it. */
  readonly install?: (spec: string, prefix: string, env: Record<string, string>) => Promise<void>
}

export type ResolvedBinary =
  { readonly path: string; readonly source: 'input' | 'path' } | CachedBinary

/** What a binary not vetted yet runs with: the trusted PATH, nothing of the runner's. */
function minimalEnv(path: string): Record<string, string> {
  return { PATH: path, HOME: tmpdir() }
}

/** The version a binary reports, or the reason it could not tell. */
export async function binaryVersion(binary: string, path: string): Promise<string> {
  const { stdout } = await run(binary, ['--version'], {
    env: minimalEnv(path),
    timeout: 30_000,
    maxBuffer: 64 * 1024
  })
  const match = /\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?/.exec(stdout)
  return match?.[0] ?? stdout.trim()
}

/** Refuses an `opencode_path` the pull request could have put there. */
async function checkGivenPath(given: string, trusted: TrustedPath): Promise<string> {
  if (!isAbsolute(given)) {
    throw new Error(
      `opencode_path "${given}" must be an absolute path: a relative one is looked up from the current directory, which is the workspace the pull request controls`
    )
  }
  const where = await untrustedLocation(given, trusted.untrusted)
  if (where !== undefined) {
    throw new Error(
      `opencode_path "${given}" lies ${where}, where the pull request controls the files: install opencode outside the workspace (e.g. under RUNNER_TEMP or the tool cache) or leave opencode_path empty`
    )
  }
  if (!(await isExecutableFile(given))) {
    throw new Error(`opencode_path "${given}" is not an executable file`)
  }
  return given
}

/** The exact version `opencode_version` asks for; throws naming the input when it is none. */
function wantedVersion(input: string): string {
  const version = versionSchema.safeParse(input.trim())
  if (!version.success) {
    const [problem] = formatZodIssues(version.error.issues, input, { style: 'sentence' })
    throw new Error(`opencode_version "${input}" is invalid: ${problem ?? 'expected a version'}`)
  }
  return version.data
}

/** What the lookups share: the trusted PATH, the version and what was tried so far. */
interface Lookup {
  readonly trusted: TrustedPath
  readonly wanted: string
  readonly tried: string[]
  readonly log: (message: string) => void
  /** Whether a binary runs here and reports `wanted`; records why not in `tried`. */
  readonly matches: (binary: string, where: string) => Promise<boolean>
}

function versionMatcher(
  path: string,
  wanted: string,
  tried: string[]
): (binary: string, where: string) => Promise<boolean> {
  return async (binary, where) => {
    try {
      const found = await binaryVersion(binary, path)
      if (found === wanted) return true
      tried.push(`${where} ${binary} reports version ${found}`)
    } catch (error) {
      tried.push(`${where} ${binary} failed: ${getErrorMessage(error)}`)
    }
    return false
  }
}

/** An `opencode` of the wanted version on the trusted PATH, outside the untrusted roots. */
async function fromPath(lookup: Lookup): Promise<ResolvedBinary | undefined> {
  for (const dir of lookup.trusted.dirs) {
    const candidate = join(dir, 'opencode')
    if (!(await isExecutableFile(candidate))) continue
    if ((await untrustedLocation(candidate, lookup.trusted.untrusted)) !== undefined) continue
    if (await lookup.matches(candidate, 'PATH')) {
      lookup.log(`Using opencode ${lookup.wanted} from PATH: ${candidate}`)
      return { path: candidate, source: 'path' }
    }
  }
  return undefined
}

export async function resolveOpencodeBinary(
  options: ResolveBinaryOptions
): Promise<ResolvedBinary> {
  const env = options.env ?? process.env
  const trusted =
    options.trusted ??
    (await trustedPath(env, options.checkout === undefined ? [] : [options.checkout]))
  const tried = trusted.dropped.map(
    ({ entry, reason }) => `PATH entry ${JSON.stringify(entry)} left out: ${reason}`
  )

  const given = options.opencodePath?.trim() ?? ''
  if (given !== '') return { path: await checkGivenPath(given, trusted), source: 'input' }

  const wanted = wantedVersion(options.version)
  const lookup: Lookup = {
    trusted,
    wanted,
    tried,
    log: options.log ?? (() => undefined),
    matches: versionMatcher(trusted.path, wanted, tried)
  }
  const found =
    (await fromPath(lookup)) ??
    (await fromToolCacheOrInstall({
      ...lookup,
      env,
      ...(options.packages === undefined ? {} : { packages: options.packages }),
      ...(options.install === undefined ? {} : { install: options.install })
    }))
  if (found !== undefined) return found
  throw new Error(
    `No usable opencode ${wanted}: set opencode_path, put opencode ${wanted} on PATH, or allow npm to install it. Tried:\n- ${tried.join('\n- ') || 'nothing found'}`
  )
}
