/**
 * opencode in the runner's tool cache (RUNNER_TOOL_CACHE, or the temp dir):
 * a binary of the wanted version installed there by an earlier run, else
 * `npm install <platform package>@<version>` into it (platform-package.ts),
 * one package at a time. npm runs from the trusted PATH with the runner's
 * registry, proxy and CA settings only (behind a TLS-intercepting proxy the
 * registry's certificate is one only the runner's CA files vouch for); a
 * cache the pull request controls is refused, since a binary there could be
 * one the pull request shipped. A failed install ends the attempt: the next
 * candidate package would fail the same way, after as many retries.
 */
import { execFile } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { getErrorMessage } from '../core/errors/error-message.js'
import {
  findProgram,
  isExecutableFile,
  untrustedLocation,
  type TrustedPath
} from '../process/trusted-path.js'
import { platformFacts } from './platform-facts.js'
import { opencodePackages, packageBinary } from './platform-package.js'
import { pickCaSettings } from './sidecar-env.js'

const run = promisify(execFile)

export interface CachedBinary {
  readonly path: string
  readonly source: 'cache' | 'installed'
}

export interface CacheRequest {
  readonly env: Readonly<Record<string, string | undefined>>
  readonly trusted: TrustedPath
  readonly wanted: string
  /** What was tried and why it failed, for the error message; this adds to it. */
  readonly tried: string[]
  readonly log: (message: string) => void
  /** Whether a binary runs here and reports `wanted`; records why not in `tried`. */
  readonly matches: (binary: string, where: string) => Promise<boolean>
  /** The packages to install from, best first (default: this machine's). */
  readonly packages?: readonly string[]
  /** Installs `spec` (`name@version`) under `prefix` (default: npm); tests replace it. */
  readonly install?: (spec: string, prefix: string, env: Record<string, string>) => Promise<void>
}

/**
 * npm keeps the runner's registry, proxy, CA and HOME (~/.npmrc) settings;
 * PATH is the trusted one. Node reads NODE_EXTRA_CA_CERTS but not
 * SSL_CERT_FILE, so a runner that names its roots only in SSL_CERT_FILE has
 * them added as extra roots (a whole bundle or the proxy's root alone both work).
 */
function npmEnv(
  env: Readonly<Record<string, string | undefined>>,
  path: string
): Record<string, string> {
  const out: Record<string, string> = { PATH: path, HOME: env['HOME'] || tmpdir() }
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && /^(npm_config_.*|https?_proxy|no_proxy)$/i.test(name)) {
      out[name] = value
    }
  }
  const ca = pickCaSettings(env)
  Object.assign(out, ca)
  if (ca.NODE_EXTRA_CA_CERTS === undefined && ca.SSL_CERT_FILE !== undefined) {
    out['NODE_EXTRA_CA_CERTS'] = ca.SSL_CERT_FILE
  }
  return out
}

/** npm's own `npm error` lines (the cause), else the error's message; a certificate failure names the fix. */
function npmFailure(error: unknown): string {
  const stderr = (error as { stderr?: unknown } | null)?.stderr
  const lines =
    typeof stderr === 'string'
      ? stderr
          .split('\n')
          .filter((line) => line.startsWith('npm error ') && !/complete log/.test(line))
          .map((line) => line.slice('npm error '.length).trim())
      : []
  const text = lines.length > 0 ? lines.join('; ') : getErrorMessage(error)
  return /CERT|certificate/.test(text)
    ? `${text} (behind a TLS-intercepting proxy, name its root CA in NODE_EXTRA_CA_CERTS or SSL_CERT_FILE)`
    : text
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

/** `<cache>/opencode-ai/<version>`, refused when the PR controls it. */
async function cachePrefix(request: CacheRequest): Promise<string> {
  const cache = request.env['RUNNER_TOOL_CACHE'] || tmpdir()
  const prefix = join(cache, 'opencode-ai', request.wanted)
  const cacheWhere = await untrustedLocation(prefix, request.trusted.untrusted)
  if (cacheWhere !== undefined) {
    throw new Error(
      `No usable opencode ${request.wanted} on PATH, and the tool cache "${cache}" lies ${cacheWhere}, where the pull request controls the files: point RUNNER_TOOL_CACHE outside the workspace or set opencode_path. Tried:\n- ${request.tried.join('\n- ') || 'nothing found on PATH'}`
    )
  }
  return prefix
}

function installer(request: CacheRequest, prefix: string): (spec: string) => Promise<void> {
  const { trusted } = request
  const install =
    request.install ??
    (async (spec: string, into: string, env: Record<string, string>) => {
      const npm = await findProgram('npm', trusted)
      if (npm === undefined) throw new Error(`no npm on the trusted PATH "${trusted.path}"`)
      await npmInstall(npm, spec, into, env)
    })
  return (spec) => install(spec, prefix, npmEnv(request.env, trusted.path))
}

/**
 * A binary of the wanted version already in the tool cache, else the first
 * of the packages that installs and runs; one package at a time, so a
 * machine downloads a second binary only when the first cannot run on it.
 */
export async function fromToolCacheOrInstall(
  request: CacheRequest
): Promise<CachedBinary | undefined> {
  const prefix = await cachePrefix(request)
  const packages = request.packages ?? opencodePackages(await platformFacts())
  const binaries = packages.map((name) => installedBinary(prefix, name))
  for (const binary of binaries) {
    if ((await isExecutableFile(binary)) && (await request.matches(binary, 'cached'))) {
      request.log(`Using cached opencode ${request.wanted}: ${binary}`)
      return { path: binary, source: 'cache' }
    }
  }
  await mkdir(prefix, { recursive: true })
  const install = installer(request, prefix)
  for (const [index, name] of packages.entries()) {
    const spec = `${name}@${request.wanted}`
    request.log(`Installing ${spec} into ${prefix}`)
    try {
      await install(spec)
    } catch (error) {
      request.tried.push(`npm install ${spec} failed: ${npmFailure(error)}`)
      return undefined
    }
    const binary = binaries[index] ?? ''
    if ((await isExecutableFile(binary)) && (await request.matches(binary, 'installed'))) {
      return { path: binary, source: 'installed' }
    }
    if (!(await isExecutableFile(binary))) request.tried.push(`${spec} holds no ${binary}`)
  }
  return undefined
}
