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
import { constants } from 'node:fs'
import { access, mkdir, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { promisify } from 'node:util'
import { z } from 'zod'
import { getErrorMessage } from '../core/errors/error-message.js'
import { formatZodIssues } from '../core/errors/zod-issues.js'
import { platformFacts } from './platform-facts.js'
import { opencodePackages, packageBinary } from './platform-package.js'
import {
  findProgram,
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
  spec: string,
  prefix: string,
  env: Record<string, string>
): Promise<void> {
  // Scripts skipped: the platform package carries the binary itself.
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
      spec
    ],
    { env, timeout: 10 * 60_000, maxBuffer: 16 * 1024 * 1024 }
  )
}

/** Where the binary of `name`, installed under `prefix`, lies. */
function installedBinary(prefix: string, name: string): string {
  return join(prefix, 'node_modules', name, packageBinary(process.platform))
}

interface ToolCacheLookup {
  readonly prefix: string
  readonly version: string
  /** Best first (platform-package.ts). */
  readonly packages: readonly string[]
  /** Whether a binary runs here and reports `version`; records why not in `tried`. */
  readonly matches: (binary: string, where: string) => Promise<boolean>
  readonly install: (spec: string) => Promise<void>
  readonly log: (message: string) => void
  readonly tried: string[]
}

/**
 * A binary of `version` already in the tool cache, else the first of the
 * packages that installs and runs; one package at a time, so a machine
 * downloads a second binary only when the first cannot run on it.
 */
async function fromToolCache(lookup: ToolCacheLookup): Promise<ResolvedBinary | undefined> {
  const binaries = lookup.packages.map((name) => installedBinary(lookup.prefix, name))
  for (const binary of binaries) {
    if ((await isExecutableFile(binary)) && (await lookup.matches(binary, 'cached'))) {
      lookup.log(`Using cached opencode ${lookup.version}: ${binary}`)
      return { path: binary, source: 'cache' }
    }
  }
  await mkdir(lookup.prefix, { recursive: true })
  for (const [index, name] of lookup.packages.entries()) {
    const spec = `${name}@${lookup.version}`
    lookup.log(`Installing ${spec} into ${lookup.prefix}`)
    try {
      await lookup.install(spec)
    } catch (error) {
      lookup.tried.push(`npm install ${spec} failed: ${getErrorMessage(error)}`)
      continue
    }
    const binary = binaries[index] ?? ''
    if ((await isExecutableFile(binary)) && (await lookup.matches(binary, 'installed'))) {
      return { path: binary, source: 'installed' }
    }
    if (!(await isExecutableFile(binary))) lookup.tried.push(`${spec} holds no ${binary}`)
  }
  return undefined
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
    const [problem] = formatZodIssues(version.error.issues, options.version, { style: 'sentence' })
    throw new Error(
      `opencode_version "${options.version}" is invalid: ${problem ?? 'expected a version'}`
    )
  }
  const wanted = version.data

  const matches = async (binary: string, where: string): Promise<boolean> => {
    try {
      const found = await binaryVersion(binary, path)
      if (found === wanted) return true
      tried.push(`${where} ${binary} reports version ${found}`)
    } catch (error) {
      tried.push(`${where} ${binary} failed: ${getErrorMessage(error)}`)
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
  const found = await fromToolCache({
    prefix,
    version: wanted,
    packages: options.packages ?? opencodePackages(await platformFacts()),
    matches,
    log,
    install: async (spec) => {
      const install =
        options.install ??
        (async (s: string, p: string, e: Record<string, string>) => {
          const npm = await findProgram('npm', trusted)
          if (npm === undefined) throw new Error(`no npm on the trusted PATH "${path}"`)
          await npmInstall(npm, s, p, e)
        })
      await install(spec, prefix, npmEnv(env, path))
    },
    tried
  })
  if (found !== undefined) return found
  throw new Error(
    `No usable opencode ${wanted}: set opencode_path, put opencode ${wanted} on PATH, or allow npm to install it. Tried:\n- ${tried.join('\n- ') || 'nothing found'}`
  )
}
