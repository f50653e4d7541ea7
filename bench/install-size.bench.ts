/**
 * Cold install of the opencode binary: what the action installs now (only
 * this machine's platform package, platform-package.ts) against what
 * `npm install opencode-ai` installs (every optional platform package npm
 * accepts here: on Linux x64 both the AVX2 and the baseline build).
 *
 * Each install runs into a fresh prefix with a fresh npm cache, so the cache
 * afterwards holds exactly what was downloaded (compressed tarballs and
 * metadata); the disk size is the prefix's node_modules. Downloads from the
 * registry npm is configured with: a bench, not a test.
 */
import { execFile } from 'node:child_process'
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { DEFAULT_OPENCODE_VERSION } from '../src/config/inputs.js'
import { platformFacts } from '../src/opencode/platform-facts.js'
import { opencodePackages } from '../src/opencode/platform-package.js'

const run = promisify(execFile)

/** Bytes under `path`, each inode once (npm may hard-link the binary). */
async function diskBytes(path: string, seen = new Set<number>()): Promise<number> {
  const info = await lstat(path)
  if (seen.has(info.ino)) return 0
  seen.add(info.ino)
  if (!info.isDirectory()) return info.size
  let total = 0
  for (const entry of await readdir(path)) total += await diskBytes(join(path, entry), seen)
  return total
}

interface Measured {
  readonly download: number
  readonly disk: number
}

async function coldInstall(spec: string): Promise<Measured> {
  const root = await mkdtemp(join(tmpdir(), 'bench-install-'))
  try {
    const cache = join(root, 'cache')
    const prefix = join(root, 'prefix')
    await run(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--cache',
        cache,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        // As the action installs: the platform package carries the binary.
        '--ignore-scripts',
        spec
      ],
      { timeout: 30 * 60_000, maxBuffer: 16 * 1024 * 1024 }
    )
    return {
      download: await diskBytes(join(cache, '_cacache', 'content-v2')),
      disk: await diskBytes(join(prefix, 'node_modules'))
    }
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`

export async function main(): Promise<void> {
  // The only bench that leaves the machine: BENCH_OFFLINE=1 skips it.
  if (process.env['BENCH_OFFLINE'] === '1') {
    console.log('skipped (BENCH_OFFLINE=1): it downloads from the npm registry')
    return
  }
  const version = DEFAULT_OPENCODE_VERSION
  const [name] = opencodePackages(await platformFacts())
  if (name === undefined) throw new Error('no opencode package for this machine')
  const before = await coldInstall(`opencode-ai@${version}`)
  const after = await coldInstall(`${name}@${version}`)
  console.log(`opencode-ai@${version} (all platform packages npm accepts here):`)
  console.log(`  download ${mb(before.download)}, disk ${mb(before.disk)}`)
  console.log(`${name}@${version} (what the action installs now):`)
  console.log(`  download ${mb(after.download)}, disk ${mb(after.disk)}`)
  console.log(
    `ratio now/before: download ${(after.download / before.download).toFixed(2)}, disk ${(after.disk / before.disk).toFixed(2)}`
  )
}
