/**
 * The sidecar's network for one run, both halves started and stopped
 * together: the model proxy (model requests, with the key added here) and the
 * egress filter (everything else the sidecar fetches). The sidecar is given
 * the proxy's URL and token as its provider `baseURL` and `apiKey`, the
 * filter as its HTTP(S)_PROXY, and a NO_PROXY list of exactly the loopback
 * origins it must reach straight: the model proxy and the tool bridge. Any
 * other loopback address goes through the filter, which refuses it.
 *
 * A provider that signs its requests (SIGNING_PROVIDERS: Bedrock, Vertex)
 * gets no model proxy: its SDK in the sidecar signs with the `provider_env`
 * credentials and reaches its public endpoint through the egress filter.
 * What else the filter lets through is the run's scope (egress-scope.ts):
 * without `enable_web`, nothing but that provider's hosts.
 */
import { getErrorMessage } from '../core/errors/error-message.js'
import { EgressProxy } from './egress-proxy.js'
import { egressLog } from './egress-log.js'
import { egressScope, type EgressScope } from './egress-scope.js'
import { ModelProxy } from './model-proxy.js'
import { resolveModelUpstream, type ModelUpstreamInput } from './model-upstream.js'
import { SIGNING_PROVIDERS } from './provider-endpoints.js'
import { runnerCertificates } from './runner-cas.js'
import { runnerProxies, type RunnerProxies } from './runner-proxy.js'
import { decideHost, systemResolver, type Resolver } from './target-decision.js'

export interface SidecarNetworkInput extends ModelUpstreamInput {
  /** The runner's environment: HTTPS_PROXY, HTTP_PROXY and NO_PROXY are chained to. */
  readonly env: Readonly<Record<string, string | undefined>>
  /** Loopback URLs the sidecar reaches straight (the tool bridge's MCP servers). */
  readonly directUrls: readonly string[]
  /** Names of the cloud credentials the sidecar gets (`provider_env` values that are set). */
  readonly credentialNames?: readonly string[]
  /** The `enable_web` input: public addresses beyond what the review needs. */
  readonly enableWeb: boolean
  /** Resolves the names the filter lets through; default: the runner's DNS (tests pass a table). */
  readonly resolver?: Resolver
  readonly log: { info(message: string): void; warning(message: string): void }
}

/** What the sidecar's environment gets (sidecar-env.ts). */
export interface SidecarEgress {
  /** HTTP_PROXY and HTTPS_PROXY. */
  readonly proxyUrl: string
  /** NO_PROXY: `host:port` entries, reached without the filter. */
  readonly direct: readonly string[]
}

export interface ModelEndpoint {
  readonly baseURL: string
  readonly token: string
}

export interface SidecarNetwork {
  /**
   * The sidecar's provider `baseURL` and `apiKey` (config.ts); undefined for
   * a signing provider, which talks to its own endpoint through the filter.
   */
  readonly modelEndpoint: ModelEndpoint | undefined
  readonly egress: SidecarEgress
  close(): Promise<void>
}

function describeScope(scope: EgressScope): string {
  return scope.web
    ? 'The sidecar may reach public addresses through the egress filter (enable_web)'
    : `The sidecar reaches only ${scope.reaches}: the egress filter refuses any other destination (enable_web is off)`
}

function readProxies(input: SidecarNetworkInput): RunnerProxies {
  try {
    return runnerProxies(input.env)
  } catch (error) {
    // A proxy setting meant for other tools (socks5://, ...) is no reason to
    // fail the review: the filter still applies, the traffic just goes direct.
    input.log.warning(`${getErrorMessage(error)}; model requests and the egress filter go direct`)
    return { noProxy: [] }
  }
}

/** The model proxy, or undefined for a signing provider (see above). */
async function startModelProxy(
  input: SidecarNetworkInput,
  proxies: RunnerProxies,
  ca: readonly string[] | undefined
): Promise<ModelProxy | undefined> {
  const providerId = input.model.slice(0, input.model.indexOf('/'))
  if (SIGNING_PROVIDERS.has(providerId)) {
    if (input.apiKey !== '') {
      input.log.warning(
        `opencode_api_key is not used for ${providerId}: its requests are signed with the provider_env credentials`
      )
    }
    input.log.info(
      `model requests of ${providerId} go from the sidecar, signed with the provider_env credentials, through the egress filter`
    )
    if ((input.credentialNames ?? []).length === 0) {
      input.log.warning(
        `${providerId} signs its requests with cloud credentials, but the sidecar gets none: list them in provider_env (e.g. AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_REGION for Bedrock; GOOGLE_APPLICATION_CREDENTIALS, GOOGLE_CLOUD_PROJECT for Vertex)`
      )
    }
    return undefined
  }
  const model = await ModelProxy.start({
    upstream: resolveModelUpstream(input),
    proxies,
    ca,
    onError: (error) => input.log.warning(`model proxy: ${getErrorMessage(error)}`)
  })
  input.log.info(`model requests go through the model proxy to ${model.upstream}`)
  return model
}

export async function startSidecarNetwork(input: SidecarNetworkInput): Promise<SidecarNetwork> {
  const proxies = readProxies(input)
  const certificates = await runnerCertificates(input.env)
  for (const problem of certificates.problems) {
    input.log.warning(`${problem}; TLS from the action trusts Node's default CAs without it`)
  }
  const scope = egressScope(input)
  const resolver = input.resolver ?? systemResolver
  const model = await startModelProxy(input, proxies, certificates.ca)
  let egress: EgressProxy
  try {
    egress = await EgressProxy.start({
      decide: (host) => decideHost(host, scope, resolver),
      proxies,
      ca: certificates.ca,
      onEvent: egressLog((line) => input.log.info(line)),
      onError: (error) => input.log.warning(`egress: ${getErrorMessage(error)}`)
    })
  } catch (error) {
    await model?.close()
    throw error
  }
  input.log.info(describeScope(scope))
  const origins = model === undefined ? input.directUrls : [model.origin, ...input.directUrls]
  const direct = origins.map((url) => new URL(url).host)
  return {
    modelEndpoint: model === undefined ? undefined : { baseURL: model.baseURL, token: model.token },
    egress: { proxyUrl: egress.proxyUrl, direct: [...new Set(direct)] },
    async close() {
      await Promise.allSettled([model?.close(), egress.close()])
    }
  }
}
