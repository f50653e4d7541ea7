/** The model proxy's credential rule, on plain headers. */
import { describe, expect, it } from '@jest/globals'
import { swapCredentials } from '../../src/egress/credential-swap.js'

const TOKEN = 'run-token-0123456789abcdefghijklmnopqrstuv'
const KEY = 'sk-real-provider-key'
const credentials = { apiKey: KEY, headers: {} }

describe('swapCredentials', () => {
  it.each([
    ['authorization', `Bearer ${TOKEN}`, `Bearer ${KEY}`],
    ['authorization', `bearer ${TOKEN}`, `Bearer ${KEY}`],
    ['x-api-key', TOKEN, KEY],
    ['x-goog-api-key', TOKEN, KEY],
    ['api-key', TOKEN, KEY]
  ])('puts the real key in %s, in the form the SDK used', (name, sent, expected) => {
    const result = swapCredentials(
      { [name]: sent, 'content-type': 'application/json' },
      TOKEN,
      credentials
    )
    expect(result).toEqual({
      ok: true,
      headers: { [name]: expected, 'content-type': 'application/json' }
    })
  })

  it.each([
    [{}],
    [{ authorization: 'Bearer wrong-token' }],
    [{ authorization: `Basic ${TOKEN}` }],
    [{ 'x-api-key': `${TOKEN}x` }],
    [{ 'x-api-key': TOKEN.slice(0, -1) }],
    [{ authorization: `Bearer ${KEY}` }]
  ])('refuses a request without exactly the run token: %j', (headers) => {
    expect(swapCredentials(headers, TOKEN, credentials)).toEqual({ ok: false })
  })

  it('drops the token header when the upstream takes no key', () => {
    const result = swapCredentials({ authorization: `Bearer ${TOKEN}` }, TOKEN, {
      apiKey: '',
      headers: {}
    })
    expect(result).toEqual({ ok: true, headers: {} })
  })

  it('adds the configured headers, drops Host and hop-by-hop headers', () => {
    const result = swapCredentials(
      {
        host: '127.0.0.1:4000',
        'x-api-key': TOKEN,
        connection: 'keep-alive, x-hop',
        'x-hop': '1',
        'proxy-authorization': 'Basic abc',
        'transfer-encoding': 'chunked',
        'anthropic-version': '2023-06-01'
      },
      TOKEN,
      { apiKey: KEY, headers: { 'CF-AIG-Authorization': 'Bearer gateway' } }
    )
    expect(result).toEqual({
      ok: true,
      headers: {
        'x-api-key': KEY,
        'anthropic-version': '2023-06-01',
        'cf-aig-authorization': 'Bearer gateway'
      }
    })
  })
})
