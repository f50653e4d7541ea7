/**
 * Which npm package holds the opencode binary for this machine. The
 * `opencode-ai` package pulls every platform's binary it can as optional
 * dependencies (on Linux x64 both the AVX2 and the baseline build, 177 MB
 * each) and picks one in a postinstall script; the action installs only the
 * package it will run, in the same order of preference as that script:
 * the AVX2 build where the CPU has AVX2, the baseline build where it does
 * not, the musl builds on a musl libc (Alpine), each followed by the others
 * as fallbacks should the first not run here.
 */

/** What the choice depends on; `platform` and `arch` as Node names them. */
export interface PlatformFacts {
  readonly platform: string
  readonly arch: string
  /** The CPU has AVX2 (only asked for x64). */
  readonly avx2: boolean
  /** The C library is musl (only asked for Linux). */
  readonly musl: boolean
}

const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  linux: 'linux',
  darwin: 'darwin',
  win32: 'windows'
}

/** The platform/arch pairs opencode publishes a binary for. */
const SUPPORTED = new Set([
  'linux-x64',
  'linux-arm64',
  'darwin-x64',
  'darwin-arm64',
  'windows-x64',
  'windows-arm64'
])

/**
 * The packages to try, best first. Throws for a platform opencode has no
 * binary for, naming it and the supported ones.
 */
export function opencodePackages(facts: PlatformFacts): string[] {
  const platform = PLATFORM_NAMES[facts.platform] ?? facts.platform
  if (!SUPPORTED.has(`${platform}-${facts.arch}`)) {
    throw new Error(
      `opencode publishes no binary for platform "${facts.platform}" with arch "${facts.arch}": expected linux, darwin or win32 on x64 or arm64; set opencode_path to a binary built for this runner`
    )
  }
  const base = `opencode-${platform}-${facts.arch}`
  if (facts.arch !== 'x64') {
    return platform === 'linux'
      ? facts.musl
        ? [`${base}-musl`, base]
        : [base, `${base}-musl`]
      : [base]
  }
  const preferred = facts.avx2 ? [base, `${base}-baseline`] : [`${base}-baseline`, base]
  if (platform !== 'linux') return preferred
  const musl = preferred.map((name) => `${name}-musl`)
  return facts.musl ? [...musl, ...preferred] : [...preferred, ...musl]
}

/** The binary's path inside an installed package folder. */
export function packageBinary(platform: string): string {
  return platform === 'win32' ? 'bin/opencode.exe' : 'bin/opencode'
}
