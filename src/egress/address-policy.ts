/**
 * Which addresses the sidecar's outbound traffic may reach: public unicast
 * only. Loopback (the action's own servers, the runner's services),
 * link-local and the cloud metadata services (169.254.169.254 and its kin:
 * instance credentials), private and unique-local networks, carrier-grade
 * NAT, multicast, broadcast and every reserved block are refused.
 *
 * Pure: the caller resolves host names; the decision is made on the
 * addresses the connection will actually use, so a name cannot pass the
 * check with one answer and connect with another.
 */
import ipaddr from 'ipaddr.js'

export type AddressVerdict =
  { readonly allowed: true } | { readonly allowed: false; reason: string }

/** A host's decision: the one address to connect to, or why not. */
export type TargetDecision =
  | { readonly allowed: true; readonly address: string }
  | { readonly allowed: false; readonly reason: string }

/**
 * Instance metadata endpoints, named so the refusal says what was at stake.
 * Every one is also refused by its address class below.
 */
const METADATA: Record<string, string> = {
  '169.254.169.254': 'the cloud instance metadata service (AWS, GCP, Azure, OCI, ...)',
  '169.254.170.2': 'the AWS ECS task metadata service',
  'fd00:ec2::254': 'the AWS instance metadata service (IPv6)',
  '100.100.100.200': 'the Alibaba Cloud metadata service',
  '192.0.0.192': 'the Oracle Cloud metadata service'
}

/** ipaddr.js range names, as a refusal puts them. Anything not 'unicast' is refused. */
const CLASS_NAMES: Record<string, string> = {
  loopback: 'loopback',
  linkLocal: 'link-local',
  private: 'private',
  uniqueLocal: 'unique-local (private IPv6)',
  carrierGradeNat: 'carrier-grade NAT (shared, often cloud-internal)',
  unspecified: 'unspecified (this host)',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'reserved',
  benchmarking: 'benchmarking',
  '6to4': '6to4 tunnel',
  teredo: 'Teredo tunnel'
}

/** IPv6 forms that carry an IPv4 address the packet really goes to. */
const EMBEDS_IPV4 = new Set(['ipv4Mapped', 'rfc6145', 'rfc6052'])

/** `[::1]` -> `::1`; lower case; a trailing dot dropped. */
export function normalizeHost(host: string): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
  return bare.toLowerCase().replace(/\.$/, '')
}

/**
 * The address when `host` is an IP literal in canonical form, else
 * undefined (a name, to be resolved). Shorthand forms such as `2130706433`
 * or `0x7f.1` count as names: the resolver decides what they mean, and the
 * decision is made on what it returns.
 */
export function ipLiteral(host: string): string | undefined {
  const bare = normalizeHost(host)
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return bare
  if (bare.includes(':') && ipaddr.IPv6.isValid(bare)) return bare
  return undefined
}

/** The verdict for one resolved address. */
export function classifyAddress(address: string): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6
  try {
    parsed = ipaddr.parse(normalizeHost(address))
  } catch {
    return { allowed: false, reason: `${address} is not an IP address` }
  }
  if (parsed.kind() === 'ipv6' && EMBEDS_IPV4.has(parsed.range())) {
    // Each of these forms carries the IPv4 address in its last 32 bits.
    const embedded = ipaddr.fromByteArray(parsed.toByteArray().slice(12)).toString()
    const inner = classifyAddress(embedded)
    return inner.allowed ? inner : { allowed: false, reason: `${address} embeds ${inner.reason}` }
  }
  const canonical = parsed.toString()
  const metadata = METADATA[canonical]
  if (metadata !== undefined) {
    return { allowed: false, reason: `${canonical} is ${metadata}` }
  }
  const range = parsed.range()
  if (range === 'unicast') return { allowed: true }
  return { allowed: false, reason: `${canonical} is a ${CLASS_NAMES[range] ?? range} address` }
}

/**
 * The decision for `host` given every address it resolved to. One refused
 * address refuses the host: a name that mixes public and internal answers
 * is not given the chance to connect to the internal one.
 */
export function decideTarget(host: string, addresses: readonly string[]): TargetDecision {
  if (addresses.length === 0) {
    return { allowed: false, reason: `${host} resolved to no address` }
  }
  for (const address of addresses) {
    const verdict = classifyAddress(address)
    if (!verdict.allowed) {
      const via = normalizeHost(address) === normalizeHost(host) ? '' : `${host} resolves to `
      return { allowed: false, reason: `${via}${verdict.reason}` }
    }
  }
  return { allowed: true, address: normalizeHost(addresses[0] as string) }
}
