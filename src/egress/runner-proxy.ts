/**
 * The runner's own proxy settings (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, in
 * either case): on a network that lets nothing out but its proxy, the action's
 * outbound traffic (model requests and the sidecar's filtered egress) must go
 * through it. Pure: the environment is passed in.
 */
import { isIP } from 'node:net'
import { z } from 'zod'
import { formatZodIssues } from '../core/errors/zod-issues.js'

type Env = Readonly<Record<string, string | undefined>>

const proxyUrl = (name: string) =>
  z
    .string()
    .transform((value, ctx) => {
      try {
        const url = new URL(value)
        if (url.protocol === 'http:' || url.protocol === 'https:') return url
      } catch {
        // Reported below.
      }
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be an http:// or https:// proxy URL, got ${JSON.stringify(value)}`
      })
      return z.NEVER
    })
    .optional()

/** The first non-empty value of the names, lower case first (curl's order). */
function read(env: Env, name: string): string | undefined {
  for (const key of [name.toLowerCase(), name]) {
    const value = env[key]?.trim()
    if (value !== undefined && value !== '') return value
  }
  return undefined
}

export interface RunnerProxies {
  readonly http?: URL | undefined
  readonly https?: URL | undefined
  /** NO_PROXY entries: `*`, host names (suffix match), `host:port`. */
  readonly noProxy: readonly string[]
}

export function runnerProxies(env: Env): RunnerProxies {
  const schema = z.object({ http: proxyUrl('HTTP_PROXY'), https: proxyUrl('HTTPS_PROXY') })
  const given = { http: read(env, 'HTTP_PROXY'), https: read(env, 'HTTPS_PROXY') }
  const parsed = schema.safeParse(given)
  if (!parsed.success) {
    throw new Error(formatZodIssues(parsed.error.issues, given, { style: 'sentence' }).join('; '))
  }
  const noProxy = (read(env, 'NO_PROXY') ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '')
  return { ...parsed.data, noProxy }
}

/** Whether a NO_PROXY entry covers `hostname:port`. */
function bypasses(entry: string, hostname: string, port: number): boolean {
  if (entry === '*') return true
  const match = /^(.*?)(?::(\d+))?$/.exec(entry)
  const host = (match?.[1] ?? '').replace(/^\*?\./, '').replace(/^\[|\]$/g, '')
  if (match?.[2] !== undefined && Number(match[2]) !== port) return false
  return hostname === host || hostname.endsWith(`.${host}`)
}

/**
 * The runner proxy a request to `target` goes through (HTTPS_PROXY for
 * https, HTTP_PROXY for http), or undefined when none is set or NO_PROXY
 * covers the target.
 */
export function proxyFor(
  target: {
    readonly protocol: 'http:' | 'https:'
    readonly hostname: string
    readonly port: number
  },
  proxies: RunnerProxies
): URL | undefined {
  const proxy = target.protocol === 'https:' ? proxies.https : proxies.http
  if (proxy === undefined) return undefined
  const hostname = target.hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (proxies.noProxy.some((entry) => bypasses(entry, hostname, target.port))) return undefined
  return proxy
}

/** `Proxy-Authorization` for a proxy URL with credentials, else undefined. */
export function proxyAuthorization(proxy: URL): string | undefined {
  if (proxy.username === '' && proxy.password === '') return undefined
  const user = decodeURIComponent(proxy.username)
  const password = decodeURIComponent(proxy.password)
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
}

/**
 * TLS options for a connection to an https:// runner proxy: the proxy's own
 * name for SNI and the certificate check (Node would otherwise take the
 * request's Host header, the target's name), and the roots to verify it
 * with (runner-cas.ts; undefined: Node's). An IP address is checked against
 * the certificate's IP entries and sent without SNI (`servername: ''`).
 */
export function proxyTlsOptions(
  proxy: URL,
  ca: readonly string[] | undefined
): { servername: string; ca?: string[] } {
  const host = proxy.hostname.replace(/^\[|\]$/g, '')
  return { servername: isIP(host) === 0 ? host : '', ...(ca === undefined ? {} : { ca: [...ca] }) }
}

/** The proxy URL without its credentials, for messages. */
export function redactedProxy(proxy: URL): string {
  return `${proxy.protocol}//${proxy.host}`
}
