/**
 * A fake model's script played without opencode: an agent whose every
 * prompt takes steps from the FakeModel's queue and calls the action's
 * tools itself, each call parsed with the bridge's own schema as the bridge
 * would, until a step without tool calls ends the turn. E2E tests use it
 * for a run that only prepares what the run under test reads (its
 * comments, records, summary): that run goes through the action's real
 * run(), GitHub adapter and publication, and boots no sidecar.
 */
import { getErrorMessage } from '../../../src/core/errors/error-message.js'
import { invalidArgumentsMessage } from '../../../src/bridge/invalid-arguments.js'
import type { ServedTool } from '../../../src/bridge/served-tool.js'
import { reviewToolSet } from '../../../src/bridge/tools.js'
import type { AgentSession, AgentToolCall, AgentTurn } from '../../../src/ports/agent-session.js'
import type { AgentHandle, AgentStart } from '../../../src/ports/review-engine.js'
import type { ReviewTools } from '../../../src/ports/review-tools.js'
import type { ScriptedToolCall } from './chunks.js'
import type { FakeModel } from './fake-model-server.js'

const TOKENS = { input: 100, output: 10, reasoning: 0, cacheRead: 0, cacheWrite: 0 }

/** Steps one played turn may take: a script that never ends its turn fails instead of looping. */
const MAX_STEPS = 50

/** The text the bridge would send back for a call, and whether it is an error result. */
async function resultOf(
  tool: ServedTool,
  request: ScriptedToolCall
): Promise<{ readonly text: string; readonly error: boolean }> {
  const args = tool.schema.safeParse(request.arguments ?? {})
  if (!args.success) {
    return {
      text: invalidArgumentsMessage(tool.modelName, args.error.issues, request.arguments),
      error: true
    }
  }
  try {
    return { text: await tool.run(args.data), error: false }
  } catch (error) {
    // As through the bridge: a refused call is an error result, and the turn goes on.
    return { text: `${tool.modelName} failed: ${getErrorMessage(error)}`, error: true }
  }
}

async function call(
  model: FakeModel,
  tools: readonly ServedTool[],
  request: ScriptedToolCall
): Promise<AgentToolCall> {
  const tool = tools.find((t) => t.modelName === request.name)
  if (tool === undefined) {
    throw new Error(
      `${request.name} cannot be played without opencode: only the action's tools can`
    )
  }
  const result = await resultOf(tool, request)
  model.playedToolResults.push(result.text)
  return { name: request.name, status: result.error ? 'error' : 'completed' }
}

async function playTurn(model: FakeModel, port: ReviewTools): Promise<AgentTurn> {
  const tools = reviewToolSet(port)
  const calls: AgentToolCall[] = []
  for (let steps = 1; steps <= MAX_STEPS; steps += 1) {
    const step = model.takeStep()
    if (!('text' in step) && !('toolCalls' in step)) {
      throw new Error('a played script holds text and tool calls only (no status, no hang)')
    }
    if (!('toolCalls' in step)) {
      return { ending: 'idle', toolCalls: calls, tokens: TOKENS, cost: 0, steps }
    }
    for (const request of step.toolCalls) calls.push(await call(model, tools, request))
  }
  throw new Error(`a played turn took more than ${MAX_STEPS} steps`)
}

/** ReviewEngineDeps.startAgent playing `model`'s queue; counts the agents it started. */
export function scriptPlayer(model: FakeModel): {
  readonly start: (input: AgentStart) => Promise<AgentHandle>
  readonly started: () => number
} {
  let started = 0
  return {
    started: () => started,
    start: async (input) => {
      started += 1
      const session = (): AgentSession => ({
        prompt: async (text) => {
          model.playedPrompts.push(text)
          return playTurn(model, input.tools)
        }
      })
      return { session: session(), openSession: async () => session(), stop: async () => undefined }
    }
  }
}
