/**
 * Pass control with a scripted agent session (the AgentSession port) and a
 * fake clock: nudge once, retry once, deadlines per attempt, and a session
 * that dies never crashes the review.
 */
import { FindingStage } from '../../src/core/findings/finding-stage.js'
import { EMPTY_RUN_STATE } from '../core/state-fixtures.js'
import type { AgentSession, AgentTurn, ReviewLog } from '../../src/ports/agent-session.js'
import type { ReviewGateway } from '../../src/ports/review-gateway.js'
import { runPasses } from '../../src/review/passes/orchestrator.js'
import { ActionReviewTools } from '../../src/review/tools/action-review-tools.js'

type Step = 'submit' | 'idle' | 'deadline' | 'throw' | 'fatal'

const turnOf = (ending: AgentTurn['ending'], error?: AgentTurn['error']): AgentTurn => ({
  ending,
  toolCalls: [],
  tokens: { input: 10, output: 2, reasoning: 0, cacheRead: 0, cacheWrite: 0 },
  cost: 0,
  steps: 1,
  ...(error === undefined ? {} : { error })
})

function setup(script: Step[], msPerTurn = 1_000) {
  let clock = 0
  const tools = new ActionReviewTools({
    gateway: {} as ReviewGateway, // never reached: no thread or finding tool is called here
    stage: new FindingStage(
      { problemScoreThreshold: 5, scoreElevationThreshold: 5, securitySensitive: false },
      []
    ),
    state: EMPTY_RUN_STATE,
    secrets: [],
    warn: () => undefined
  })
  const prompts: Array<{ text: string; deadlineMs: number }> = []
  const session: AgentSession = {
    async prompt(text, { deadlineMs }) {
      prompts.push({ text, deadlineMs })
      const step = script.shift() ?? 'submit'
      clock += step === 'deadline' ? deadlineMs : msPerTurn
      if (step === 'throw') throw new Error('socket hang up')
      if (step === 'fatal') return turnOf('idle', { message: 'APIError: 401', fatal: true })
      if (step === 'deadline') return turnOf('deadline', { message: 'deadline', fatal: false })
      if (step === 'submit') {
        await tools.submitPassResults({
          pass_number: tools.currentPass,
          summary: `p${tools.currentPass}`,
          has_blocking_issues: false
        })
      }
      return turnOf('idle')
    }
  }
  const warnings: string[] = []
  const log: ReviewLog = {
    debug: () => undefined,
    info: () => undefined,
    warning: (message) => warnings.push(message),
    group: (_title, body) => body()
  }
  const run = () =>
    runPasses({
      session,
      tools,
      passPrompt: (n) => `Pass ${n} of 4`,
      deadlineMs: 10_000,
      log,
      now: () => clock
    })
  return { run, prompts, warnings }
}

describe('runPasses', () => {
  it('runs the four passes in order, one prompt each, when each is submitted', async () => {
    const { run, prompts } = setup(['submit', 'submit', 'submit', 'submit'])
    const result = await run()
    expect(prompts.map((p) => p.text)).toEqual([
      'Pass 1 of 4',
      'Pass 2 of 4',
      'Pass 3 of 4',
      'Pass 4 of 4'
    ])
    expect(result.passes.map((p) => [p.pass, p.completed, p.turns])).toEqual([
      [1, true, 1],
      [2, true, 1],
      [3, true, 1],
      [4, true, 1]
    ])
    expect(result.fatal).toBeUndefined()
  })

  it('nudges once within the same deadline, then retries once with a fresh one', async () => {
    const { run, prompts, warnings } = setup(['submit', 'idle', 'idle', 'submit'])
    const result = await run()
    const pass2 = prompts.slice(1, 4)
    expect(pass2.map((p) => p.text.slice(0, 25))).toEqual([
      'Pass 2 of 4',
      'Pass 2 of 4 is not finish',
      'Pass 2 of 4'
    ])
    // The nudge gets what is left of the attempt; the retry a whole deadline again.
    expect(pass2.map((p) => p.deadlineMs)).toEqual([10_000, 9_000, 10_000])
    expect(result.passes[1]).toMatchObject({
      completed: true,
      nudged: true,
      retried: true,
      turns: 3
    })
    expect(warnings).toEqual(['Pass 2 did not complete; trying it once more.'])
  })

  it('a pass that times out twice fails, and the review goes on to the next pass', async () => {
    const { run, prompts } = setup(['submit', 'deadline', 'deadline', 'submit', 'submit'])
    const result = await run()
    expect(prompts).toHaveLength(5)
    expect(result.passes[1]).toMatchObject({
      completed: false,
      timedOut: true,
      retried: true,
      nudged: false
    })
    expect(result.passes.map((p) => p.completed)).toEqual([true, false, true, true])
  })

  it('a session that throws ends the review as fatal instead of crashing it', async () => {
    const { run } = setup(['submit', 'submit', 'throw'])
    const result = await run()
    expect(result.fatal).toMatch(/the agent session failed: socket hang up/)
    expect(result.passes.map((p) => p.completed)).toEqual([true, true, false])
  })

  it('a fatal model error stops the passes without a retry', async () => {
    const { run, prompts } = setup(['fatal'])
    const result = await run()
    expect(prompts).toHaveLength(1)
    expect(result).toMatchObject({ fatal: 'APIError: 401' })
  })
})
