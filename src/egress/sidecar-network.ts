/**
 * The sidecar's network for one run, both halves started and stopped
 * together: the model proxy (model requests, with the key added here) and the
 * egress filter (everything else the sidecar fetches). The sidecar is given
 * the proxy's URL and token as its provider `baseURL` and `apiKey`, the
 * filter as its HTTP(S)_PROXY, and a NO_PROXY list of exactly the loopback
 * origins it must reach straight: the model proxy and the tool bridge.
 */
import { EgressProxy, type EgressEvent } from './egress-proxy.js'
import { ModelProxy } from './model-proxy.js'
import { resolveModelUpstream, type ModelUpstreamInput } from './model-upstream.js'
import { runnerProxies, type RunnerProxies } from './runner-proxy.js'

export interface SidecarNetworkInput extends ModelUpstreamInput {
  /** The runner's environment: HTTPS_PROXY, HTTP_PROXY and NO_PROXY are chained to. */
  readonly env: Readonly<Record<string, string | undefined>>
  /** Loopback URLs the sidecar reaches straight (the tool bridge's MCP servers). */
  readonly directUrls: readonly string[]
  readonly log: { info(message: string): void; warning(message: string): void }
}

/** What the sidecar's environment gets (sidecar-env.ts). */
export interface SidecarEgress {
  /** HTTP_PROXY and HTTPS_PROXY. */
  readonly proxyUrl: string
  /** NO_PROXY: `host:port` entries, reached without the filter. */
  readonly direct: readonly string[]
}

export interface SidecarNetwork {
  /** The sidecar's provider `baseURL` and `apiKey` (config.ts). */
  readonly modelEndpoint: { readonly baseURL: string; readonly token: string }
  readonly egress: SidecarEgress
  close(): Promise<void>
}

function describeEvent(event: EgressEvent): string {
  const target = `${event.method} ${event.host}:${event.port}`
  return event.allowed ? `egress: ${target}` : `egress refused: ${target}: ${event.reason ?? ''}`
}

export async function startSidecarNetwork(input: SidecarNetworkInput): Promise<SidecarNetwork> {
  const upstream = resolveModelUpstream(input)
  const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
  let proxies: RunnerProxies = { noProxy: [] }
  try {
    proxies = runnerProxies(input.env)
  } catch (error) {
    // A proxy setting meant for other tools (socks5://, ...) is no reason to
    // fail the review: the filter still applies, the traffic just goes direct.
    input.log.warning(`${describe(error)}; model requests and the egress filter go direct`)
  }
  const model = await ModelProxy.start({
    upstream,
    proxies,
    onError: (error) => input.log.warning(`model proxy: ${describe(error)}`)
  })
  let egress: EgressProxy
  try {
    egress = await EgressProxy.start({
      proxies,
      onEvent: (event) => input.log.info(describeEvent(event)),
      onError: (error) => input.log.warning(`egress: ${describe(error)}`)
    })
  } catch (error) {
    await model.close()
    throw error
  }
  input.log.info(`model requests go through the model proxy to ${model.upstream}`)
  const direct = [model.origin, ...input.directUrls].map((url) => new URL(url).host)
  return {
    modelEndpoint: { baseURL: model.baseURL, token: model.token },
    egress: { proxyUrl: egress.proxyUrl, direct: [...new Set(direct)] },
    async close() {
      await Promise.allSettled([model.close(), egress.close()])
    }
  }
}
