/** An opencode_version outside the tested series is named in a warning. */
import { describe, expect, it } from '@jest/globals'
import { readFile } from 'node:fs/promises'
import { DEFAULT_OPENCODE_VERSION } from '../../src/config/inputs.js'
import {
  TESTED_OPENCODE_SERIES,
  untestedVersionWarning
} from '../../src/opencode/tested-version.js'

describe('untestedVersionWarning', () => {
  it('stays silent inside the tested series, prereleases included', () => {
    expect(untestedVersionWarning('1.18.0', '1.18')).toBeUndefined()
    expect(untestedVersionWarning('1.18.99-beta.1', '1.18')).toBeUndefined()
  })

  it('names the version and the tested series otherwise', () => {
    expect(untestedVersionWarning('1.19.3', '1.18')).toBe(
      'opencode "1.19.3" is outside the tested series 1.18.x: the read-only sandbox and the session driver were verified on 1.18.x only; use a 1.18.x release or check the review\'s behaviour yourself'
    )
    expect(untestedVersionWarning('2.18.1', '1.18')).toMatch(/^opencode "2\.18\.1" is outside/)
    expect(untestedVersionWarning('1.180.1', '1.18')).toMatch(/^opencode "1\.180\.1" is outside/)
    expect(untestedVersionWarning('1.1.8', '1.18')).toMatch(/outside the tested series 1\.18\.x/)
  })

  it('covers the default version, the binary the tests run and the SDK pinned to it', async () => {
    expect(untestedVersionWarning(DEFAULT_OPENCODE_VERSION)).toBeUndefined()
    const manifest = JSON.parse(await readFile('package.json', 'utf8')) as {
      dependencies: Record<string, string>
      devDependencies: Record<string, string>
    }
    expect(manifest.devDependencies['opencode-ai']).toBe(DEFAULT_OPENCODE_VERSION)
    // The client speaks the server's API of the same release.
    expect(manifest.dependencies['@opencode-ai/sdk']).toBe(DEFAULT_OPENCODE_VERSION)
    expect(DEFAULT_OPENCODE_VERSION.startsWith(`${TESTED_OPENCODE_SERIES}.`)).toBe(true)
  })
})
