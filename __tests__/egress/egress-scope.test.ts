/**
 * The run's egress scope on plain data: which names the filter lets on to
 * resolution, with and without `enable_web`, for a provider with a key and
 * for the providers that sign their requests. And, through decideHost with a
 * test resolver, that a name outside the scope is never resolved.
 */
import { describe, expect, it } from '@jest/globals'
import {
  egressScope,
  PUBLIC_WEB,
  scopeVerdict,
  type EgressScopeInput
} from '../../src/egress/egress-scope.js'
import { decideHost, type Resolver } from '../../src/egress/target-decision.js'

const OIDC_URL =
  'https://pipelinesghubeus6.actions.githubusercontent.com/abc/00000000-0000-0000-0000-000000000000/_apis/distributedtask/hubs/Actions/plans/1/jobs/2/idtoken?api-version=2.0'

function scope(input: Partial<EgressScopeInput>) {
  return egressScope({ enableWeb: false, model: 'anthropic/claude-sonnet-4-5', env: {}, ...input })
}

function allowed(host: string, input: Partial<EgressScopeInput>): boolean {
  return scopeVerdict(host, scope(input)).allowed
}

/** Names opencode or a model may ask for, none of which a review needs. */
const NOT_NEEDED = [
  'registry.npmjs.org',
  'models.dev',
  'github.com',
  'example.com',
  '93.184.216.34',
  '[2606:4700::1111]',
  '127.0.0.1',
  'localhost',
  '169.254.169.254'
]

describe('egressScope with enable_web', () => {
  it('is the public web, whatever the provider', () => {
    expect(scope({ enableWeb: true })).toBe(PUBLIC_WEB)
    expect(scope({ enableWeb: true, model: 'amazon-bedrock/x' })).toBe(PUBLIC_WEB)
    for (const host of NOT_NEEDED) expect(scopeVerdict(host, PUBLIC_WEB)).toEqual({ allowed: true })
  })
})

describe('egressScope without enable_web', () => {
  it('holds no name for a provider with a key: its requests go to the model proxy', () => {
    for (const model of ['anthropic/claude-sonnet-4-5', 'openai/gpt-5', 'constructor/x', 'x']) {
      for (const host of NOT_NEEDED) expect(allowed(host, { model })).toBe(false)
      expect(allowed('api.anthropic.com', { model })).toBe(false)
    }
  })

  it('says why, naming the host and what the sidecar does reach', () => {
    expect(scopeVerdict('Registry.NPMJS.org.', scope({}))).toEqual({
      allowed: false,
      reason:
        'registry.npmjs.org is not needed by the review: without enable_web the sidecar reaches only the model proxy and the tool bridge'
    })
  })

  it("holds Bedrock's runtime endpoint in every region, and STS, for amazon-bedrock only", () => {
    const model = 'amazon-bedrock/anthropic.claude-sonnet-4-5'
    for (const host of [
      'bedrock-runtime.us-east-1.amazonaws.com',
      'bedrock-runtime.eu-central-1.amazonaws.com',
      'bedrock-runtime.us-gov-west-1.amazonaws.com',
      'bedrock-runtime-fips.us-east-1.amazonaws.com',
      'bedrock-runtime.cn-north-1.amazonaws.com.cn',
      'BEDROCK-RUNTIME.us-west-2.amazonaws.com.',
      'sts.amazonaws.com',
      'sts.us-east-1.amazonaws.com'
    ]) {
      expect([host, allowed(host, { model })]).toEqual([host, true])
      expect([host, allowed(host, { model: 'google-vertex/gemini-2.5-pro' })]).toEqual([
        host,
        false
      ])
    }
    for (const host of [
      ...NOT_NEEDED,
      'bedrock.us-east-1.amazonaws.com',
      's3.us-east-1.amazonaws.com',
      'bedrock-runtime.us-east-1.amazonaws.com.attacker.example',
      'attacker-bedrock-runtime.us-east-1.amazonaws.com',
      'bedrock-runtime.us-east-1.amazonaws.co',
      'sts.amazonaws.com.attacker.example'
    ]) {
      expect([host, allowed(host, { model })]).toEqual([host, false])
    }
    expect(scopeVerdict('registry.npmjs.org', scope({ model }))).toEqual({
      allowed: false,
      reason:
        "registry.npmjs.org is not needed by the review: without enable_web the sidecar reaches only the tool bridge and amazon-bedrock's hosts (bedrock-runtime.<region>.amazonaws.com, sts.<region>.amazonaws.com)"
    })
  })

  it("holds Vertex's endpoints and token services for both Vertex providers", () => {
    for (const model of ['google-vertex/gemini-2.5-pro', 'google-vertex-anthropic/claude-x']) {
      for (const host of [
        'us-central1-aiplatform.googleapis.com',
        'europe-west4-aiplatform.googleapis.com',
        'northamerica-northeast1-aiplatform.googleapis.com',
        'aiplatform.googleapis.com',
        'oauth2.googleapis.com',
        'sts.googleapis.com',
        'iamcredentials.googleapis.com'
      ]) {
        expect([host, allowed(host, { model })]).toEqual([host, true])
      }
      for (const host of [
        ...NOT_NEEDED,
        'storage.googleapis.com',
        'www.googleapis.com',
        'generativelanguage.googleapis.com',
        'metadata.google.internal',
        'us-central1-aiplatform.googleapis.com.attacker.example',
        'evil.aiplatform.googleapis.com'
      ]) {
        expect([host, allowed(host, { model })]).toEqual([host, false])
      }
    }
  })

  it("holds the host of the job's OIDC token for Vertex (workload identity federation), not for Bedrock", () => {
    const env = { ACTIONS_ID_TOKEN_REQUEST_URL: OIDC_URL }
    const oidcHost = 'pipelinesghubeus6.actions.githubusercontent.com'
    expect(allowed(oidcHost, { model: 'google-vertex/gemini-2.5-pro', env })).toBe(true)
    expect(allowed(oidcHost, { model: 'google-vertex/gemini-2.5-pro' })).toBe(false)
    expect(allowed(oidcHost, { model: 'amazon-bedrock/x', env })).toBe(false)
    expect(allowed(oidcHost, { model: 'anthropic/claude-sonnet-4-5', env })).toBe(false)
    expect(allowed('other.actions.githubusercontent.com', { model: 'google-vertex/g', env })).toBe(
      false
    )
  })

  it('holds the baseURL opencode_config gives a signing provider, and only that host', () => {
    const overrides = {
      provider: {
        'amazon-bedrock': { options: { baseURL: 'https://bedrock.gateway.example/v1' } },
        anthropic: { options: { baseURL: 'https://llm.corp.example/v1' } }
      }
    }
    expect(allowed('bedrock.gateway.example', { model: 'amazon-bedrock/x', overrides })).toBe(true)
    expect(allowed('gateway.example', { model: 'amazon-bedrock/x', overrides })).toBe(false)
    expect(allowed('bedrockxgateway.example', { model: 'amazon-bedrock/x', overrides })).toBe(false)
    // A keyed provider's baseURL is the model proxy's upstream, never the sidecar's.
    expect(allowed('llm.corp.example', { model: 'anthropic/x', overrides })).toBe(false)
    // Not a URL: nothing added.
    const broken = { provider: { 'amazon-bedrock': { options: { baseURL: 'not a url' } } } }
    expect(scope({ model: 'amazon-bedrock/x', overrides: broken })).toEqual(
      scope({ model: 'amazon-bedrock/x' })
    )
  })
})

describe('decideHost within the scope (test resolver)', () => {
  function table(answers: Record<string, string[]>): Resolver & { asked: string[] } {
    const asked: string[] = []
    const resolve = async (name: string) => {
      asked.push(name)
      return answers[name] ?? []
    }
    return Object.assign(resolve, { asked })
  }

  it('refuses a public name outside the scope without resolving it', async () => {
    const resolver = table({ 'registry.npmjs.org': ['104.16.0.35'] })
    const decision = await decideHost('registry.npmjs.org', scope({}), resolver)
    expect(decision).toEqual({
      allowed: false,
      reason:
        'registry.npmjs.org is not needed by the review: without enable_web the sidecar reaches only the model proxy and the tool bridge'
    })
    expect(resolver.asked).toEqual([])
  })

  it('resolves a name in the scope and still refuses an internal answer', async () => {
    const resolver = table({
      'bedrock-runtime.us-east-1.amazonaws.com': ['52.94.0.10'],
      'bedrock-runtime.eu-west-1.amazonaws.com': ['10.0.0.7']
    })
    const bedrock = scope({ model: 'amazon-bedrock/x' })
    await expect(
      decideHost('bedrock-runtime.us-east-1.amazonaws.com', bedrock, resolver)
    ).resolves.toEqual({ allowed: true, address: '52.94.0.10' })
    await expect(
      decideHost('bedrock-runtime.eu-west-1.amazonaws.com', bedrock, resolver)
    ).resolves.toMatchObject({ allowed: false, reason: expect.stringMatching(/private address$/) })
    expect(resolver.asked).toEqual([
      'bedrock-runtime.us-east-1.amazonaws.com',
      'bedrock-runtime.eu-west-1.amazonaws.com'
    ])
  })

  it('with enable_web, resolves and allows the same public name as before', async () => {
    const resolver = table({ 'registry.npmjs.org': ['104.16.0.35'] })
    await expect(decideHost('registry.npmjs.org', PUBLIC_WEB, resolver)).resolves.toEqual({
      allowed: true,
      address: '104.16.0.35'
    })
  })
})
