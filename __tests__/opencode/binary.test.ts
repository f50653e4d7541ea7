/** Binary resolution: input path, PATH with a version check, tool cache, install. No download. */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'oc-binary-'))
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

  it('installs into the tool cache when nothing matches, then reuses the cache', async () => {
    await fakeOpencode(join(scratch, 'old'), '1.0.0')
    const env = { PATH: `${join(scratch, 'old')}:/usr/bin:/bin`, RUNNER_TOOL_CACHE: scratch }
    const installs: string[] = []
    const install = async (version: string, prefix: string): Promise<void> => {
      installs.push(`${version} ${prefix}`)
      await fakeOpencode(join(prefix, 'node_modules', '.bin'), version)
    }
    const first = await resolveOpencodeBinary({ version: '1.18.33', env, install })
    const prefix = join(scratch, 'opencode-ai', '1.18.33')
    expect(first).toEqual({
      path: join(prefix, 'node_modules', '.bin', 'opencode'),
      source: 'installed'
    })
    const second = await resolveOpencodeBinary({ version: '1.18.33', env, install })
    expect(second).toEqual({ ...first, source: 'cache' })
    expect(installs).toEqual([`1.18.33 ${prefix}`])
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
