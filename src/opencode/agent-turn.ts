/**
 * One turn of the session driver as the orchestrator's AgentSession port
 * sees it: what ended the turn, the tool calls, the usage, and an error
 * marked fatal when no retry can fix it.
 */
import type { AgentTurn } from '../ports/agent-session.js'
import { ModelTurnError, TurnDeadlineError, type SessionDriverError } from './errors.js'
import type { TurnResult } from './session.js'

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

export function toAgentTurn(turn: TurnResult): AgentTurn {
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
