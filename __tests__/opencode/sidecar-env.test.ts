/** The sidecar environment is built from scratch: nothing from the runner leaks in. */
import { describe, expect, it } from '@jest/globals'
import {
  buildSidecarEnv,
  DISABLE_FLAGS,
  instanceFiles,
  pickCaSettings
} from '../../src/opencode/sidecar-env.js'

const base = { path: '/usr/bin:/bin', stateDir: '/tmp/state', configJson: '{}', password: 'pw' }

describe('buildSidecarEnv', () => {
  it('holds PATH, private HOME/XDG dirs, our config, the flags and the password only', () => {
    const env = buildSidecarEnv(base)
    expect(env['PATH']).toBe('/usr/bin:/bin')
    expect(env['HOME']).toBe('/tmp/state/home')
    for (const name of ['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME']) {
      expect(env[name]?.startsWith('/tmp/state/')).toBe(true)
    }
    expect(env['OPENCODE_CONFIG_CONTENT']).toBe('{}')
    expect(env['OPENCODE_SERVER_PASSWORD']).toBe('pw')
    for (const flag of DISABLE_FLAGS) expect(env[flag]).toBe('1')
    for (const name of Object.keys(env)) {
      expect(name).toMatch(/^(PATH|HOME|TMPDIR|XDG_[A-Z]+_HOME|OPENCODE_[A-Z_]+)$/)
    }
  })

  it('points OPENCODE_CONFIG and OPENCODE_MODELS_PATH at files in the private state dir', () => {
    const env = buildSidecarEnv(base)
    expect(env['OPENCODE_CONFIG']).toBe(instanceFiles('/tmp/state').config)
    expect(env['OPENCODE_MODELS_PATH']).toBe(instanceFiles('/tmp/state').models)
    for (const path of Object.values(instanceFiles('/tmp/state'))) {
      expect(path.startsWith('/tmp/state/instance/')).toBe(true)
    }
  })

  it('never reads process.env', () => {
    process.env['INPUT_GITHUB_TOKEN'] = 'ghs_secret'
    try {
      expect(Object.values(buildSidecarEnv(base))).not.toContain('ghs_secret')
    } finally {
      delete process.env['INPUT_GITHUB_TOKEN']
    }
  })

  it('adds cloud credentials but refuses reserved names and anything off the allowlist', () => {
    const providerEnv = {
      AWS_ACCESS_KEY_ID: 'AKIA0000',
      GOOGLE_APPLICATION_CREDENTIALS: '/tmp/creds.json',
      VERTEX_LOCATION: 'us-east5',
      AZURE_RESOURCE_NAME: 'corp'
    }
    expect(buildSidecarEnv({ ...base, providerEnv })).toMatchObject(providerEnv)
    for (const name of [
      'GITHUB_TOKEN',
      'INPUT_X',
      'ACTIONS_RUNTIME_TOKEN',
      'OPENCODE_PERMISSION'
    ]) {
      expect(() => buildSidecarEnv({ ...base, providerEnv: { [name]: 'x' } })).toThrow(
        `providerEnv must not set "${name}": reserved for the sidecar's sandbox`
      )
    }
    for (const name of ['ANTHROPIC_API_KEY', 'NODE_OPTIONS', 'LD_PRELOAD', 'aws_access_key_id']) {
      expect(() => buildSidecarEnv({ ...base, providerEnv: { [name]: 'x' } })).toThrow(
        `providerEnv must not set "${name}": only AWS_*, GOOGLE_APPLICATION_CREDENTIALS, GOOGLE_CLOUD_*, GOOGLE_VERTEX_*, VERTEX_* and AZURE_* credentials reach the sidecar`
      )
    }
  })

  it("keeps the runner's CA file settings, and only those", () => {
    const runner = {
      NODE_EXTRA_CA_CERTS: '/etc/corp/root.pem',
      SSL_CERT_FILE: '/etc/ssl/corp-bundle.pem',
      SSL_CERT_DIR: ' ',
      GITHUB_TOKEN: 'ghs_secret',
      NODE_OPTIONS: '--require /tmp/x.js'
    }
    const caSettings = pickCaSettings(runner)
    expect(caSettings).toEqual({
      NODE_EXTRA_CA_CERTS: '/etc/corp/root.pem',
      SSL_CERT_FILE: '/etc/ssl/corp-bundle.pem'
    })
    const env = buildSidecarEnv({ ...base, caSettings })
    expect(env['NODE_EXTRA_CA_CERTS']).toBe('/etc/corp/root.pem')
    expect(env['SSL_CERT_FILE']).toBe('/etc/ssl/corp-bundle.pem')
    expect(env).not.toHaveProperty('SSL_CERT_DIR')
    expect(env).not.toHaveProperty('NODE_OPTIONS')
    expect(Object.values(env)).not.toContain('ghs_secret')
  })

  it('refuses a PATH with a relative or empty entry', () => {
    for (const path of ['node_modules/.bin:/usr/bin', '/usr/bin::/bin', '.']) {
      expect(() => buildSidecarEnv({ ...base, path })).toThrow(
        /^path must hold absolute entries only, got "/
      )
    }
    expect(() => buildSidecarEnv({ ...base, path: 'bin:/usr/bin' })).toThrow(
      'path must hold absolute entries only, got "bin" in "bin:/usr/bin": a relative entry is looked up from the sidecar\'s current directory'
    )
  })
})

describe('buildSidecarEnv with the egress filter', () => {
  const egress = {
    proxyUrl: 'http://sidecar:run-token@127.0.0.1:4100',
    direct: ['127.0.0.1:4200', '127.0.0.1:4300']
  }

  it('sends every fetch through the filter, in both cases, but the direct loopback origins', () => {
    const env = buildSidecarEnv({ ...base, egress })
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy']) {
      expect(env[name]).toBe(egress.proxyUrl)
    }
    expect(env['NO_PROXY']).toBe('127.0.0.1:4200,127.0.0.1:4300')
    expect(env['no_proxy']).toBe('127.0.0.1:4200,127.0.0.1:4300')
  })

  it("never passes the runner's own proxy settings, and refuses them through providerEnv", () => {
    process.env['HTTPS_PROXY'] = 'http://corp:secret@proxy.corp:3128'
    try {
      expect(Object.values(buildSidecarEnv({ ...base, egress })).join('\n')).not.toContain('corp')
    } finally {
      delete process.env['HTTPS_PROXY']
    }
    for (const name of ['HTTPS_PROXY', 'http_proxy', 'NO_PROXY', 'ALL_PROXY']) {
      expect(() => buildSidecarEnv({ ...base, providerEnv: { [name]: 'x' } })).toThrow(
        `providerEnv must not set "${name}"`
      )
    }
  })
})
