/**
 * The model proxy's one rule about credentials: a request is served only when
 * one of its headers carries this run's token, the way the provider's SDK
 * sends an API key (`Authorization: Bearer <key>`, `x-api-key: <key>`,
 * `x-goog-api-key: <key>`, `api-key: <key>`); that header then carries the
 * real key instead, in the same form. So each provider's own auth header is
 * used without a table of them, and the key exists only in the action.
 * Pure: headers in, headers out.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { endToEndHeaders, type HeaderMap } from './hop-headers.js'
import { sameSecret } from './run-token.js'

export interface UpstreamCredentials {
  /** '' when the upstream takes none: the token's header is then dropped. */
  readonly apiKey: string
  readonly headers: Readonly<Record<string, string>>
}

export type SwapResult = { readonly ok: true; readonly headers: HeaderMap } | { readonly ok: false }

const BEARER = /^Bearer\s+(\S+)$/i

export function swapCredentials(
  incoming: IncomingHttpHeaders,
  token: string,
  credentials: UpstreamCredentials
): SwapResult {
  const headers = endToEndHeaders(incoming)
  // The upstream's Host comes from its URL.
  delete headers['host']
  let found = false
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string') continue
    const bearer = BEARER.exec(value)?.[1]
    const presented = bearer ?? value.trim()
    if (!sameSecret(presented, token)) continue
    found = true
    if (credentials.apiKey === '') delete headers[name]
    else headers[name] = bearer === undefined ? credentials.apiKey : `Bearer ${credentials.apiKey}`
  }
  if (!found) return { ok: false }
  for (const [name, value] of Object.entries(credentials.headers)) {
    headers[name.toLowerCase()] = value
  }
  return { ok: true, headers }
}
