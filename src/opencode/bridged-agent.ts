/**
 * The one way an agent is started, on a runner and locally: the tool bridge
 * on loopback first (the agent's only way to act), then the read-only
 * sidecar that reaches our tools through it. Stopping stops both; a sidecar
 * that cannot start leaves no bridge behind.
 */
import { ToolBridge } from '../bridge/tool-bridge.js'
import type { Config } from '../config/action-config.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { AgentHandle, AgentStart } from '../ports/review-engine.js'
import { startOpencodeAgent, type OpencodeAgentOptions } from './agent-runtime.js'

/** What differs between a runner and a local run; the rest comes from the config. */
export type BridgedAgentOptions = Pick<
  OpencodeAgentOptions,
  'checkout' | 'apiKey' | 'providerEnv' | 'log' | 'env' | 'saveState'
>

export async function startBridgedAgent(
  { systemPrompt, tools, model }: AgentStart,
  config: Config,
  options: BridgedAgentOptions
): Promise<AgentHandle> {
  const bridge = await ToolBridge.start({
    port: tools,
    onError: (error) => options.log.warning(`tool bridge: ${getErrorMessage(error)}`)
  })
  try {
    const agent = await startOpencodeAgent({
      ...options,
      model: model ?? config.model,
      enableWeb: config.enableWeb,
      overrides: config.opencodeConfig,
      opencodeVersion: config.opencodeVersion,
      opencodePath: config.opencodePath,
      mcpServers: bridge.mcpServers,
      systemPrompt
    })
    return {
      session: agent.session,
      openSession: () => agent.openSession(),
      async stop() {
        await agent.stop()
        await bridge.close()
      }
    }
  } catch (error) {
    await bridge.close()
    throw error
  }
}
