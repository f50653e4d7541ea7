/**
 * The per-run secrets that guard the action's loopback proxies: any local
 * process can reach 127.0.0.1, so only a caller holding this run's token (our
 * sidecar) may spend the model key or the runner's network.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 256 random bits, URL-safe so it fits a header and a URL unchanged. */
export function newRunToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Whether `presented` is exactly `token`. Both sides are hashed first, so the
 * comparison takes the same time whatever the length or content of a guess.
 */
export function sameSecret(presented: string, token: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()
  return timingSafeEqual(digest(presented), digest(token)) && presented.length > 0
}

/** The password of a `Proxy-Authorization: Basic ...` header ('' if none). */
export function basicPassword(header: string | undefined): string {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '')
  if (match?.[1] === undefined) return ''
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon < 0 ? '' : decoded.slice(colon + 1)
}
