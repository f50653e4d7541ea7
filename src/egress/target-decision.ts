/**
 * The egress filter's decision for a host name or IP literal: first whether
 * the run's scope holds it (egress-scope.ts; a name outside is refused
 * unresolved), then resolve it (unless it is a literal) and judge every
 * address (address-policy.ts). The resolver is passed in, so the rule can be
 * exercised with any answers without a DNS query or a connection.
 */
import { lookup } from 'node:dns/promises'
import { getErrorMessage } from '../core/errors/error-message.js'
import { decideTarget, ipLiteral, normalizeHost, type TargetDecision } from './address-policy.js'
import { scopeVerdict, type EgressScope } from './egress-scope.js'

/** Every address a host name resolves to (IPv4 and IPv6). */
export type Resolver = (hostname: string) => Promise<readonly string[]>

/** The runner's resolver (getaddrinfo, like any connection would use). */
export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address)

export async function decideHost(
  host: string,
  scope: EgressScope,
  resolve: Resolver
): Promise<TargetDecision> {
  const name = normalizeHost(host)
  if (name === '') return { allowed: false, reason: 'the request named no host' }
  const inScope = scopeVerdict(name, scope)
  if (!inScope.allowed) return inScope
  const literal = ipLiteral(name)
  if (literal !== undefined) return decideTarget(literal, [literal])
  let addresses: readonly string[]
  try {
    addresses = await resolve(name)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    const why = typeof code === 'string' ? code : getErrorMessage(error)
    return { allowed: false, reason: `${name} could not be resolved on the runner (${why})` }
  }
  return decideTarget(name, addresses)
}
