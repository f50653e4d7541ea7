/**
 * Starts fix mode's fixer: a tool bridge serving only `submit_fix_result`,
 * then a sidecar of the fixer agent on the caller's copy of the head (which
 * outlives the sidecar: the action verifies and commits what it holds). The
 * sidecar has the reviewer's sandbox otherwise: no token, no model key (the
 * model proxy), the same egress filter, no plugins or project config; it may
 * edit files in the copy, and run nothing.
 */
import { ToolBridge } from '../bridge/tool-bridge.js'
import type { Config } from '../config/action-config.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { AgentSession } from '../ports/agent-session.js'
import type { FixerTools } from '../ports/fixer-tools.js'
import { startOpencodeAgent } from './agent-runtime.js'
import type { BridgedAgentOptions } from './bridged-agent.js'
import { FIXER_AGENT } from './config.js'
import type { SanitizedWorkspace } from './workspace.js'

export interface FixerAgentStart {
  readonly tools: FixerTools
  /** The copy the fixer edits; served as it is, never disposed of here. */
  readonly copy: SanitizedWorkspace
  readonly systemPrompt: string
}

export interface FixerAgent {
  readonly session: AgentSession
  stop(): Promise<void>
}

export async function startFixerAgent(
  start: FixerAgentStart,
  config: Config,
  options: BridgedAgentOptions
): Promise<FixerAgent> {
  const bridge = await ToolBridge.start({
    fixer: start.tools,
    onError: (error) => options.log.warning(`tool bridge: ${getErrorMessage(error)}`)
  })
  try {
    const agent = await startOpencodeAgent({
      ...options,
      role: FIXER_AGENT,
      workspace: start.copy,
      systemPrompt: start.systemPrompt,
      model: config.model,
      // The fixer never gets web tools, whatever enable_web says for the review.
      enableWeb: false,
      overrides: config.opencodeConfig,
      opencodeVersion: config.opencodeVersion,
      opencodePath: config.opencodePath,
      mcpServers: bridge.mcpServers
    })
    return {
      session: agent.session,
      stop: async () => {
        await agent.stop()
        await bridge.close()
      }
    }
  } catch (error) {
    await bridge.close()
    throw error
  }
}
