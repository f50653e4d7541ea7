/**
 * provider_env with the real opencode binary: the running sidecar's
 * environment (read from /proc) holds the listed cloud credentials and the
 * runner's CA file settings, and nothing else of the runner's: no unlisted
 * AWS_* value, no GitHub token.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readProviderCredentials } from '../../src/opencode/provider-credentials.js'
import { ManagedOpenCodeServer } from '../../src/opencode/server.js'
import { pickCaSettings } from '../../src/opencode/sidecar-env.js'
import { OPENCODE_BIN } from '../support/fake-model/sidecar.js'
import { groupMembers, processEnviron } from './group-processes.js'

const RUNNER: Record<string, string> = {
  AWS_ACCESS_KEY_ID: 'AKIATESTSIDECAR00001',
  AWS_SECRET_ACCESS_KEY: 'sidecar/test/secret/access/key/000000001',
  AWS_SESSION_TOKEN: 'FwoGZXIvYXdzEXAMPLESESSIONTOKEN0001',
  AWS_REGION: 'eu-central-1',
  AWS_UNLISTED_SECRET: 'unlisted-aws-value-0001',
  GITHUB_TOKEN: 'ghs_TESTTOKENthatMustNeverReachOpencode0002',
  INPUT_GITHUB_TOKEN: 'ghs_TESTTOKENthatMustNeverReachOpencode0002',
  NODE_EXTRA_CA_CERTS: '/etc/corp/root-ca.pem',
  SSL_CERT_FILE: '/etc/ssl/certs/corp-bundle.pem'
}
const LISTED = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_REGION']

describe('a sidecar started with provider_env credentials', () => {
  let scratch: string
  let server: ManagedOpenCodeServer
  let environs: Array<Record<string, string>>
  const saved: Record<string, string | undefined> = {}

  beforeAll(async () => {
    // The runner's variables sit in this process's environment too, as in a job.
    for (const [name, value] of Object.entries(RUNNER)) {
      saved[name] = process.env[name]
      process.env[name] = value
    }
    scratch = await mkdtemp(join(tmpdir(), 'oc-credentials-'))
    const credentials = readProviderCredentials(LISTED, process.env)
    server = await ManagedOpenCodeServer.start({
      binary: OPENCODE_BIN,
      directory: scratch,
      config: { autoupdate: false, share: 'disabled' },
      providerEnv: credentials.values,
      caSettings: pickCaSettings(process.env),
      startupTimeoutMs: 60_000
    })
    environs = groupMembers(server.pid).map((pid) => processEnviron(pid))
  }, 90_000)

  afterAll(async () => {
    await server?.stop()
    await rm(scratch, { recursive: true, force: true })
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })

  it('holds every listed AWS_* value and the CA settings', () => {
    expect(environs.length).toBeGreaterThan(0)
    for (const env of environs) {
      for (const name of [...LISTED, 'NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE']) {
        expect(env[name]).toBe(RUNNER[name])
      }
    }
  })

  it('holds no unlisted AWS_* value and no GitHub token, under any name', () => {
    for (const env of environs) {
      expect(env).not.toHaveProperty('AWS_UNLISTED_SECRET')
      expect(env).not.toHaveProperty('GITHUB_TOKEN')
      expect(env).not.toHaveProperty('INPUT_GITHUB_TOKEN')
      const values = Object.values(env).join('\n')
      expect(values).not.toContain(RUNNER['AWS_UNLISTED_SECRET'])
      expect(values).not.toContain(RUNNER['GITHUB_TOKEN'])
    }
  })
})
