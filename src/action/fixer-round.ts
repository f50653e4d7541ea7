/**
 * One round of the fixer on the runner: a fresh copy of the head's tree, the
 * fixer's sidecar on it (its one tool checks the answer accounts for every
 * finding), one round prompt and at most one reminder, then the sidecar is
 * stopped and what it changed in the copy is read. Edits the sandbox refuses
 * (a symlink, a file where the export holds none) end the round refused; the
 * copy is then removed.
 */
import type { Config } from '../config/action-config.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { FixCandidate } from '../core/fixing/fix-types.js'
import { FixerAnswerTools } from '../fix/fixer-answer-tools.js'
import { runFixerSession, type FixerSessionResult } from '../fix/fixer-session.js'
import type { BridgedAgentOptions } from '../opencode/bridged-agent.js'
import { collectFixChanges, FixChangeRefusedError } from '../opencode/fix-changes.js'
import { createFixCopy, type FixCopy } from '../opencode/fix-copy.js'
import { startFixerAgent } from '../opencode/fixer-agent.js'
import type { FixerRun } from '../ports/fix-loop.js'
import {
  buildFixerSystemPrompt,
  buildFixNudge,
  buildFixRoundPrompt
} from '../review/prompts/fixer-prompts.js'

export interface FixerRoundInput {
  readonly round: number
  /** The tree the copy is made from. */
  readonly directory: string
  readonly candidates: readonly FixCandidate[]
}

export interface FixerRoundSetting {
  readonly config: Config
  readonly agent: BridgedAgentOptions
  /** The deadline of each of the fixer's turns. */
  readonly deadlineMs: number
}

/** The fixer's answer in `copy`, or why there is none; the sidecar is stopped either way. */
async function answerIn(
  copy: FixCopy,
  input: FixerRoundInput,
  setting: FixerRoundSetting
): Promise<FixerSessionResult> {
  const tools = new FixerAnswerTools(input.candidates)
  const agent = await startFixerAgent(
    { tools, copy, systemPrompt: buildFixerSystemPrompt() },
    setting.config,
    setting.agent
  )
  try {
    return await runFixerSession(agent.session, () => tools.answer, {
      prompt: buildFixRoundPrompt(input.round, input.candidates),
      nudge: buildFixNudge(input.round),
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
  const log = setting.agent.log
  const copy = await createFixCopy(input.directory, (message) => log.info(message))
  let kept = false
  try {
    const answered = await answerIn(copy, input, setting)
    if ('failed' in answered) {
      return { kind: 'failed', reason: answered.failed, usage: answered.usage }
    }
    const changes = await collectFixChanges(copy.directory, copy.baseline)
    kept = true
    return {
      kind: 'answered',
      usage: answered.usage,
      answer: answered.answer,
      copy: { directory: copy.directory, changes, dispose: () => copy.dispose() }
    }
  } catch (error) {
    const reason = getErrorMessage(error)
    return { kind: error instanceof FixChangeRefusedError ? 'refused' : 'failed', reason }
  } finally {
    if (!kept) await copy.dispose()
  }
}
