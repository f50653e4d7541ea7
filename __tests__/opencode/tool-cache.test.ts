/**
 * The tool-cache install with the real npm against a loopback HTTPS registry
 * whose certificate only the runner's CA settings trust, as behind a
 * TLS-intercepting corporate proxy; and the install stops at its first
 * failure instead of trying every candidate package.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtemp, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fromToolCacheOrInstall } from '../../src/opencode/tool-cache.js'
import { trustedPath } from '../../src/process/trusted-path.js'
import { makeTestCertificate, type TestCertificate } from '../egress/test-certificate.js'
import { startLoopbackRegistry, type LoopbackRegistry } from './loopback-registry.js'

const PACKAGE = 'opencode-linux-x64'
const VERSION = '1.18.33'

let identity: TestCertificate
let registry: LoopbackRegistry
let scratch: string

beforeAll(async () => {
  identity = await makeTestCertificate()
  registry = await startLoopbackRegistry(identity, PACKAGE, VERSION)
  scratch = await realpath(await mkdtemp(join(tmpdir(), 'tool-cache-')))
})

afterAll(async () => {
  await registry.close()
  await identity.dispose()
  await rm(scratch, { recursive: true, force: true })
})

/** The runner's environment: its registry, no npm retries (a failure shows at once). */
function runnerEnv(cacheName: string, extra: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env['PATH'] ?? '',
    HOME: join(scratch, `home-${cacheName}`),
    RUNNER_TOOL_CACHE: join(scratch, cacheName),
    npm_config_registry: registry.url,
    npm_config_fetch_retries: '0',
    npm_config_update_notifier: 'false',
    ...extra
  }
}

async function install(cacheName: string, extra: Record<string, string>, packages: string[]) {
  const env = runnerEnv(cacheName, extra)
  const tried: string[] = []
  const installed = await fromToolCacheOrInstall({
    env,
    trusted: await trustedPath(env),
    wanted: VERSION,
    tried,
    log: () => undefined,
    matches: async () => true,
    packages
  })
  return { installed, tried }
}

describe('the opencode install into the tool cache', () => {
  it("trusts what the runner's NODE_EXTRA_CA_CERTS trusts", async () => {
    const { installed, tried } = await install(
      'extra-ca',
      { NODE_EXTRA_CA_CERTS: identity.certFile },
      [PACKAGE]
    )
    expect(tried).toEqual([])
    expect(installed).toEqual({
      path: join(
        scratch,
        'extra-ca',
        'opencode-ai',
        VERSION,
        'node_modules',
        PACKAGE,
        'bin',
        'opencode'
      ),
      source: 'installed'
    })
    expect(registry.paths).toContain(`/${PACKAGE}/-/${PACKAGE}-${VERSION}.tgz`)
  }, 60_000)

  it("trusts what the runner's SSL_CERT_FILE trusts", async () => {
    const { installed, tried } = await install('cert-file', { SSL_CERT_FILE: identity.certFile }, [
      PACKAGE
    ])
    expect(tried).toEqual([])
    expect(installed?.source).toBe('installed')
  }, 60_000)

  it('stops at the first failed install and says what failed', async () => {
    const { installed, tried } = await install('no-ca', {}, [PACKAGE, `${PACKAGE}-baseline`])
    expect(installed).toBeUndefined()
    expect(tried).toHaveLength(1)
    expect(tried[0]).toContain('name its root CA in NODE_EXTRA_CA_CERTS or SSL_CERT_FILE')
    expect(tried[0]).toMatch(
      new RegExp(`^npm install ${PACKAGE}@${VERSION} failed: .*(self.signed|certificate)`, 's')
    )
  }, 60_000)
})
