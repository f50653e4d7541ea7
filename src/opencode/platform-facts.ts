/**
 * Reads the facts platform-package.ts chooses by, from this machine, the way
 * opencode's own postinstall does: AVX2 from /proc/cpuinfo (Linux) or sysctl
 * (macOS); musl when Node was not built against glibc. Whatever cannot be
 * read counts as absent (no AVX2: the baseline build runs everywhere).
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import type { PlatformFacts } from './platform-package.js'

const run = promisify(execFile)

async function hasAvx2(platform: string, arch: string): Promise<boolean> {
  if (arch !== 'x64') return false
  try {
    if (platform === 'linux') {
      return /(^|\s)avx2(\s|$)/i.test(await readFile('/proc/cpuinfo', 'utf8'))
    }
    if (platform === 'darwin') {
      const { stdout } = await run('/usr/sbin/sysctl', ['-n', 'hw.optional.avx2_0'], {
        timeout: 5000
      })
      return stdout.trim() === '1'
    }
  } catch {
    // Unknown: the baseline build is the one that surely runs.
  }
  return false
}

/** glibc builds of Node report the glibc version they run on; musl builds do not. */
function isMusl(platform: string): boolean {
  if (platform !== 'linux') return false
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } }
  return report?.header?.glibcVersionRuntime === undefined
}

export async function platformFacts(): Promise<PlatformFacts> {
  const { platform, arch } = process
  return { platform, arch, avx2: await hasAvx2(platform, arch), musl: isMusl(platform) }
}
