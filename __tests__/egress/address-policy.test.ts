/**
 * The egress filter's decision, on plain data: host names are resolved by a
 * test resolver (a table), and nothing connects anywhere.
 */
import { describe, expect, it } from '@jest/globals'
import { classifyAddress, decideTarget, ipLiteral } from '../../src/egress/address-policy.js'
import { PUBLIC_WEB } from '../../src/egress/egress-scope.js'
import { decideHost, type Resolver } from '../../src/egress/target-decision.js'

/** DNS as the test says it is; an unknown name fails like NXDOMAIN. */
function resolverOf(table: Record<string, string[]>): Resolver & { asked: string[] } {
  const asked: string[] = []
  const resolve = async (name: string) => {
    asked.push(name)
    const answer = table[name]
    if (answer === undefined) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
    return answer
  }
  return Object.assign(resolve, { asked })
}

describe('classifyAddress', () => {
  it.each([
    ['169.254.169.254', '169.254.169.254 is the cloud instance metadata service'],
    ['169.254.170.2', '169.254.170.2 is the AWS ECS task metadata service'],
    ['fd00:ec2::254', 'fd00:ec2::254 is the AWS instance metadata service (IPv6)'],
    ['100.100.100.200', '100.100.100.200 is the Alibaba Cloud metadata service'],
    ['192.0.0.192', '192.0.0.192 is the Oracle Cloud metadata service'],
    ['169.254.1.1', '169.254.1.1 is a link-local address'],
    ['fe80::1', 'fe80::1 is a link-local address'],
    ['127.0.0.1', '127.0.0.1 is a loopback address'],
    ['127.10.0.3', '127.10.0.3 is a loopback address'],
    ['::1', '::1 is a loopback address'],
    ['10.0.0.5', '10.0.0.5 is a private address'],
    ['172.16.3.4', '172.16.3.4 is a private address'],
    ['172.31.255.255', '172.31.255.255 is a private address'],
    ['192.168.1.10', '192.168.1.10 is a private address'],
    ['fd12:3456::1', 'fd12:3456::1 is a unique-local (private IPv6) address'],
    ['100.64.0.1', '100.64.0.1 is a carrier-grade NAT (shared, often cloud-internal) address'],
    ['0.0.0.0', '0.0.0.0 is a unspecified (this host) address'],
    ['::', ':: is a unspecified (this host) address'],
    ['224.0.0.251', '224.0.0.251 is a multicast address'],
    ['255.255.255.255', '255.255.255.255 is a broadcast address'],
    ['192.0.2.1', '192.0.2.1 is a reserved address'],
    ['::ffff:169.254.169.254', '::ffff:169.254.169.254 embeds 169.254.169.254 is the cloud'],
    ['::ffff:127.0.0.1', '::ffff:127.0.0.1 embeds 127.0.0.1 is a loopback address'],
    ['64:ff9b::a9fe:a9fe', '64:ff9b::a9fe:a9fe embeds 169.254.169.254 is the cloud'],
    ['2002:a9fe:a9fe::1', '2002:a9fe:a9fe::1 is a 6to4 tunnel address']
  ])('refuses %s', (address, reason) => {
    const verdict = classifyAddress(address)
    expect(verdict.allowed).toBe(false)
    expect(verdict.allowed ? '' : verdict.reason).toContain(reason)
  })

  it.each(['93.184.216.34', '140.82.112.3', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(classifyAddress(address)).toEqual({ allowed: true })
    }
  )

  it('says what it got when the input is no address', () => {
    expect(classifyAddress('example.com')).toEqual({
      allowed: false,
      reason: 'example.com is not an IP address'
    })
  })
})

describe('ipLiteral', () => {
  it('knows canonical literals and leaves shorthand forms to the resolver', () => {
    expect(ipLiteral('127.0.0.1')).toBe('127.0.0.1')
    expect(ipLiteral('[::1]')).toBe('::1')
    expect(ipLiteral('[FE80::1]')).toBe('fe80::1')
    for (const name of ['2130706433', '0x7f.1', '017700000001', 'localhost', 'a.example']) {
      expect(ipLiteral(name)).toBeUndefined()
    }
  })
})

describe('decideTarget', () => {
  it('allows a host only when every address is public, and connects to the first', () => {
    expect(decideTarget('a.example', ['93.184.216.34', '2606:4700::1111'])).toEqual({
      allowed: true,
      address: '93.184.216.34'
    })
  })

  it('refuses a host with one internal answer among public ones', () => {
    expect(decideTarget('mixed.example', ['93.184.216.34', '10.0.0.5'])).toEqual({
      allowed: false,
      reason: 'mixed.example resolves to 10.0.0.5 is a private address'
    })
  })

  it('refuses a host with no address', () => {
    expect(decideTarget('empty.example', [])).toEqual({
      allowed: false,
      reason: 'empty.example resolved to no address'
    })
  })
})

describe('decideHost (names resolved by a test resolver)', () => {
  const resolver = resolverOf({
    'metadata.google.internal': ['169.254.169.254'],
    'rebind.attacker.example': ['93.184.216.34', '169.254.169.254'],
    'intranet.corp.example': ['10.20.30.40'],
    'wiki.corp.example': ['fd00:1::5'],
    localhost: ['127.0.0.1', '::1'],
    '2130706433': ['127.0.0.1'],
    'docs.example': ['93.184.216.34'],
    'v6.example': ['2606:4700::1111']
  })

  it.each([
    [
      'metadata.google.internal',
      'metadata.google.internal resolves to 169.254.169.254 is the cloud'
    ],
    ['rebind.attacker.example', 'rebind.attacker.example resolves to 169.254.169.254'],
    ['intranet.corp.example', 'resolves to 10.20.30.40 is a private address'],
    ['wiki.corp.example', 'resolves to fd00:1::5 is a unique-local'],
    ['localhost', 'localhost resolves to 127.0.0.1 is a loopback address'],
    ['LOCALHOST.', 'localhost resolves to 127.0.0.1 is a loopback address'],
    ['2130706433', '2130706433 resolves to 127.0.0.1 is a loopback address'],
    ['unknown.example', 'unknown.example could not be resolved on the runner (ENOTFOUND)'],
    ['', 'the request named no host']
  ])('refuses %j', async (host, reason) => {
    const decision = await decideHost(host, PUBLIC_WEB, resolver)
    expect(decision.allowed).toBe(false)
    expect(decision.allowed ? '' : decision.reason).toContain(reason)
  })

  it('judges IP literals without asking the resolver', async () => {
    const before = resolver.asked.length
    await expect(decideHost('169.254.169.254', PUBLIC_WEB, resolver)).resolves.toMatchObject({
      allowed: false
    })
    await expect(decideHost('[fd00:ec2::254]', PUBLIC_WEB, resolver)).resolves.toMatchObject({
      allowed: false
    })
    await expect(decideHost('93.184.216.34', PUBLIC_WEB, resolver)).resolves.toEqual({
      allowed: true,
      address: '93.184.216.34'
    })
    expect(resolver.asked.length).toBe(before)
  })

  it('allows public names, with the resolved address to connect to', async () => {
    await expect(decideHost('docs.example', PUBLIC_WEB, resolver)).resolves.toEqual({
      allowed: true,
      address: '93.184.216.34'
    })
    await expect(decideHost('v6.example', PUBLIC_WEB, resolver)).resolves.toEqual({
      allowed: true,
      address: '2606:4700::1111'
    })
  })
})
