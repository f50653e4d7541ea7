/**
 * The sidecar's boot, up to a server that listens: the trusted PATH, then at
 * once the binary, the sanitized export and the network (none needs
 * another), then the server, spawned on the export. Its instance has not
 * booted yet: it boots on the first request for the reviewed directory,
 * once the reviewer's prompt and the provider catalogue are written
 * (agent-runtime.ts), so all of this can run while the review still reads
 * the pull request. Every step that succeeds leaves its undo in `cleanups`.
 */
import { getErrorMessage } from '../core/errors/error-message.js'
import { ALL_TOOL_NAMES, FIXER_TOOL_NAME } from '../core/names/tool-names.js'
import { startSidecarNetwork, type SidecarNetwork } from '../egress/sidecar-network.js'
import type { Resolver } from '../egress/target-decision.js'
import { findProgram, trustedPath, type TrustedPath } from '../process/trusted-path.js'
import { resolveOpencodeBinary, type ResolvedBinary } from './binary.js'
import type { Cleanups } from './cleanups.js'
import { buildOpencodeConfig, FIXER_AGENT, REVIEWER_AGENT, type AgentRole } from './config.js'
import { forgetSidecar, rememberSidecar } from './leftover.js'
import { catalogFor, readModelsCatalog } from './models-catalog.js'
import { ManagedOpenCodeServer } from './server.js'
import { pickCaSettings } from './sidecar-env.js'
import { createSanitizedWorkspace, type SanitizedWorkspace } from './workspace.js'

export interface SidecarOptions {
  /** The checked-out PR (GITHUB_WORKSPACE); never modified. */
  readonly checkout: string
  readonly model: string
  /** The model key: held by the model proxy in this process, never by the sidecar. */
  readonly apiKey: string
  readonly enableWeb: boolean
  readonly overrides?: Record<string, unknown> | undefined
  readonly opencodeVersion: string
  readonly opencodePath: string
  readonly mcpServers: Record<string, { url: string; token: string }>
  readonly log: { info(message: string): void; warning(message: string): void }
  /**
   * Cloud credentials for the model's provider (`provider_env` values, read
   * and masked by the caller): the only secrets the sidecar is given.
   */
  readonly providerEnv?: Readonly<Record<string, string>>
  /** Environment for finding or installing the binary (PATH, RUNNER_TOOL_CACHE), proxy and CA settings. */
  readonly env?: Readonly<Record<string, string | undefined>>
  readonly startupTimeoutMs?: number
  /** Records the sidecar for the post step (core.saveState on a runner). */
  readonly saveState?: (name: string, value: string) => void
  /** Called once the sidecar's process is spawned (see StartOptions.onSpawn). */
  readonly onSpawn?: () => void
  /** The egress filter's resolver; default: the runner's DNS (tests pass a table). */
  readonly resolver?: Resolver
  /** The reviewer (read-only, the default) or the fixer (edits `workspace`). */
  readonly role?: AgentRole
  /**
   * The directory to serve, made and disposed of by the caller (the fixer's
   * copy, which outlives its sidecar); default: a sanitized export of
   * `checkout`, disposed of with the sidecar.
   */
  readonly workspace?: SanitizedWorkspace
}

export interface BootedSidecar {
  readonly server: ManagedOpenCodeServer
  readonly workspace: SanitizedWorkspace
  /** The provider catalogue file (models-catalog.ts); undefined: opencode keeps its own. */
  readonly catalogue: Promise<string | undefined>
  readonly binary: ResolvedBinary
}

/** One PATH for everything this run starts: opencode, git, and the sidecar's rg and git. */
async function trustedSearchPath(options: SidecarOptions): Promise<TrustedPath> {
  const trusted = await trustedPath(options.env ?? process.env, [options.checkout])
  for (const { entry, reason } of trusted.dropped) {
    options.log.warning(
      `PATH entry ${JSON.stringify(entry)} left out, no program is run from it: ${reason}`
    )
  }
  return trusted
}

async function resolveBinary(
  options: SidecarOptions,
  trusted: TrustedPath
): Promise<ResolvedBinary> {
  const { log } = options
  const binary = await resolveOpencodeBinary({
    opencodePath: options.opencodePath,
    version: options.opencodeVersion,
    ...(options.env === undefined ? {} : { env: options.env }),
    trusted,
    log: (message) => log.info(message)
  })
  log.info(`opencode: ${binary.path} (${binary.source})`)
  if ((await findProgram('rg', trusted)) === undefined) {
    log.warning(
      options.enableWeb
        ? 'No rg (ripgrep) on PATH: opencode will try to download it for grep and glob; install ripgrep on the runner'
        : 'No rg (ripgrep) on PATH: grep and glob will fail (opencode would download it, and without enable_web the egress filter refuses that); install ripgrep on the runner'
    )
  }
  return binary
}

async function exportWorkspace(
  options: SidecarOptions,
  trusted: TrustedPath,
  cleanups: Cleanups
): Promise<SanitizedWorkspace> {
  if (options.workspace !== undefined) return options.workspace
  const { log } = options
  const workspace = await createSanitizedWorkspace(
    options.checkout,
    (message, level) => (level === 'info' ? log.info(message) : log.warning(message)),
    trusted
  )
  cleanups.add(() => workspace.dispose())
  return workspace
}

/**
 * The key stays here, in the model proxy; the sidecar's traffic goes
 * through the egress filter, but to the proxy and the tool bridge, and the
 * filter lets out only what `enableWeb` and the provider allow.
 */
async function startNetwork(options: SidecarOptions, cleanups: Cleanups): Promise<SidecarNetwork> {
  const network = await startSidecarNetwork({
    model: options.model,
    apiKey: options.apiKey,
    overrides: options.overrides,
    env: options.env ?? process.env,
    directUrls: Object.values(options.mcpServers).map((server) => server.url),
    credentialNames: Object.keys(options.providerEnv ?? {}),
    enableWeb: options.enableWeb,
    ...(options.resolver === undefined ? {} : { resolver: options.resolver }),
    log: options.log
  })
  cleanups.add(() => network.close())
  return network
}

/** The binary, the export and the network, started at once; the first failure is thrown. */
async function startParts(
  options: SidecarOptions,
  trusted: TrustedPath,
  cleanups: Cleanups
): Promise<[ResolvedBinary, SanitizedWorkspace, SidecarNetwork]> {
  const [binary, workspace, network] = await Promise.allSettled([
    resolveBinary(options, trusted),
    exportWorkspace(options, trusted, cleanups),
    startNetwork(options, cleanups)
  ])
  for (const part of [binary, workspace, network]) {
    if (part.status === 'rejected') throw part.reason
  }
  return [
    (binary as PromiseFulfilledResult<ResolvedBinary>).value,
    (workspace as PromiseFulfilledResult<SanitizedWorkspace>).value,
    (network as PromiseFulfilledResult<SidecarNetwork>).value
  ]
}

/** The catalogue cut to the enabled providers, or undefined (logged) when the binary's cannot be read. */
async function readCatalogue(
  binary: string,
  config: Record<string, unknown>,
  log: SidecarOptions['log']
): Promise<string | undefined> {
  const enabled = config['enabled_providers']
  if (!Array.isArray(enabled) || !enabled.every((id) => typeof id === 'string')) return undefined
  try {
    return catalogFor(await readModelsCatalog(binary), enabled)
  } catch (error) {
    log.info(
      `opencode reads its whole provider catalogue (a slower first prompt): ${getErrorMessage(error)}`
    )
    return undefined
  }
}

async function startServer(
  options: SidecarOptions,
  parts: { binary: ResolvedBinary; workspace: SanitizedWorkspace; network: SidecarNetwork },
  config: Record<string, unknown>,
  boot: { trusted: TrustedPath; cleanups: Cleanups; signal: AbortSignal; onSpawn: () => void }
): Promise<ManagedOpenCodeServer> {
  const server = await ManagedOpenCodeServer.start({
    binary: parts.binary.path,
    directory: parts.workspace.directory,
    config,
    searchPath: boot.trusted,
    egress: parts.network.egress,
    caSettings: pickCaSettings(options.env ?? process.env),
    signal: boot.signal,
    onSpawn: boot.onSpawn,
    ...(options.providerEnv === undefined ? {} : { providerEnv: options.providerEnv }),
    ...(options.startupTimeoutMs === undefined
      ? {}
      : { startupTimeoutMs: options.startupTimeoutMs })
  })
  const io = options.saveState === undefined ? {} : { saveState: options.saveState }
  rememberSidecar(server, [server.stateDirectory, parts.workspace.tempDir], io)
  boot.cleanups.add(async () => {
    await server.stop()
    forgetSidecar(io)
  })
  return server
}

/** Boots the sidecar; aborting `signal` stops it at the next step. */
export async function bootSidecar(
  options: SidecarOptions,
  cleanups: Cleanups,
  signal: AbortSignal
): Promise<BootedSidecar> {
  const trusted = await trustedSearchPath(options)
  const [binary, workspace, network] = await startParts(options, trusted, cleanups)
  signal.throwIfAborted()
  const config = buildOpencodeConfig({
    model: options.model,
    modelEndpoint: network.modelEndpoint,
    enableWeb: options.enableWeb,
    ...(options.overrides === undefined ? {} : { overrides: options.overrides }),
    mcpServers: options.mcpServers,
    role: options.role ?? REVIEWER_AGENT,
    allowedToolNames: options.role === FIXER_AGENT ? [FIXER_TOOL_NAME] : [...ALL_TOOL_NAMES]
  })
  // Read once the process is spawned: until then it would only compete with the spawn.
  let catalogue: Promise<string | undefined> = Promise.resolve(undefined)
  const onSpawn = (): void => {
    catalogue = readCatalogue(binary.path, config, options.log)
    options.onSpawn?.()
  }
  const server = await startServer(options, { binary, workspace, network }, config, {
    trusted,
    cleanups,
    signal,
    onSpawn
  })
  return { server, workspace, catalogue, binary }
}
