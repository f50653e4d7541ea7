/**
 * One round of the fixer's session: the round's prompt, and once, when the
 * turn ends without an accepted answer, a reminder to give it. A turn that
 * fails or runs past the deadline ends the round without an answer; the
 * reason says which.
 */
import type { FixerAnswer, FixerUsage } from '../core/fixing/fix-types.js'
import type { AgentSession, AgentTurn } from '../ports/agent-session.js'

export interface FixerSessionInput {
  readonly prompt: string
  /** Sent once when the first turn ended without an accepted answer. */
  readonly nudge: string
  readonly deadlineMs: number
}

/** Why a turn gave no answer, or undefined when it just ended without one. */
function turnProblem(turn: AgentTurn): string | undefined {
  if (turn.error !== undefined) return `the model failed: ${turn.error.message}`
  if (turn.ending === 'deadline') return 'the turn ran past its deadline'
  return undefined
}

/** The usage of `turns`, summed. */
function usageOf(turns: readonly AgentTurn[]): FixerUsage {
  return {
    inputTokens: turns.reduce((sum, turn) => sum + turn.tokens.input, 0),
    outputTokens: turns.reduce((sum, turn) => sum + turn.tokens.output, 0),
    costUsd: turns.reduce((sum, turn) => sum + turn.cost, 0)
  }
}

export type FixerSessionResult = ({ answer: FixerAnswer } | { failed: string }) & {
  readonly usage: FixerUsage
}

export async function runFixerSession(
  session: AgentSession,
  answered: () => FixerAnswer | undefined,
  input: FixerSessionInput
): Promise<FixerSessionResult> {
  const first = await session.prompt(input.prompt, { deadlineMs: input.deadlineMs })
  const early = answered()
  if (early !== undefined) return { answer: early, usage: usageOf([first]) }
  const problem = turnProblem(first)
  if (problem !== undefined && first.error?.fatal === true) {
    return { failed: problem, usage: usageOf([first]) }
  }
  const second = await session.prompt(input.nudge, { deadlineMs: input.deadlineMs })
  const usage = usageOf([first, second])
  const answer = answered()
  if (answer !== undefined) return { answer, usage }
  return {
    failed: turnProblem(second) ?? 'it ended without an accepted submit_fix_result',
    usage
  }
}
