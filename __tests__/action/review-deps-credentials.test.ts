/**
 * provider_env in the action: each listed value is masked in the log and
 * joins the run's secrets (redacted from anything posted); a listed name the
 * job does not set is a warning naming it, not a failure.
 */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { reviewEngineDeps } from '../../src/action/review-deps.js'
import { parseConfig } from '../../src/config/action-config.js'
import type { InputName } from '../../src/config/inputs.js'
import { createGitHubClient } from '../../src/github/octokit.js'

const JOB_ENV = {
  AWS_ACCESS_KEY_ID: 'AKIADEPSTEST00000001',
  AWS_SECRET_ACCESS_KEY: 'deps/test/secret/access/key/00000000001',
  AWS_REGION: 'ap-southeast-2',
  AWS_NOT_LISTED: 'not-listed-value-0001',
  GITHUB_WORKSPACE: '/tmp/workspace'
}

function deps(providerEnv: string) {
  const inputs: Partial<Record<InputName, string>> = {
    github_token: 'ghs_depstest0000000001',
    model: 'amazon-bedrock/anthropic.claude-sonnet-4-5',
    provider_env: providerEnv
  }
  const config = parseConfig((name) => inputs[name as InputName] ?? '')
  return reviewEngineDeps({
    client: createGitHubClient({ token: config.githubToken, baseUrl: 'http://127.0.0.1:9' }),
    config,
    env: {
      eventName: 'pull_request',
      eventPath: '/tmp/event.json',
      apiUrl: 'http://127.0.0.1:9',
      serverUrl: 'https://github.com',
      repository: 'o/r',
      runId: '1',
      actor: 'dev'
    },
    checkout: '/tmp/workspace',
    processEnv: JOB_ENV
  })
}

let written: string[]
beforeEach(() => {
  written = []
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk))
    return true
  })
})
afterEach(() => {
  jest.restoreAllMocks()
})

describe('reviewEngineDeps with provider_env', () => {
  it('masks each listed secret value and adds it to the secrets, nothing unlisted', () => {
    const { secrets } = deps('AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY\nAWS_REGION')
    expect(secrets).toEqual(
      expect.arrayContaining([JOB_ENV.AWS_ACCESS_KEY_ID, JOB_ENV.AWS_SECRET_ACCESS_KEY])
    )
    expect(secrets).not.toContain(JOB_ENV.AWS_NOT_LISTED)
    const masks = written.filter((line) => line.startsWith('::add-mask::'))
    expect(masks).toEqual([
      `::add-mask::${JOB_ENV.AWS_ACCESS_KEY_ID}\n`,
      `::add-mask::${JOB_ENV.AWS_SECRET_ACCESS_KEY}\n`
    ])
  })

  it('passes a region on but neither masks nor redacts it: it is a setting, not a secret', () => {
    const { secrets } = deps('AWS_ACCESS_KEY_ID, AWS_REGION')
    expect(secrets).not.toContain(JOB_ENV.AWS_REGION)
    expect(written.some((line) => line.includes(JOB_ENV.AWS_REGION))).toBe(false)
  })

  it('warns about a listed name the job does not set, and goes on', () => {
    const { secrets } = deps('AWS_ACCESS_KEY_ID,AWS_SESSION_TOKEN')
    expect(secrets).toContain(JOB_ENV.AWS_ACCESS_KEY_ID)
    const warnings = written.filter((line) => line.startsWith('::warning::'))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain('provider_env lists "AWS_SESSION_TOKEN", not set in the job')
  })

  it('masks nothing and warns about nothing without provider_env', () => {
    deps('')
    expect(written.filter((line) => /^::(add-mask|warning)::/.test(line))).toEqual([])
  })
})
