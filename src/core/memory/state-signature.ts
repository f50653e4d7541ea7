/**
 * Signed state: other workflows post as github-actions[bot] too, so a
 * workflow that echoes attacker text holding a marked rmcoc block could forge
 * the bot's memory. With a `state_key`, every block the bot writes carries
 * `sig`, an HMAC-SHA256 of the block (keys sorted, `sig` left out) and of the
 * pull request it belongs to; a block without a valid `sig` is not state.
 * The key never leaves the action process.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { RMCOC_FENCE } from './rmcoc.js'

/** What a block's signature covers besides the block: the PR, so a block cannot move. */
export interface SignatureScope {
  readonly owner: string
  readonly repo: string
  readonly number: number
}

export type SignatureCheck = 'none' | 'valid' | 'unsigned' | 'invalid'

/** The fence a rejected block is renamed to: no longer an rmcoc block, still readable. */
export const REJECTED_FENCE = '```rmcoc-unverified'

/** JSON with object keys sorted at every depth: one text per value. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([key]) => key !== 'sig')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

function mac(block: unknown, key: string, scope: SignatureScope): string {
  const where = `${scope.owner}/${scope.repo}#${scope.number}`.toLowerCase()
  return createHmac('sha256', key)
    .update(`${where}\n${canonical(block)}`)
    .digest('hex')
}

function lastBlock(body: string): { match: RegExpMatchArray; json: unknown } | undefined {
  const match = [...body.matchAll(RMCOC_FENCE)].at(-1)
  if (match === undefined) return undefined
  try {
    return { match, json: JSON.parse(match[1] ?? '') }
  } catch {
    return { match, json: undefined }
  }
}

function replaceBlock(body: string, match: RegExpMatchArray, replacement: string): string {
  const start = match.index ?? 0
  return body.slice(0, start) + replacement + body.slice(start + match[0].length)
}

/** The body with its rmcoc block signed; a body without a block is returned as it is. */
export function signBody(body: string, key: string, scope: SignatureScope): string {
  const found = lastBlock(body)
  if (found === undefined || typeof found.json !== 'object' || found.json === null) return body
  const signed = { ...(found.json as Record<string, unknown>), sig: mac(found.json, key, scope) }
  return replaceBlock(body, found.match, '```rmcoc\n' + JSON.stringify(signed, null, 2) + '\n```')
}

/**
 * Checks the body's rmcoc block. A block that is not validly signed is
 * renamed (REJECTED_FENCE), so the parsers that come after see no state in it.
 */
export function verifyBody(
  body: string,
  key: string,
  scope: SignatureScope
): { readonly body: string; readonly check: SignatureCheck } {
  const found = lastBlock(body)
  if (found === undefined) return { body, check: 'none' }
  const json = found.json as { sig?: unknown } | undefined
  const sig = json !== undefined && typeof json === 'object' ? json?.sig : undefined
  let check: SignatureCheck = 'unsigned'
  if (typeof sig === 'string') {
    const expected = Buffer.from(mac(json, key, scope), 'hex')
    const given = Buffer.from(sig, 'hex')
    check =
      given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'invalid'
  }
  if (check === 'valid') return { body, check }
  const renamed = found.match[0].replace(/^```rmcoc/, REJECTED_FENCE)
  return { body: replaceBlock(body, found.match, renamed), check }
}
