/** Which opencode package the action installs: this machine's binary only, fallbacks in order. */
import { describe, expect, it } from '@jest/globals'
import { readFile } from 'node:fs/promises'
import { opencodePackages, packageBinary } from '../../src/opencode/platform-package.js'

const linux = { platform: 'linux', arch: 'x64', avx2: true, musl: false }

describe('opencodePackages', () => {
  it('puts the AVX2 build first on a Linux x64 CPU with AVX2', () => {
    expect(opencodePackages(linux)).toEqual([
      'opencode-linux-x64',
      'opencode-linux-x64-baseline',
      'opencode-linux-x64-musl',
      'opencode-linux-x64-baseline-musl'
    ])
  })

  it('puts the baseline build first on a Linux x64 CPU without AVX2', () => {
    expect(opencodePackages({ ...linux, avx2: false })[0]).toBe('opencode-linux-x64-baseline')
    expect(opencodePackages({ ...linux, avx2: false })[1]).toBe('opencode-linux-x64')
  })

  it('puts the musl builds first on a musl libc', () => {
    expect(opencodePackages({ ...linux, musl: true })).toEqual([
      'opencode-linux-x64-musl',
      'opencode-linux-x64-baseline-musl',
      'opencode-linux-x64',
      'opencode-linux-x64-baseline'
    ])
    expect(opencodePackages({ ...linux, avx2: false, musl: true })[0]).toBe(
      'opencode-linux-x64-baseline-musl'
    )
    expect(opencodePackages({ ...linux, arch: 'arm64', musl: true })).toEqual([
      'opencode-linux-arm64-musl',
      'opencode-linux-arm64'
    ])
  })

  it('has no baseline build on arm64 and names Windows "windows"', () => {
    expect(opencodePackages({ ...linux, arch: 'arm64', avx2: false })).toEqual([
      'opencode-linux-arm64',
      'opencode-linux-arm64-musl'
    ])
    expect(opencodePackages({ ...linux, platform: 'darwin', arch: 'arm64' })).toEqual([
      'opencode-darwin-arm64'
    ])
    expect(opencodePackages({ ...linux, platform: 'darwin', avx2: false })).toEqual([
      'opencode-darwin-x64-baseline',
      'opencode-darwin-x64'
    ])
    expect(opencodePackages({ ...linux, platform: 'win32' })).toEqual([
      'opencode-windows-x64',
      'opencode-windows-x64-baseline'
    ])
    expect(packageBinary('win32')).toBe('bin/opencode.exe')
    expect(packageBinary('linux')).toBe('bin/opencode')
  })

  it('refuses a platform without a published binary, naming it', () => {
    expect(() => opencodePackages({ ...linux, platform: 'freebsd' })).toThrow(
      'opencode publishes no binary for platform "freebsd" with arch "x64": expected linux, darwin or win32 on x64 or arm64; set opencode_path to a binary built for this runner'
    )
    expect(() => opencodePackages({ ...linux, arch: 'ia32' })).toThrow(/arch "ia32"/)
  })

  it('names only packages that opencode-ai lists as its platform binaries', async () => {
    const manifest = JSON.parse(
      await readFile('node_modules/opencode-ai/package.json', 'utf8')
    ) as { optionalDependencies: Record<string, string> }
    const published = Object.keys(manifest.optionalDependencies)
    for (const platform of ['linux', 'darwin', 'win32']) {
      for (const arch of ['x64', 'arm64']) {
        for (const avx2 of [true, false]) {
          for (const musl of [true, false]) {
            for (const name of opencodePackages({ platform, arch, avx2, musl })) {
              expect(published).toContain(name)
            }
          }
        }
      }
    }
  })
})
