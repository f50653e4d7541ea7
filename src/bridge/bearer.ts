/**
 * The per-run secret that guards the tool bridge. Any local process can reach
 * 127.0.0.1, so the token is what keeps everything but our OpenCode sidecar
 * from posting comments with the action's GitHub token.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 256 random bits, URL-safe so it fits an HTTP header unchanged. */
export function newBearerToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Whether an Authorization header carries exactly `Bearer <token>`. Both sides
 * are hashed first so the comparison takes the same time whatever the length
 * or content of the guess.
 */
export function isAuthorized(header: string | undefined, token: string): boolean {
  if (typeof header !== 'string') return false
  const match = /^Bearer ([^\s]+)$/i.exec(header.trim())
  const presented = match?.[1] ?? ''
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()
  const same = timingSafeEqual(digest(presented), digest(token))
  return same && presented.length > 0
}
