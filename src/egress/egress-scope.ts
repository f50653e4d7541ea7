/**
 * Which host names the sidecar may reach through the egress filter in one
 * run, decided before any name is resolved:
 *
 * - with `enable_web`, any (address-policy.ts then refuses what is not
 *   public unicast);
 * - without it, only what the review needs. The model proxy and the tool
 *   bridge are reached without the filter (the sidecar's NO_PROXY), so for a
 *   provider with a key nothing is left; a provider that signs its requests
 *   (Bedrock, Vertex) reaches its own hosts (SIGNING_ENDPOINTS), the
 *   `baseURL` opencode_config gives it, and for Vertex the host the job's
 *   OIDC token comes from. Every other name is refused, public or not, and
 *   is never resolved, so not even a DNS query leaves for it.
 *
 * Pure: the run's settings and environment are passed in.
 */
import type { AddressVerdict } from './address-policy.js'
import { normalizeHost } from './address-policy.js'
import { SIGNING_ENDPOINTS, type EndpointHost } from './provider-endpoints.js'

export type EgressScope =
  | { readonly web: true }
  | {
      readonly web: false
      readonly hosts: readonly EndpointHost[]
      /** What the sidecar reaches, for messages: "the model proxy and the tool bridge". */
      readonly reaches: string
    }

/** Any public address: the scope with `enable_web`. */
export const PUBLIC_WEB: EgressScope = { web: true }

export interface EgressScopeInput {
  readonly enableWeb: boolean
  /** `provider/model`, as the `model` input. */
  readonly model: string
  /** The parsed `opencode_config` input. */
  readonly overrides?: Record<string, unknown> | undefined
  /** The runner's environment (ACTIONS_ID_TOKEN_REQUEST_URL). */
  readonly env: Readonly<Record<string, string | undefined>>
}

function exactly(name: string): EndpointHost {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return { shape: name, pattern: new RegExp(`^${escaped}$`) }
}

/** The host of a URL, normalized; undefined when it is no http(s) URL. */
function hostOf(url: unknown): string | undefined {
  if (typeof url !== 'string' || !/^https?:\/\/[^/]/.test(url) || !URL.canParse(url)) {
    return undefined
  }
  return normalizeHost(new URL(url).hostname)
}

/** `provider.<id>.options.baseURL` of opencode_config, if any. */
function configuredBaseUrl(overrides: EgressScopeInput['overrides'], providerId: string): unknown {
  const provider = (overrides?.['provider'] as Record<string, unknown> | undefined)?.[providerId]
  const options = (provider as { options?: unknown } | undefined)?.options
  return (options as { baseURL?: unknown } | undefined)?.baseURL
}

export function egressScope(input: EgressScopeInput): EgressScope {
  if (input.enableWeb) return PUBLIC_WEB
  const providerId = input.model.slice(0, Math.max(0, input.model.indexOf('/')))
  const signing = Object.hasOwn(SIGNING_ENDPOINTS, providerId)
    ? SIGNING_ENDPOINTS[providerId]
    : undefined
  if (signing === undefined) {
    return { web: false, hosts: [], reaches: 'the model proxy and the tool bridge' }
  }
  const named = [
    hostOf(configuredBaseUrl(input.overrides, providerId)),
    signing.jobOidcToken ? hostOf(input.env['ACTIONS_ID_TOKEN_REQUEST_URL']) : undefined
  ].filter((name): name is string => name !== undefined)
  const hosts = [...signing.hosts, ...named.map(exactly)]
  const shapes = hosts.map((endpoint) => endpoint.shape).join(', ')
  return { web: false, hosts, reaches: `the tool bridge and ${providerId}'s hosts (${shapes})` }
}

/** Whether `host` (a name or IP literal, as the request named it) is in `scope`. */
export function scopeVerdict(host: string, scope: EgressScope): AddressVerdict {
  if (scope.web) return { allowed: true }
  const name = normalizeHost(host)
  if (scope.hosts.some((endpoint) => endpoint.pattern.test(name))) return { allowed: true }
  return {
    allowed: false,
    reason: `${name} is not needed by the review: without enable_web the sidecar reaches only ${scope.reaches}`
  }
}
