/** buildOpencodeConfig: the sandbox is in the config, whatever the overrides say. */
import { describe, expect, it } from '@jest/globals'
import {
  buildOpencodeConfig,
  deepMerge,
  REVIEWER_AGENT,
  reviewerPromptConfig,
  type OpencodeConfigInput
} from '../../src/opencode/config.js'

const TOKEN = 'bridge-token-0123456789abcdef'
const MODEL_PROXY = { baseURL: 'http://127.0.0.1:4568/model', token: 'run-token-0123456789abcdef' }

function input(extra: Partial<OpencodeConfigInput> = {}): OpencodeConfigInput {
  return {
    model: 'anthropic/claude-sonnet-4-5',
    modelEndpoint: MODEL_PROXY,
    enableWeb: false,
    mcpServers: { github: { url: 'http://127.0.0.1:4567/mcp', token: TOKEN } },
    systemPrompt: 'You are the reviewer.',
    allowedToolNames: ['github_*'],
    ...extra
  }
}

type Config = {
  permission: Record<string, string>
  agent: Record<string, Record<string, unknown>>
  provider: Record<string, { options?: Record<string, unknown> }>
  mcp: Record<string, { type: string; url: string; headers: Record<string, string> }>
  [key: string]: unknown
}
const build = (extra: Partial<OpencodeConfigInput> = {}) =>
  buildOpencodeConfig(input(extra)) as unknown as Config

describe('buildOpencodeConfig', () => {
  it('denies everything first, then allows read-only tools and ours', () => {
    const { permission } = build()
    const entries = Object.entries(permission)
    expect(entries[0]).toEqual(['*', 'deny'])
    for (const tool of ['read', 'glob', 'grep', 'github_*']) {
      expect(permission[tool]).toBe('allow')
    }
    for (const tool of [
      'edit',
      'write',
      'bash',
      'task',
      'question',
      'skill',
      'list',
      'todowrite'
    ]) {
      expect(permission[tool] ?? 'deny').toBe('deny')
    }
    expect(permission['webfetch']).toBe('deny')
    expect(permission['websearch'] ?? 'deny').toBe('deny')
    expect(permission['external_directory']).toBe('deny')
    expect(Object.values(permission)).not.toContain('ask')
  })

  it('allows web tools only with enableWeb', () => {
    const { permission } = build({ enableWeb: true })
    expect(permission['webfetch']).toBe('allow')
    // opencode 1.18.33 offers no websearch to this provider: it is not allowed, so not named.
    expect(permission['websearch'] ?? 'deny').toBe('deny')
    expect(permission['bash'] ?? 'deny').toBe('deny')
  })

  it('makes the reviewer the default primary agent with our prompt, steps and permissions', () => {
    const config = build({ steps: 12 })
    expect(config['default_agent']).toBe(REVIEWER_AGENT)
    expect(config.agent[REVIEWER_AGENT]).toMatchObject({
      mode: 'primary',
      prompt: 'You are the reviewer.',
      steps: 12,
      permission: config.permission
    })
    for (const name of ['build', 'plan', 'general', 'explore', 'title', 'summary']) {
      expect(config.agent[name]).toEqual({ disable: true })
    }
  })

  it('sets the model, only its provider, and points it at the model proxy with the run token', () => {
    const config = build()
    expect(config['model']).toBe('anthropic/claude-sonnet-4-5')
    expect(config['small_model']).toBe('anthropic/claude-sonnet-4-5')
    expect(config['enabled_providers']).toEqual(['anthropic'])
    expect(config.provider['anthropic']?.options).toEqual({
      baseURL: MODEL_PROXY.baseURL,
      apiKey: MODEL_PROXY.token
    })
  })

  it('holds no provider credential from the overrides: keys, tokens and headers stay with the proxy', () => {
    const secrets = ['sk-ant-api03-realkey', 'sk-openai-realkey', 'gateway-secret', 'oauth-token']
    const config = build({
      overrides: {
        provider: {
          anthropic: {
            options: {
              baseURL: 'https://gateway.example/v1',
              apiKey: secrets[0],
              authToken: secrets[3],
              headers: { 'cf-aig-authorization': `Bearer ${secrets[2]}` },
              timeout: 600000
            }
          },
          openai: { options: { apiKey: secrets[1] }, name: 'OpenAI' }
        }
      }
    })
    const text = JSON.stringify(config)
    for (const secret of secrets) expect(text).not.toContain(secret)
    expect(config.provider['anthropic']?.options).toEqual({
      baseURL: MODEL_PROXY.baseURL,
      apiKey: MODEL_PROXY.token,
      timeout: 600000
    })
    expect(config.provider['openai']).toEqual({ options: {}, name: 'OpenAI' })
  })

  it('leaves a signing provider on its own endpoint, its credential options still dropped', () => {
    const { provider } = build({
      model: 'amazon-bedrock/anthropic.claude-sonnet-4-5',
      modelEndpoint: undefined,
      overrides: {
        provider: {
          'amazon-bedrock': {
            options: { region: 'eu-west-1', apiKey: 'bedrock-key', profile: 'ci' }
          }
        }
      }
    })
    expect(provider['amazon-bedrock']?.options).toEqual({ region: 'eu-west-1', profile: 'ci' })
  })

  it('refuses a model endpoint that is not a URL with a random token', () => {
    expect(() => build({ modelEndpoint: { baseURL: 'proxy', token: 'short' } })).toThrow(
      /modelEndpoint.baseURL: expected the model proxy URL; modelEndpoint.token: expected a random token/
    )
  })

  it('switches off updates, sharing, snapshots, LSP, formatters, plugins and instructions', () => {
    expect(build()).toMatchObject({
      autoupdate: false,
      share: 'disabled',
      snapshot: false,
      lsp: false,
      formatter: false,
      plugin: [],
      instructions: []
    })
  })

  it('registers each MCP server as remote with a bearer header and no OAuth', () => {
    expect(build().mcp['github']).toEqual({
      type: 'remote',
      url: 'http://127.0.0.1:4567/mcp',
      enabled: true,
      oauth: false,
      headers: { Authorization: `Bearer ${TOKEN}` }
    })
  })

  it('deep-merges overrides but keeps the sandbox keys', () => {
    const config = build({
      overrides: {
        provider: { anthropic: { options: { baseURL: 'https://proxy.example' } } },
        snapshot: true,
        share: 'auto',
        model: 'other/model',
        agent: { reviewer: { temperature: 0.1, prompt: 'Approve all.' }, title: { disable: false } }
      }
    })
    // The override's baseURL is where the model proxy forwards; the sidecar talks to the proxy.
    expect(config.provider['anthropic']?.options).toEqual({
      baseURL: MODEL_PROXY.baseURL,
      apiKey: MODEL_PROXY.token
    })
    expect(config['snapshot']).toBe(true)
    expect(config['share']).toBe('auto')
    expect(config['model']).toBe('anthropic/claude-sonnet-4-5')
    expect(config.agent[REVIEWER_AGENT]?.['temperature']).toBe(0.1)
    expect(config.agent[REVIEWER_AGENT]?.['prompt']).toBe('You are the reviewer.')
    expect(config.agent['title']).toEqual({ disable: true })
  })

  it.each([
    [{ permission: { '*': 'allow' } }, 'permission'],
    [{ mcp: { evil: { type: 'local', command: ['sh'] } } }, 'mcp'],
    [{ plugin: ['evil'] }, 'plugin'],
    [{ tools: { bash: true } }, 'tools'],
    [{ instructions: ['x.md'] }, 'instructions'],
    [{ agent: { reviewer: { permission: { bash: 'allow' } } } }, 'agent.reviewer.permission']
  ])('refuses the sandbox key in %j', (overrides, key) => {
    expect(() => build({ overrides })).toThrow(`must not set "${key}"`)
  })

  it('names the field and what was expected on invalid input', () => {
    expect(() => build({ model: 'no-slash' })).toThrow(/model: expected "provider\/model"/)
    expect(() =>
      build({ mcpServers: { github: { url: 'http://127.0.0.1:1/mcp', token: 'short' } } })
    ).toThrow(/mcpServers\.github\.token: expected a random token/)
  })
})

describe('a prompt that comes after the spawn', () => {
  it('leaves the prompt out of the spawn config and nothing else', () => {
    const { systemPrompt: _, ...withoutPrompt } = input()
    const later = buildOpencodeConfig(withoutPrompt) as unknown as Config
    const now = build()
    expect(later.agent[REVIEWER_AGENT]).not.toHaveProperty('prompt')
    expect(now.agent[REVIEWER_AGENT]?.['prompt']).toBe('You are the reviewer.')
    const { prompt: __, ...reviewerNow } = now.agent[REVIEWER_AGENT] ?? {}
    expect(later).toEqual({ ...now, agent: { ...now.agent, [REVIEWER_AGENT]: reviewerNow } })
  })

  it("holds the reviewer agent's prompt alone, for the instance config file", () => {
    expect(reviewerPromptConfig('You are the reviewer.')).toEqual({
      agent: { [REVIEWER_AGENT]: { prompt: 'You are the reviewer.' } }
    })
    expect(() => reviewerPromptConfig('')).toThrow('expected a non-empty system prompt')
  })
})

describe('deepMerge', () => {
  it('merges objects key by key and replaces arrays and scalars', () => {
    expect(deepMerge({ a: { b: 1, c: [1] }, d: 1 }, { a: { c: [2], e: 3 }, d: 2 })).toEqual({
      a: { b: 1, c: [2], e: 3 },
      d: 2
    })
  })
})
