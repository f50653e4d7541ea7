/**
 * Headers that describe one hop of an HTTP connection, not the message: a
 * proxy must not pass them on (RFC 9110 §7.6.1). That includes every header
 * the `Connection` header names, and the credentials meant for the proxy
 * itself (`Proxy-Authorization`), which must never reach the next hop.
 */
import type { IncomingHttpHeaders } from 'node:http'

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade'
])

export type HeaderMap = Record<string, string | string[]>

/** A copy of `headers` (names in lower case) without hop-by-hop headers. */
export function endToEndHeaders(headers: IncomingHttpHeaders | HeaderMap): HeaderMap {
  const connection = headers['connection']
  const named = new Set(
    (Array.isArray(connection) ? connection.join(',') : (connection ?? ''))
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== '')
  )
  const out: HeaderMap = {}
  for (const [rawName, value] of Object.entries(headers)) {
    const name = rawName.toLowerCase()
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue
    out[name] = value
  }
  return out
}
