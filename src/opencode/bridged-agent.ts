/**
 * The one way an agent is started, on a runner and locally: the tool bridge
 * on loopback first (the agent's only way to act), then the read-only
 * sidecar that reaches our tools through it. Stopping stops both; a sidecar
 * that cannot start leaves no bridge behind.
 *
 * An agent may boot before its review can start it (bootBridgedAgent): the
 * bridge serves tools that are bound later (pending-tools.ts) and the
 * sidecar gets its system prompt later (agent-runtime.ts), so a run can boot
 * opencode while it still reads the pull request. The review's start claims
 * it; nothing reaches the model before that.
 */
import { ToolBridge } from '../bridge/tool-bridge.js'
import type { Config } from '../config/action-config.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { AgentHandle, AgentStart } from '../ports/review-engine.js'
import { bootOpencodeAgent, type BootingAgent, type OpencodeAgentOptions } from './agent-runtime.js'
import { warmUpBridge } from './bridge-warmup.js'
import { PendingTools } from './pending-tools.js'

/** What differs between a runner and a local run; the rest comes from the config. */
export type BridgedAgentOptions = Pick<
  OpencodeAgentOptions,
  'checkout' | 'apiKey' | 'providerEnv' | 'log' | 'env' | 'saveState' | 'resolver'
>

/** An agent booting for one model, until a review claims it or it is released. */
export interface BootingBridgedAgent {
  /**
   * The agent, given `start`'s system prompt and tools, when `start` asks
   * for this agent's model and nothing claimed it yet; undefined otherwise.
   * A boot that failed rejects here, as a start would have.
   */
  claim(start: AgentStart): Promise<AgentHandle> | undefined
  /** Stops the agent unless it was claimed (its handle stops it then). */
  release(): Promise<void>
  /** Settles once the sidecar's process is spawned, or the boot ended without one. */
  readonly spawned: Promise<void>
}

interface BridgedParts {
  readonly bridge: ToolBridge
  readonly agent: BootingAgent
}

async function bootParts(
  tools: PendingTools,
  config: Config,
  options: BridgedAgentOptions,
  model: string
): Promise<BridgedParts> {
  const bridge = await ToolBridge.start({
    port: tools,
    onError: (error) => options.log.warning(`tool bridge: ${getErrorMessage(error)}`)
  })
  const agent = bootOpencodeAgent({
    ...options,
    model,
    enableWeb: config.enableWeb,
    overrides: config.opencodeConfig,
    opencodeVersion: config.opencodeVersion,
    opencodePath: config.opencodePath,
    mcpServers: bridge.mcpServers,
    // Until the spawn, warming the bridge would only compete with it.
    onSpawn: () => void warmUpBridge(bridge.mcpServers)
  })
  return { bridge, agent }
}

async function stopParts(parts: Promise<BridgedParts>): Promise<void> {
  const booted = await parts.catch(() => undefined)
  if (booted === undefined) return
  await booted.agent.stop()
  await booted.bridge.close()
}

async function startParts(
  parts: Promise<BridgedParts>,
  systemPrompt: string,
  stop: () => Promise<void>
): Promise<AgentHandle> {
  const { agent } = await parts
  try {
    const started = await agent.start(systemPrompt)
    return { session: started.session, openSession: () => started.openSession(), stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Begins booting an agent for `model` now; see BootingBridgedAgent. */
export function bootBridgedAgent(
  config: Config,
  options: BridgedAgentOptions,
  model: string = config.model
): BootingBridgedAgent {
  const tools = new PendingTools()
  const parts = bootParts(tools, config, options, model)
  // A boot nobody claims fails quietly; a claim reports it.
  parts.catch(() => undefined)
  let stopped: Promise<void> | undefined
  const stop = (): Promise<void> => (stopped ??= stopParts(parts))
  let claimed = false
  return {
    claim(start) {
      if (claimed || stopped !== undefined || (start.model ?? config.model) !== model) {
        return undefined
      }
      claimed = true
      tools.bind(start.tools)
      return startParts(parts, start.systemPrompt, stop)
    },
    release: () => (claimed ? Promise.resolve() : stop()),
    spawned: parts.then(
      ({ agent }) => agent.spawned,
      () => undefined
    )
  }
}

export function startBridgedAgent(
  start: AgentStart,
  config: Config,
  options: BridgedAgentOptions
): Promise<AgentHandle> {
  const agent = bootBridgedAgent(config, options, start.model ?? config.model)
  return agent.claim(start) as Promise<AgentHandle>
}
