/** provider_env: the listed cloud credentials read from the job's environment, nothing else. */
import { describe, expect, it } from '@jest/globals'
import {
  missingCredentialsWarning,
  readProviderCredentials
} from '../../src/opencode/provider-credentials.js'

const runner = {
  AWS_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY000001',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  AWS_REGION: 'us-east-1',
  AWS_PROFILE: '',
  AWS_UNLISTED: 'not-asked-for',
  GITHUB_TOKEN: 'ghs_never'
}

describe('readProviderCredentials', () => {
  it('reads exactly the listed names, reporting the unset and empty ones', () => {
    const read = readProviderCredentials(
      [
        'AWS_ACCESS_KEY_ID',
        'AWS_SECRET_ACCESS_KEY',
        'AWS_REGION',
        'AWS_SESSION_TOKEN',
        'AWS_PROFILE'
      ],
      runner
    )
    expect(read.values).toEqual({
      AWS_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY000001',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      AWS_REGION: 'us-east-1'
    })
    expect(read.missing).toEqual(['AWS_SESSION_TOKEN', 'AWS_PROFILE'])
  })

  it('refuses a name off the allowlist, the GitHub token first of all', () => {
    for (const name of ['GITHUB_TOKEN', 'INPUT_GITHUB_TOKEN', 'ANTHROPIC_API_KEY', 'PATH']) {
      expect(() => readProviderCredentials([name], runner)).toThrow(
        `provider_env may only name cloud credential variables (AWS_*, GOOGLE_APPLICATION_CREDENTIALS, GOOGLE_CLOUD_*, GOOGLE_VERTEX_*, VERTEX_*, AZURE_*), got "${name}"`
      )
    }
  })
})

describe('missingCredentialsWarning', () => {
  it('names every missing variable, and is silent when none is', () => {
    expect(missingCredentialsWarning([])).toBeUndefined()
    expect(missingCredentialsWarning(['AWS_SESSION_TOKEN'])).toBe(
      'provider_env lists "AWS_SESSION_TOKEN", not set in the job\'s environment: the sidecar runs without it; set it in the step\'s env: or with a credentials action (aws-actions/configure-aws-credentials, google-github-actions/auth) before this step'
    )
    expect(missingCredentialsWarning(['AWS_REGION', 'AZURE_RESOURCE_NAME'])).toMatch(
      /^provider_env lists "AWS_REGION", "AZURE_RESOURCE_NAME", not set in the job's environment: the sidecar runs without them; set them/
    )
  })
})
