/**
 * Starts the review agent: the sidecar boots (sidecar-boot.ts: the export,
 * the network, the server), and once the review knows its system prompt the
 * instance gets it with the provider catalogue, then one session whose turns
 * are mapped onto the orchestrator's AgentSession port. The boot can begin
 * before the prompt is known (bootOpencodeAgent); startOpencodeAgent does
 * both in one go. Stopping tears all of it down, in every path (the post
 * step covers a killed process).
 */
import { createOpencodeClient } from '@opencode-ai/sdk/v2/client'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { AgentSession } from '../ports/agent-session.js'
import { toAgentTurn } from './agent-turn.js'
import { Cleanups } from './cleanups.js'
import { agentPromptConfig, REVIEWER_AGENT } from './config.js'
import type { ManagedOpenCodeServer } from './server.js'
import { ReviewSession } from './session.js'
import { bootSidecar, type BootedSidecar, type SidecarOptions } from './sidecar-boot.js'
import { untestedVersionWarning } from './tested-version.js'
import { healthSchema } from './wire.js'

export interface OpencodeAgentOptions extends SidecarOptions {
  readonly systemPrompt: string
}

export interface OpencodeAgent {
  readonly session: AgentSession
  /** A fresh session on the same server: same agent, tools and model, no earlier conversation. */
  openSession(): Promise<AgentSession>
  readonly server: ManagedOpenCodeServer
  stop(): Promise<void>
}

/** A sidecar on its way up that has no system prompt yet. */
export interface BootingAgent {
  /**
   * Gives the agent its system prompt and opens its first session. Rejects,
   * with everything stopped, when the boot failed. Call once.
   */
  start(systemPrompt: string): Promise<OpencodeAgent>
  /** Stops the boot where it got to, or the agent it became. */
  stop(): Promise<void>
  /** Settles once the sidecar's process is spawned, or the boot ended without one. */
  readonly spawned: Promise<void>
}

/**
 * Warns when the binary is outside the tested series: the one asked for by
 * `opencode_version`, or the one `opencode_path` names (its server is asked).
 */
async function warnIfUntested(sidecar: BootedSidecar, options: SidecarOptions): Promise<void> {
  let version = options.opencodeVersion
  if (sidecar.binary.source === 'input') {
    const { server } = sidecar
    try {
      const client = createOpencodeClient({ baseUrl: server.url, headers: server.authHeaders() })
      const { data } = await client.global.health({ throwOnError: true })
      version = healthSchema.parse(data).version
    } catch (error) {
      options.log.info(
        `opencode_path ${sidecar.binary.path} did not tell its version: ${getErrorMessage(error)}`
      )
      return
    }
  }
  const warning = untestedVersionWarning(version)
  if (warning !== undefined) options.log.warning(warning)
}

async function openAgentSession(
  { server, workspace }: BootedSidecar,
  options: SidecarOptions,
  cleanups: Cleanups
): Promise<AgentSession> {
  const { log } = options
  const session = await ReviewSession.open({
    baseUrl: server.url,
    directory: workspace.directory,
    headers: server.authHeaders(),
    agent: options.role ?? REVIEWER_AGENT,
    // The servers the bridge serves this agent: its tools are there once they connect.
    mcpServers: Object.keys(options.mcpServers),
    onWarning: (message) => log.warning(message)
  })
  cleanups.add(async () => session.close())
  return {
    prompt: async (text, { deadlineMs }) => toAgentTurn(await session.prompt(text, { deadlineMs }))
  }
}

/**
 * The prompt and the catalogue go to the instance before anything asks for
 * the reviewed directory: the instance reads them once, when it boots.
 */
async function startBooted(
  sidecar: BootedSidecar,
  systemPrompt: string,
  options: SidecarOptions,
  cleanups: Cleanups
): Promise<Omit<OpencodeAgent, 'stop'>> {
  const models = await sidecar.catalogue
  await sidecar.server.writeInstanceFiles({
    config: agentPromptConfig(options.role ?? REVIEWER_AGENT, systemPrompt),
    ...(models === undefined ? {} : { models })
  })
  const openSession = () => openAgentSession(sidecar, options, cleanups)
  const [session] = await Promise.all([openSession(), warnIfUntested(sidecar, options)])
  return { server: sidecar.server, session, openSession }
}

/** Begins the boot now; the agent is ready once start() has its prompt. */
export function bootOpencodeAgent(options: SidecarOptions): BootingAgent {
  const cleanups = new Cleanups((message) => options.log.warning(message))
  const abort = new AbortController()
  let spawn = (): void => undefined
  const spawned = new Promise<void>((resolve) => (spawn = resolve))
  const booted = bootSidecar(
    {
      ...options,
      onSpawn: () => {
        spawn()
        options.onSpawn?.()
      }
    },
    cleanups,
    abort.signal
  )
  booted.then(spawn, spawn)
  // start() reports a failed boot; a boot that is only stopped needs no report.
  booted.catch(() => undefined)
  let stopped: Promise<void> | undefined
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      abort.abort()
      await booted.catch(() => undefined)
      await cleanups.run()
    })()
    return stopped
  }
  let started = false
  return {
    async start(systemPrompt) {
      if (started) throw new Error('this agent was started already')
      started = true
      try {
        return { ...(await startBooted(await booted, systemPrompt, options, cleanups)), stop }
      } catch (error) {
        await stop()
        throw error
      }
    },
    stop,
    spawned
  }
}

export function startOpencodeAgent(options: OpencodeAgentOptions): Promise<OpencodeAgent> {
  return bootOpencodeAgent(options).start(options.systemPrompt)
}
