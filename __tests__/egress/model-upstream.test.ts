/** Where the model proxy forwards, and with which credentials. */
import { describe, expect, it } from '@jest/globals'
import { resolveModelUpstream } from '../../src/egress/model-upstream.js'

describe('resolveModelUpstream', () => {
  it('uses a built-in provider default endpoint and the opencode_api_key input', () => {
    const upstream = resolveModelUpstream({ model: 'anthropic/claude-sonnet-4-5', apiKey: 'sk-a' })
    expect(upstream).toEqual({
      providerId: 'anthropic',
      baseURL: new URL('https://api.anthropic.com/v1'),
      apiKey: 'sk-a',
      headers: {}
    })
    expect(resolveModelUpstream({ model: 'openai/gpt-5', apiKey: '' }).baseURL.href).toBe(
      'https://api.openai.com/v1'
    )
  })

  it('prefers a custom baseURL, and takes key and headers from the provider options', () => {
    const upstream = resolveModelUpstream({
      model: 'local/qwen',
      apiKey: '',
      overrides: {
        provider: {
          local: {
            npm: '@ai-sdk/openai-compatible',
            options: {
              baseURL: 'http://10.0.0.8:8000/v1/',
              apiKey: 'sk-local',
              headers: { 'X-Gateway': 'g' }
            }
          }
        }
      }
    })
    expect(upstream).toEqual({
      providerId: 'local',
      baseURL: new URL('http://10.0.0.8:8000/v1'),
      apiKey: 'sk-local',
      headers: { 'X-Gateway': 'g' }
    })
  })

  it('lets the opencode_api_key input win over a key in the options', () => {
    const upstream = resolveModelUpstream({
      model: 'openai/gpt-5',
      apiKey: 'sk-input',
      overrides: { provider: { openai: { options: { apiKey: 'sk-config' } } } }
    })
    expect(upstream.apiKey).toBe('sk-input')
  })

  it('asks for a baseURL when the provider has no known endpoint', () => {
    expect(() => resolveModelUpstream({ model: 'amazon-bedrock/claude', apiKey: 'k' })).toThrow(
      'no endpoint is known for provider "amazon-bedrock" of model "amazon-bedrock/claude": set opencode_config.provider.amazon-bedrock.options.baseURL'
    )
  })

  it('names the option and what was expected, without echoing credentials', () => {
    expect(() =>
      resolveModelUpstream({
        model: 'x/y',
        apiKey: '',
        overrides: { provider: { x: { options: { baseURL: 'file:///etc/passwd' } } } }
      })
    ).toThrow(
      'opencode_config.provider.x.options.baseURL must be an http:// or https:// URL, got "file:///etc/passwd"'
    )
    let message = ''
    try {
      resolveModelUpstream({
        model: 'x/y',
        apiKey: '',
        overrides: {
          provider: { x: { options: { baseURL: 'http://h', headers: { a: 'sk-secret', b: 1 } } } }
        }
      })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toBe('opencode_config.provider.x.options.headers must map names to strings')
    expect(() => resolveModelUpstream({ model: 'nomodel', apiKey: '' })).toThrow(
      'model must be "provider/model", got "nomodel"'
    )
  })
})
