// What the repository's verification commands see of the runner's
// environment: the plain variables a build needs, none of the job's or the
// model's credentials.
import { scrubbedEnvironment } from '../../src/process/scrubbed-env.js'

const PLAIN = {
  PATH: '/usr/local/bin:/usr/bin:/bin',
  HOME: '/home/runner',
  LANG: 'C.UTF-8',
  TMPDIR: '/tmp',
  CI: 'true',
  GITHUB_WORKSPACE: '/home/runner/work/app/app',
  GITHUB_REPOSITORY: 'octo/app',
  RUNNER_TEMP: '/home/runner/work/_temp',
  NODE_EXTRA_CA_CERTS: '/etc/ssl/corp.pem',
  HTTPS_PROXY: 'http://proxy.corp:3128',
  GIT_AUTHOR_NAME: 'Mona',
  KEYBOARD: 'us'
}

const kept = (extra: Record<string, string>, secrets: readonly string[] = []): string[] =>
  Object.keys(scrubbedEnvironment({ ...PLAIN, ...extra }, secrets)).sort()

describe('scrubbedEnvironment', () => {
  it('keeps the plain runner variables as they are', () => {
    expect(scrubbedEnvironment(PLAIN, [])).toEqual(PLAIN)
  })

  it('drops unset variables', () => {
    expect(scrubbedEnvironment({ PATH: '/bin', EMPTY: undefined }, [])).toEqual({ PATH: '/bin' })
  })

  it.each([
    ['the GitHub token', { GITHUB_TOKEN: 'ghs_x', GH_TOKEN: 'ghs_y' }],
    ['every action input', { INPUT_GITHUB_TOKEN: 'a', INPUT_MODEL: 'anthropic/claude' }],
    [
      'every runner service variable',
      {
        ACTIONS_RUNTIME_TOKEN: 'a',
        ACTIONS_RUNTIME_URL: 'https://pipelines.actions.githubusercontent.com/x',
        ACTIONS_ID_TOKEN_REQUEST_URL: 'https://token.actions.githubusercontent.com/x',
        ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'b',
        ACTIONS_CACHE_URL: 'https://artifactcache.actions.githubusercontent.com/x'
      }
    ],
    [
      "the runner's file commands",
      {
        GITHUB_ENV: '/t/set_env',
        GITHUB_PATH: '/t/add_path',
        GITHUB_OUTPUT: '/t/set_output',
        GITHUB_STATE: '/t/save_state',
        GITHUB_STEP_SUMMARY: '/t/step_summary'
      }
    ],
    ['the model key', { OPENCODE_API_KEY: 'k' }],
    [
      'the provider credential families',
      {
        AWS_ACCESS_KEY_ID: 'AKIA',
        AWS_REGION: 'us-east-1',
        GOOGLE_APPLICATION_CREDENTIALS: '/t/gcp.json',
        GOOGLE_CLOUD_PROJECT: 'p',
        GOOGLE_VERTEX_LOCATION: 'l',
        VERTEX_LOCATION: 'l',
        AZURE_CLIENT_ID: 'c'
      }
    ],
    [
      'credential-like names, in any case',
      {
        ANTHROPIC_API_KEY: 'a',
        OPENAI_APIKEY: 'b',
        NPM_TOKEN: 'c',
        'npm_config_//registry.npmjs.org/:_authToken': 'd',
        npm_config__auth: 'e',
        DB_PASSWORD: 'f',
        MYSQL_PASSWD: 'g',
        GPG_PASSPHRASE: 'h',
        CLIENT_SECRET: 'i',
        DEPLOY_PRIVATE_KEY: 'j',
        MINIO_ACCESS_KEY: 'k',
        DOCKER_CREDENTIALS: 'l',
        SSH_AUTH_SOCK: '/tmp/ssh-agent.sock'
      }
    ]
  ])('drops %s', (_rule, extra) => {
    expect(kept(extra)).toEqual(Object.keys(PLAIN).sort())
  })

  it('drops a variable with an innocent name whose value holds a secret', () => {
    const token = 'ghs_0123456789abcdefghij'
    const env = scrubbedEnvironment(
      { ...PLAIN, MY_SETTING: `https://x-access-token:${token}@github.com/octo/app` },
      [token]
    )
    expect(env).toEqual(PLAIN)
  })

  it('matches each line of a multi-line secret, trimmed', () => {
    const key = '  line-one-of-the-key\nline-two-of-the-key  '
    expect(
      kept({ FIRST: 'x line-one-of-the-key x', SECOND: 'line-two-of-the-key' }, [key])
    ).toEqual(Object.keys(PLAIN).sort())
  })

  it('does not match secrets shorter than 8 characters by value', () => {
    expect(scrubbedEnvironment(PLAIN, ['bin', 'true', ''])).toEqual(PLAIN)
  })
})
