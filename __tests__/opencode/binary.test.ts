/** Binary resolution: input path, PATH with a version check, tool cache, install. No download. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { binaryVersion, resolveOpencodeBinary } from '../../src/opencode/binary.js'
import { OPENCODE_BIN } from '../support/fake-model/sidecar.js'

let scratch: string

async function fakeOpencode(dir: string, version: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  const path = join(dir, 'opencode')
  await writeFile(path, `#!/bin/sh\necho "${version}"\n`)
  await chmod(path, 0o755)
  return path
}

/** A fake opencode that reports `version` but leaves `marker` behind when run at all. */
async function plantedOpencode(dir: string, version: string, marker: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  const path = join(dir, 'opencode')
  await writeFile(path, `#!/bin/sh\ntouch '${marker}'\necho "${version}"\n`)
  await chmod(path, 0o755)
  return path
}

beforeEach(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), 'oc-binary-')))
})

afterEach(async () => {
  await rm(scratch, { recursive: true, force: true })
})

const noInstall = async (): Promise<void> => {
  throw new Error('install must not run')
}

describe('resolveOpencodeBinary', () => {
  it('uses opencode_path as given (the real devDependency binary)', async () => {
    const resolved = await resolveOpencodeBinary({
      opencodePath: OPENCODE_BIN,
      version: '9.9.9',
      env: { PATH: '' },
      install: noInstall
    })
    expect(resolved).toEqual({ path: OPENCODE_BIN, source: 'input' })
    expect(await binaryVersion(OPENCODE_BIN, process.env['PATH'] ?? '')).toBe('1.18.33')
  }, 30_000)

  it('refuses an opencode_path that is not an executable file', async () => {
    await expect(
      resolveOpencodeBinary({ opencodePath: join(scratch, 'nope'), version: '1.18.33' })
    ).rejects.toThrow(`opencode_path "${join(scratch, 'nope')}" is not an executable file`)
  })

  it('takes the first opencode on PATH whose --version matches', async () => {
    const wrong = join(scratch, 'old')
    const right = join(scratch, 'new')
    await fakeOpencode(wrong, '1.0.0')
    const expected = await fakeOpencode(right, '1.18.33')
    const resolved = await resolveOpencodeBinary({
      version: '1.18.33',
      env: { PATH: `${wrong}:${right}:/usr/bin:/bin`, RUNNER_TOOL_CACHE: join(scratch, 'cache') },
      install: noInstall
    })
    expect(resolved).toEqual({ path: expected, source: 'path' })
  })

  it("installs only the machine's package into the tool cache, then reuses the cache", async () => {
    await fakeOpencode(join(scratch, 'old'), '1.0.0')
    const env = { PATH: `${join(scratch, 'old')}:/usr/bin:/bin`, RUNNER_TOOL_CACHE: scratch }
    const packages = ['opencode-linux-x64', 'opencode-linux-x64-baseline']
    const installs: string[] = []
    const install = async (spec: string, prefix: string): Promise<void> => {
      installs.push(`${spec} ${prefix}`)
      const name = spec.slice(0, spec.lastIndexOf('@'))
      await fakeOpencode(join(prefix, 'node_modules', name, 'bin'), '1.18.33')
    }
    const first = await resolveOpencodeBinary({ version: '1.18.33', env, packages, install })
    const prefix = join(scratch, 'opencode-ai', '1.18.33')
    expect(first).toEqual({
      path: join(prefix, 'node_modules', 'opencode-linux-x64', 'bin', 'opencode'),
      source: 'installed'
    })
    const second = await resolveOpencodeBinary({ version: '1.18.33', env, packages, install })
    expect(second).toEqual({ ...first, source: 'cache' })
    expect(installs).toEqual([`opencode-linux-x64@1.18.33 ${prefix}`])
  })

  it('installs the next package only when the first one does not run here', async () => {
    const env = { PATH: '/usr/bin:/bin', RUNNER_TOOL_CACHE: scratch }
    const packages = ['opencode-linux-x64', 'opencode-linux-x64-baseline']
    const installs: string[] = []
    const install = async (spec: string, prefix: string): Promise<void> => {
      installs.push(spec)
      const name = spec.slice(0, spec.lastIndexOf('@'))
      const dir = join(prefix, 'node_modules', name, 'bin')
      await mkdir(dir, { recursive: true })
      // The AVX2 build on a CPU without AVX2: killed by SIGILL.
      const body = name.endsWith('-baseline') ? 'echo "1.18.33"' : 'kill -ILL $$'
      await writeFile(join(dir, 'opencode'), `#!/bin/sh\n${body}\n`)
      await chmod(join(dir, 'opencode'), 0o755)
    }
    const resolved = await resolveOpencodeBinary({ version: '1.18.33', env, packages, install })
    expect(resolved.path).toBe(
      join(
        scratch,
        'opencode-ai',
        '1.18.33',
        'node_modules',
        'opencode-linux-x64-baseline',
        'bin',
        'opencode'
      )
    )
    expect(installs).toEqual(['opencode-linux-x64@1.18.33', 'opencode-linux-x64-baseline@1.18.33'])
  })

  it('explains what it tried when nothing works', async () => {
    await fakeOpencode(join(scratch, 'old'), '1.0.0')
    const failure = resolveOpencodeBinary({
      version: '1.18.33',
      env: { PATH: `${join(scratch, 'old')}:/usr/bin:/bin`, RUNNER_TOOL_CACHE: scratch },
      install: async () => {
        throw new Error('registry unreachable')
      }
    })
    await expect(failure).rejects.toThrow(/No usable opencode 1\.18\.33/)
    await expect(failure).rejects.toThrow(/reports version 1\.0\.0/)
    await expect(failure).rejects.toThrow(/registry unreachable/)
  })

  it('rejects a version that is not exact', async () => {
    await expect(resolveOpencodeBinary({ version: 'latest', env: { PATH: '' } })).rejects.toThrow(
      'opencode_version "latest" is invalid: expected an exact version such as "1.18.33"'
    )
  })
})

describe('resolveOpencodeBinary never runs an opencode the pull request could ship', () => {
  it('skips PATH entries inside GITHUB_WORKSPACE, inside the checkout, relative or empty', async () => {
    const workspace = join(scratch, 'workspace')
    const checkout = join(scratch, 'checkout')
    const marker = (name: string): string => join(scratch, `ran-${name}`)
    const relativeDir = join(scratch, 'relative')
    await plantedOpencode(join(workspace, 'node_modules', '.bin'), '1.18.33', marker('workspace'))
    await plantedOpencode(join(checkout, 'bin'), '1.18.33', marker('checkout'))
    await plantedOpencode(relativeDir, '1.18.33', marker('relative'))
    const expected = await fakeOpencode(join(scratch, 'trusted'), '1.18.33')
    const path = [
      relative(process.cwd(), relativeDir),
      join(workspace, 'node_modules', '.bin'),
      join(checkout, 'bin'),
      join(scratch, 'trusted'),
      '/usr/bin:/bin'
    ].join(':')
    const resolved = await resolveOpencodeBinary({
      version: '1.18.33',
      env: { PATH: path, GITHUB_WORKSPACE: workspace, RUNNER_TOOL_CACHE: join(scratch, 'cache') },
      checkout,
      install: noInstall
    })
    expect(resolved).toEqual({ path: expected, source: 'path' })
    for (const name of ['workspace', 'checkout', 'relative']) {
      expect(existsSync(marker(name))).toBe(false)
    }
  })

  it('skips an opencode on PATH that is a link into the workspace', async () => {
    const workspace = join(scratch, 'workspace')
    const planted = await plantedOpencode(workspace, '1.18.33', join(scratch, 'ran'))
    await mkdir(join(scratch, 'shared'))
    await symlink(planted, join(scratch, 'shared', 'opencode'))
    const failure = resolveOpencodeBinary({
      version: '1.18.33',
      env: {
        PATH: `${join(scratch, 'shared')}:/usr/bin:/bin`,
        GITHUB_WORKSPACE: workspace,
        RUNNER_TOOL_CACHE: join(scratch, 'cache')
      },
      install: async () => undefined
    })
    await expect(failure).rejects.toThrow(/No usable opencode 1\.18\.33/)
    await expect(failure).rejects.toThrow(
      /PATH entry ".*shared" left out: its opencode resolves to/
    )
    expect(existsSync(join(scratch, 'ran'))).toBe(false)
  })

  it('refuses an opencode_path that is relative', async () => {
    await expect(
      resolveOpencodeBinary({ opencodePath: 'node_modules/.bin/opencode', version: '1.18.33' })
    ).rejects.toThrow(
      'opencode_path "node_modules/.bin/opencode" must be an absolute path: a relative one is looked up from the current directory, which is the workspace the pull request controls'
    )
  })

  it('refuses an opencode_path inside GITHUB_WORKSPACE or the checkout, without running it', async () => {
    const workspace = join(scratch, 'workspace')
    const checkout = join(scratch, 'checkout')
    const inWorkspace = await plantedOpencode(workspace, '1.18.33', join(scratch, 'ran'))
    const inCheckout = await plantedOpencode(checkout, '1.18.33', join(scratch, 'ran'))
    await expect(
      resolveOpencodeBinary({
        opencodePath: inWorkspace,
        version: '1.18.33',
        env: { PATH: '/usr/bin:/bin', GITHUB_WORKSPACE: workspace }
      })
    ).rejects.toThrow(
      `opencode_path "${inWorkspace}" lies inside GITHUB_WORKSPACE (${workspace}), where the pull request controls the files: install opencode outside the workspace (e.g. under RUNNER_TEMP or the tool cache) or leave opencode_path empty`
    )
    await expect(
      resolveOpencodeBinary({
        opencodePath: inCheckout,
        version: '1.18.33',
        env: { PATH: '/usr/bin:/bin' },
        checkout
      })
    ).rejects.toThrow(`lies inside the checkout (${checkout})`)
    expect(existsSync(join(scratch, 'ran'))).toBe(false)
  })

  it('refuses a tool cache inside the workspace rather than run what lies there', async () => {
    const workspace = join(scratch, 'workspace')
    const cache = join(workspace, '.cache')
    const prefix = join(cache, 'opencode-ai', '1.18.33', 'node_modules', '.bin')
    await plantedOpencode(prefix, '1.18.33', join(scratch, 'ran'))
    await expect(
      resolveOpencodeBinary({
        version: '1.18.33',
        env: { PATH: '/usr/bin:/bin', GITHUB_WORKSPACE: workspace, RUNNER_TOOL_CACHE: cache },
        install: noInstall
      })
    ).rejects.toThrow(
      `the tool cache "${cache}" lies inside GITHUB_WORKSPACE (${workspace}), where the pull request controls the files`
    )
    expect(existsSync(join(scratch, 'ran'))).toBe(false)
  })
})
