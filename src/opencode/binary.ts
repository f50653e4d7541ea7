/**
 * Finds the opencode binary to run, in this order:
 * 1. `opencode_path`, when given (an absolute path to an executable file
 *    outside GITHUB_WORKSPACE and the checkout);
 * 2. an `opencode` on the trusted PATH (trusted-path.ts: no relative entries,
 *    nothing the pull request controls) whose `--version` is
 *    `opencode_version`;
 * 3. a copy installed earlier in the tool cache (RUNNER_TOOL_CACHE, or the
 *    temp dir), reused across runs on self-hosted runners;
 * 4. `npm install opencode-ai@<version>` into that cache.
 * `--version` and npm run with a minimal environment whose PATH is the
 * trusted one: no step may hand the runner's tokens to a binary we have not
 * vetted yet, and none may run a program the pull request shipped.
 */
import { execFile } from 'node:child_process'
import { constants } from 'node:fs'
import { access, mkdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { promisify } from 'node:util'
import { z } from 'zod'
import { findProgram, trustedPath, untrustedLocation, type TrustedPath } from './trusted-path.js'

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
  /** Installs opencode-ai@version under `prefix` (default: npm); tests replace it. */
  readonly install?: (version: string, prefix: string, env: Record<string, string>) => Promise<void>
}

export interface ResolvedBinary {
  readonly path: string
  readonly source: 'input' | 'path' | 'cache' | 'installed'
}

function minimalEnv(path: string): Record<string, string> {
  return { PATH: path, HOME: tmpdir() }
}

/** npm keeps the runner's registry, proxy and HOME (~/.npmrc) settings; PATH is the trusted one. */
function npmEnv(
  env: Readonly<Record<string, string | undefined>>,
  path: string
): Record<string, string> {
  const out = minimalEnv(path)
  if (env['HOME']) out['HOME'] = env['HOME']
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && /^(npm_config_.*|https?_proxy|no_proxy)$/i.test(name)) {
      out[name] = value
    }
  }
  return out
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK)
    return (await stat(path)).isFile()
  } catch {
    return false
  }
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

async function npmInstall(
  npm: string,
  version: string,
  prefix: string,
  env: Record<string, string>
): Promise<void> {
  // Scripts skipped: the platform package already carries the binary.
  await run(
    npm,
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--no-package-lock',
      `opencode-ai@${version}`
    ],
    { env, timeout: 10 * 60_000, maxBuffer: 16 * 1024 * 1024 }
  )
}

/** Binaries an npm install under `prefix` may have produced, best first. */
function installedCandidates(prefix: string): string[] {
  const arch = process.arch === 'x64' ? 'x64' : process.arch
  const platform = process.platform === 'win32' ? 'windows' : process.platform
  return [
    join(prefix, 'node_modules', '.bin', 'opencode'),
    join(prefix, 'node_modules', `opencode-${platform}-${arch}`, 'bin', 'opencode'),
    join(prefix, 'node_modules', `opencode-${platform}-${arch}-baseline`, 'bin', 'opencode')
  ]
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

export async function resolveOpencodeBinary(
  options: ResolveBinaryOptions
): Promise<ResolvedBinary> {
  const env = options.env ?? process.env
  const log = options.log ?? (() => undefined)
  const trusted =
    options.trusted ??
    (await trustedPath(env, options.checkout === undefined ? [] : [options.checkout]))
  const path = trusted.path
  const tried = trusted.dropped.map(
    ({ entry, reason }) => `PATH entry ${JSON.stringify(entry)} left out: ${reason}`
  )

  const given = options.opencodePath?.trim() ?? ''
  if (given !== '') return { path: await checkGivenPath(given, trusted), source: 'input' }

  const version = versionSchema.safeParse(options.version.trim())
  if (!version.success) {
    throw new Error(
      `opencode_version "${options.version}" is invalid: ${version.error.issues[0]?.message ?? 'expected a version'}`
    )
  }
  const wanted = version.data

  const matches = async (binary: string, where: string): Promise<boolean> => {
    try {
      const found = await binaryVersion(binary, path)
      if (found === wanted) return true
      tried.push(`${where} ${binary} reports version ${found}`)
    } catch (error) {
      tried.push(
        `${where} ${binary} failed: ${error instanceof Error ? error.message : String(error)}`
      )
    }
    return false
  }

  for (const dir of trusted.dirs) {
    const candidate = join(dir, 'opencode')
    if (!(await isExecutableFile(candidate))) continue
    if ((await untrustedLocation(candidate, trusted.untrusted)) !== undefined) continue
    if (await matches(candidate, 'PATH')) {
      log(`Using opencode ${wanted} from PATH: ${candidate}`)
      return { path: candidate, source: 'path' }
    }
  }

  const cache = env['RUNNER_TOOL_CACHE'] || tmpdir()
  const prefix = join(cache, 'opencode-ai', wanted)
  const cacheWhere = await untrustedLocation(prefix, trusted.untrusted)
  if (cacheWhere !== undefined) {
    // A binary there could be one the pull request shipped.
    throw new Error(
      `No usable opencode ${wanted} on PATH, and the tool cache "${cache}" lies ${cacheWhere}, where the pull request controls the files: point RUNNER_TOOL_CACHE outside the workspace or set opencode_path. Tried:\n- ${tried.join('\n- ') || 'nothing found on PATH'}`
    )
  }
  const fromCache = async (): Promise<string | undefined> => {
    for (const candidate of installedCandidates(prefix)) {
      if ((await isExecutableFile(candidate)) && (await matches(candidate, 'cached'))) {
        return candidate
      }
    }
    return undefined
  }
  const cached = await fromCache()
  if (cached !== undefined) {
    log(`Using cached opencode ${wanted}: ${cached}`)
    return { path: cached, source: 'cache' }
  }

  log(`Installing opencode-ai@${wanted} into ${prefix}`)
  try {
    await mkdir(prefix, { recursive: true })
    const install =
      options.install ??
      (async (v: string, p: string, e: Record<string, string>) => {
        const npm = await findProgram('npm', trusted)
        if (npm === undefined) throw new Error(`no npm on the trusted PATH "${path}"`)
        await npmInstall(npm, v, p, e)
      })
    await install(wanted, prefix, npmEnv(env, path))
  } catch (error) {
    tried.push(`npm install failed: ${error instanceof Error ? error.message : String(error)}`)
  }
  const installed = await fromCache()
  if (installed !== undefined) return { path: installed, source: 'installed' }
  throw new Error(
    `No usable opencode ${wanted}: set opencode_path, put opencode ${wanted} on PATH, or allow npm to install it. Tried:\n- ${tried.join('\n- ') || 'nothing found'}`
  )
}
