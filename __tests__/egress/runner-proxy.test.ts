/** The runner's HTTP(S)_PROXY and NO_PROXY, read from an environment passed in. */
import { describe, expect, it } from '@jest/globals'
import {
  proxyAuthorization,
  proxyFor,
  redactedProxy,
  runnerProxies
} from '../../src/egress/runner-proxy.js'

const target = (protocol: 'http:' | 'https:', hostname: string, port: number) => ({
  protocol,
  hostname,
  port
})

describe('runnerProxies', () => {
  it('reads both cases, lower case first, and ignores empty values', () => {
    const proxies = runnerProxies({
      HTTPS_PROXY: 'http://upper:3128',
      https_proxy: 'http://lower:3128',
      HTTP_PROXY: '',
      http_proxy: ' ',
      NO_PROXY: 'internal.example, .corp.example  10.0.0.1:8080'
    })
    expect(proxies.https?.host).toBe('lower:3128')
    expect(proxies.http).toBeUndefined()
    expect(proxies.noProxy).toEqual(['internal.example', '.corp.example', '10.0.0.1:8080'])
  })

  it('names the variable and the value when a proxy URL is unusable', () => {
    expect(() => runnerProxies({ HTTPS_PROXY: 'socks5://127.0.0.1:1080' })).toThrow(
      'HTTPS_PROXY must be an http:// or https:// proxy URL, got "socks5://127.0.0.1:1080"'
    )
    expect(() => runnerProxies({ http_proxy: 'proxy:3128' })).toThrow(
      'HTTP_PROXY must be an http:// or https:// proxy URL, got "proxy:3128"'
    )
  })
})

describe('proxyFor', () => {
  const proxies = runnerProxies({
    HTTPS_PROXY: 'http://user:p%40ss@proxy.corp:3128',
    HTTP_PROXY: 'http://plain.corp:8080',
    NO_PROXY: 'internal.example,.corp.example,api.local:8443,[fd00::1]'
  })

  it('picks HTTPS_PROXY for https and HTTP_PROXY for http', () => {
    expect(proxyFor(target('https:', 'api.anthropic.com', 443), proxies)?.host).toBe(
      'proxy.corp:3128'
    )
    expect(proxyFor(target('http:', 'example.com', 80), proxies)?.host).toBe('plain.corp:8080')
  })

  it('goes straight to what NO_PROXY covers: the host, its subdomains, a host:port, an IPv6 literal', () => {
    for (const [hostname, port] of [
      ['internal.example', 443],
      ['api.internal.example', 443],
      ['git.corp.example', 443],
      ['api.local', 8443],
      ['[fd00::1]', 443]
    ] as const) {
      expect(proxyFor(target('https:', hostname, port), proxies)).toBeUndefined()
    }
    expect(proxyFor(target('https:', 'api.local', 443), proxies)).toBeDefined()
    expect(proxyFor(target('https:', 'notinternal.example', 443), proxies)).toBeDefined()
  })

  it('bypasses everything with NO_PROXY=*', () => {
    const all = runnerProxies({ HTTPS_PROXY: 'http://proxy:1', NO_PROXY: '*' })
    expect(proxyFor(target('https:', 'api.openai.com', 443), all)).toBeUndefined()
  })

  it('builds Basic credentials from the URL and keeps them out of messages', () => {
    const proxy = proxies.https as URL
    expect(proxyAuthorization(proxy)).toBe(`Basic ${Buffer.from('user:p@ss').toString('base64')}`)
    expect(redactedProxy(proxy)).toBe('http://proxy.corp:3128')
    expect(proxyAuthorization(new URL('http://proxy:1'))).toBeUndefined()
  })
})
