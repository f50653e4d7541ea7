/**
 * One round of the fixer: a fresh copy of the head's tree, the fixer's agent
 * on it (its one tool checks the answer accounts for every finding), one
 * round prompt and at most one reminder, then the agent is stopped and what
 * it changed in the copy is read. Edits the sandbox refuses end the round
 * refused; the copy is then removed. The runner and local mode share it.
 */
import { getErrorMessage } from '../core/errors/error-message.js'
import type { FixCandidate } from '../core/fixing/fix-types.js'
import type { FixerRun } from '../ports/fix-loop.js'
import type { FixerPrompts, FixerSandbox, FixerWorkspace } from '../ports/fixer-sandbox.js'
import { FixerAnswerTools } from './fixer-answer-tools.js'
import { runFixerSession, type FixerSessionResult } from './fixer-session.js'

export interface FixerRoundInput {
  readonly round: number
  /** The tree the copy is made from. */
  readonly directory: string
  readonly candidates: readonly FixCandidate[]
}

export interface FixerRoundSetting {
  readonly sandbox: FixerSandbox
  readonly prompts: FixerPrompts
  /** The deadline of each of the fixer's turns. */
  readonly deadlineMs: number
}

/** The fixer's answer in `workspace`, or why there is none; its agent is stopped either way. */
async function answerIn(
  workspace: FixerWorkspace,
  input: FixerRoundInput,
  setting: FixerRoundSetting
): Promise<FixerSessionResult> {
  const tools = new FixerAnswerTools(input.candidates)
  const agent = await workspace.startFixer(tools, setting.prompts.system())
  try {
    return await runFixerSession(agent.session, () => tools.answer, {
      prompt: setting.prompts.round(input.round, input.candidates),
      nudge: setting.prompts.nudge(input.round),
      deadlineMs: setting.deadlineMs
    })
  } finally {
    await agent.stop()
  }
}

export async function runFixerRound(
  input: FixerRoundInput,
  setting: FixerRoundSetting
): Promise<FixerRun> {
  const workspace = await setting.sandbox(input.directory)
  let kept = false
  try {
    const answered = await answerIn(workspace, input, setting)
    const { usage } = answered
    if ('failed' in answered) return { kind: 'failed', reason: answered.failed, usage }
    const changed = await workspace.changes()
    if (changed.kind === 'refused') return { kind: 'refused', reason: changed.reason, usage }
    kept = true
    return {
      kind: 'answered',
      usage,
      answer: answered.answer,
      copy: {
        directory: workspace.directory,
        changes: changed.changes,
        dispose: () => workspace.dispose()
      }
    }
  } catch (error) {
    return { kind: 'failed', reason: getErrorMessage(error) }
  } finally {
    if (!kept) await workspace.dispose()
  }
}
