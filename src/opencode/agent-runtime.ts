/**
 * Starts the review agent: a sanitized export of the checkout, our OpenCode
 * config, the sidecar server, and one session whose turns are mapped onto the
 * orchestrator's AgentSession port. Stopping tears all of it down, in every
 * path (the post step covers a killed process).
 */
import { getErrorMessage } from '../core/errors/error-message.js'
import { ALL_TOOL_NAMES, MCP_SERVER_NAMES } from '../core/names/tool-names.js'
import { startSidecarNetwork } from '../egress/sidecar-network.js'
import type { AgentSession, AgentTurn } from '../ports/agent-session.js'
import { binaryVersion, resolveOpencodeBinary, type ResolvedBinary } from './binary.js'
import { buildOpencodeConfig, REVIEWER_AGENT } from './config.js'
import { ModelTurnError, TurnDeadlineError, type SessionDriverError } from './errors.js'
import { forgetSidecar, rememberSidecar } from './leftover.js'
import { ManagedOpenCodeServer } from './server.js'
import { ReviewSession, type TurnResult } from './session.js'
import { pickCaSettings } from './sidecar-env.js'
import { findProgram, trustedPath } from '../process/trusted-path.js'
import { untestedVersionWarning } from './tested-version.js'
import { createSanitizedWorkspace } from './workspace.js'

export interface OpencodeAgentOptions {
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
  readonly systemPrompt: string
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
}

export interface OpencodeAgent {
  readonly session: AgentSession
  /** A fresh session on the same server: same agent, tools and model, no earlier conversation. */
  openSession(): Promise<AgentSession>
  readonly server: ManagedOpenCodeServer
  stop(): Promise<void>
}

/** Errors no retry can fix: the review cannot run with this model setup. */
function isFatal(error: SessionDriverError): boolean {
  if (error instanceof TurnDeadlineError) return false
  if (!(error instanceof ModelTurnError)) return false
  if (error.kind === 'ProviderAuthError') return true
  return (
    error.kind === 'APIError' &&
    error.statusCode !== undefined &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    error.statusCode !== 408 &&
    error.statusCode !== 429
  )
}

function toAgentTurn(turn: TurnResult): AgentTurn {
  return {
    ending: turn.ending,
    toolCalls: turn.toolCalls.map((call) => ({ name: call.name, status: call.status })),
    tokens: turn.tokens,
    cost: turn.cost,
    steps: turn.steps,
    ...(turn.error === undefined
      ? {}
      : { error: { message: turn.error.message, fatal: isFatal(turn.error) } })
  }
}

/**
 * Warns when the binary is outside the tested series: the one asked for by
 * `opencode_version`, or the one `opencode_path` names (asked for its version).
 */
async function warnIfUntested(
  binary: ResolvedBinary,
  wanted: string,
  path: string,
  log: OpencodeAgentOptions['log']
): Promise<void> {
  let version = wanted
  if (binary.source === 'input') {
    try {
      version = await binaryVersion(binary.path, path)
    } catch (error) {
      log.info(`opencode_path ${binary.path} did not tell its version: ${getErrorMessage(error)}`)
      return
    }
  }
  const warning = untestedVersionWarning(version)
  if (warning !== undefined) log.warning(warning)
}

export async function startOpencodeAgent(options: OpencodeAgentOptions): Promise<OpencodeAgent> {
  const { log } = options
  // One PATH for everything this run starts: opencode, git, and the
  // sidecar's rg and git. Nothing from a folder the PR controls.
  const trusted = await trustedPath(options.env ?? process.env, [options.checkout])
  for (const { entry, reason } of trusted.dropped) {
    log.warning(
      `PATH entry ${JSON.stringify(entry)} left out, no program is run from it: ${reason}`
    )
  }
  const binary = await resolveOpencodeBinary({
    opencodePath: options.opencodePath,
    version: options.opencodeVersion,
    ...(options.env === undefined ? {} : { env: options.env }),
    trusted,
    log: (message) => log.info(message)
  })
  log.info(`opencode: ${binary.path} (${binary.source})`)
  await warnIfUntested(binary, options.opencodeVersion, trusted.path, log)
  const rg = await findProgram('rg', trusted)
  if (rg === undefined) {
    log.warning(
      'No rg (ripgrep) on PATH: opencode will try to download it for grep and glob; install ripgrep on the runner'
    )
  }
  const workspace = await createSanitizedWorkspace(
    options.checkout,
    (message, level) => (level === 'info' ? log.info(message) : log.warning(message)),
    trusted
  )
  const cleanups: Array<() => Promise<void>> = [() => workspace.dispose()]
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup()
      } catch (error) {
        log.warning(`cleanup failed: ${getErrorMessage(error)}`)
      }
    }
    cleanups.length = 0
  }
  try {
    // The key stays here, in the model proxy; the sidecar's traffic goes
    // through the egress filter, but to the proxy and the tool bridge.
    const network = await startSidecarNetwork({
      model: options.model,
      apiKey: options.apiKey,
      overrides: options.overrides,
      env: options.env ?? process.env,
      directUrls: Object.values(options.mcpServers).map((server) => server.url),
      credentialNames: Object.keys(options.providerEnv ?? {}),
      log
    })
    cleanups.push(() => network.close())
    const config = buildOpencodeConfig({
      model: options.model,
      modelEndpoint: network.modelEndpoint,
      enableWeb: options.enableWeb,
      ...(options.overrides === undefined ? {} : { overrides: options.overrides }),
      mcpServers: options.mcpServers,
      systemPrompt: options.systemPrompt,
      allowedToolNames: [...ALL_TOOL_NAMES]
    })
    const server = await ManagedOpenCodeServer.start({
      binary: binary.path,
      directory: workspace.directory,
      config,
      searchPath: trusted,
      egress: network.egress,
      caSettings: pickCaSettings(options.env ?? process.env),
      ...(options.providerEnv === undefined ? {} : { providerEnv: options.providerEnv }),
      ...(options.startupTimeoutMs === undefined
        ? {}
        : { startupTimeoutMs: options.startupTimeoutMs })
    })
    const io = options.saveState === undefined ? {} : { saveState: options.saveState }
    rememberSidecar(server, [server.stateDirectory, workspace.tempDir], io)
    cleanups.push(async () => {
      await server.stop()
      forgetSidecar(io)
    })
    const openSession = async (): Promise<AgentSession> => {
      const session = await ReviewSession.open({
        baseUrl: server.url,
        directory: workspace.directory,
        headers: server.authHeaders(),
        agent: REVIEWER_AGENT,
        mcpServers: [...MCP_SERVER_NAMES],
        onWarning: (message) => log.warning(message)
      })
      cleanups.push(async () => session.close())
      return {
        prompt: async (text, { deadlineMs }) =>
          toAgentTurn(await session.prompt(text, { deadlineMs }))
      }
    }
    return { server, session: await openSession(), openSession, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
