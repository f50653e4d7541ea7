/**
 * One round of the fixer's session: the round's prompt, and once, when the
 * turn ends without an accepted answer, a reminder to give it. A turn that
 * fails or runs past the deadline ends the round without an answer; the
 * reason says which.
 */
import type { FixerAnswer } from '../core/fixing/fix-types.js'
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

export async function runFixerSession(
  session: AgentSession,
  answered: () => FixerAnswer | undefined,
  input: FixerSessionInput
): Promise<{ answer: FixerAnswer } | { failed: string }> {
  const first = await session.prompt(input.prompt, { deadlineMs: input.deadlineMs })
  const early = answered()
  if (early !== undefined) return { answer: early }
  const problem = turnProblem(first)
  if (problem !== undefined && first.error?.fatal === true) return { failed: problem }
  const second = await session.prompt(input.nudge, { deadlineMs: input.deadlineMs })
  const answer = answered()
  if (answer !== undefined) return { answer }
  return { failed: turnProblem(second) ?? 'it ended without an accepted submit_fix_result' }
}
