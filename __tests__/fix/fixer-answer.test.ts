/** The fixer's answer tool and its session round, with plain stand-ins for the session. */
import { expect, it } from '@jest/globals'
import { FixerAnswerTools } from '../../src/fix/fixer-answer-tools.js'
import { runFixerSession } from '../../src/fix/fixer-session.js'
import type { AgentSession, AgentTurn } from '../../src/ports/agent-session.js'
import { candidate } from '../core/fixing/fix-fixtures.js'

const given = [candidate('F1@10'), candidate('F2@11')]
const turn = (extra: Partial<AgentTurn> = {}): AgentTurn => ({
  ending: 'idle',
  toolCalls: [],
  tokens: { input: 1, output: 1, reasoning: 0, cacheRead: 0, cacheWrite: 0 },
  cost: 0,
  steps: 1,
  ...extra
})

it('refuses an answer that leaves a finding out, naming it; takes the full one once', async () => {
  const tools = new FixerAnswerTools(given)
  await expect(
    tools.submitFixResult({
      fixed: [{ finding_id: 'F1@10', description: 'Guarded.' }],
      rejected: []
    })
  ).rejects.toThrow(/F2@11/)
  expect(tools.answer).toBeUndefined()
  const full = {
    fixed: [{ finding_id: 'F1@10', description: 'Guarded.' }],
    rejected: [{ finding_id: 'F2@11', reason: 'Intended.' }]
  }
  await expect(tools.submitFixResult(full)).resolves.toMatch(/1 fixed, 1 rejected/)
  expect(tools.answer).toEqual({
    fixed: [{ findingId: 'F1@10', description: 'Guarded.' }],
    rejected: [{ findingId: 'F2@11', reason: 'Intended.' }]
  })
  await expect(tools.submitFixResult(full)).rejects.toThrow(/already has your answer/)
})

/** A session whose turns call `onTurn` (the model's tool calls) and end as scripted. */
function session(turns: Array<{ act?: () => Promise<unknown>; turn?: Partial<AgentTurn> }>) {
  const prompts: string[] = []
  const agent: AgentSession = {
    prompt: async (text) => {
      prompts.push(text)
      const step = turns[prompts.length - 1] ?? {}
      await step.act?.().catch(() => undefined)
      return turn(step.turn)
    }
  }
  return { agent, prompts }
}

const input = { prompt: 'fix round 1', nudge: 'answer now', deadlineMs: 1000 }

it('nudges once when the first turn ends without an accepted answer', async () => {
  const tools = new FixerAnswerTools([candidate('F1@10')])
  const answer = () =>
    tools.submitFixResult({
      fixed: [{ finding_id: 'F1@10', description: 'Guarded.' }],
      rejected: []
    })
  const { agent, prompts } = session([{}, { act: answer }])
  const result = await runFixerSession(agent, () => tools.answer, input)
  expect(prompts).toEqual(['fix round 1', 'answer now'])
  // Both turns' usage is counted.
  expect(result).toEqual({
    answer: tools.answer,
    usage: { inputTokens: 2, outputTokens: 2, costUsd: 0 }
  })
})

it('a fatal model error ends the round at once; a silent nudge ends it without an answer', async () => {
  const tools = new FixerAnswerTools([candidate('F1@10')])
  const fatal = session([{ turn: { error: { message: 'invalid api key', fatal: true } } }])
  expect(await runFixerSession(fatal.agent, () => tools.answer, input)).toMatchObject({
    failed: 'the model failed: invalid api key'
  })
  expect(fatal.prompts).toHaveLength(1)
  const silent = session([{}, {}])
  expect(await runFixerSession(silent.agent, () => tools.answer, input)).toMatchObject({
    failed: 'it ended without an accepted submit_fix_result'
  })
})
