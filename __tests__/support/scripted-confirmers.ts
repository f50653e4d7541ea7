/**
 * Confirmation sessions without opencode: a ReviewEngineDeps.startAgent that
 * hands the review's own agent to a ScriptedAgent and starts a scripted
 * confirmer for every agent started with the confirmation system prompt.
 * Each confirmer answers through its tools as the bridge would, with what
 * `decide` returns for the finding, the confirmer and the round. Every
 * prompt is recorded with its session, so tests can see what a confirmer
 * was shown and that the exchange continued the finding's session. A
 * consensus check (a fresh session of A's agent) answers with what
 * `consensus` returns; by default it agrees. A comment draft (another fresh
 * session of A's agent, after a confirmation) answers with what `draft`
 * returns; by default it gives none, so the reviewer's text stays.
 */
import type { AgentSession } from '../../src/ports/agent-session.js'
import type { AgentHandle, AgentStart, ReviewEngineDeps } from '../../src/ports/review-engine.js'
import type { SubmitConfirmationArgs } from '../../src/ports/review-tools.js'
import { buildConfirmationSystemPrompt } from '../../src/review/confirmation/confirmation-prompts.js'
import type { ConfirmationTools } from '../../src/review/confirmation/confirmation-tools.js'

export interface ConfirmerTurn {
  readonly confirmer: 'A' | 'B'
  readonly findingId: string
  /** 1: the finding; 2, 3, ...: the exchange rounds, after seeing the other's answer. */
  readonly round: number
  readonly prompt: string
}

/** The answer to give: a verdict (with its test), nothing at all, or a failing session. */
export type ConfirmerAnswer =
  Pick<SubmitConfirmationArgs, 'verdict' | 'failing_test'> | 'silent' | 'fail'

export interface RecordedConfirmerPrompt extends ConfirmerTurn {
  /** "A1", "A2", ...: the confirmer and its session, in the order opened. */
  readonly session: string
  readonly systemPrompt: string
}

const TOKENS = { input: 50, output: 5, reasoning: 0, cacheRead: 0, cacheWrite: 0 }

export const FAILING_TEST = "it('fails', () => expect(total([1])).toBe(1))"

/** What a consensus check answers: agreement and why, or nothing. */
export type ConsensusDecision = { readonly agree: boolean; readonly explanation: string } | 'silent'

export interface ConsensusTurn {
  readonly findingId: string
  /** 1 for the first check of the finding, 2 after the first exchange, ... */
  readonly check: number
  readonly prompt: string
}

/** A comment draft session: the finding it drafts for and what it was shown. */
export interface DraftTurn {
  readonly findingId: string
  readonly session: string
  readonly prompt: string
}

/** What a draft session answers: the body, nothing, or a failing session. */
export type DraftDecision = string | 'silent' | 'fail'

export class ScriptedConfirmers {
  readonly prompts: RecordedConfirmerPrompt[] = []
  readonly consensusChecks: ConsensusTurn[] = []
  readonly drafts: DraftTurn[] = []
  readonly models: (string | undefined)[] = []
  started = 0
  stopped = 0
  private readonly exchanges = new Map<string, number>()

  constructor(
    private readonly decide: (turn: ConfirmerTurn) => ConfirmerAnswer,
    private readonly consensus: (turn: ConsensusTurn) => ConsensusDecision = () => ({
      agree: true,
      explanation: 'Both describe the same defect and test it alike.'
    }),
    private readonly draft: (turn: DraftTurn) => DraftDecision = () => 'silent'
  ) {}

  /** startAgent: confirmers here, everything else to `main`. */
  router(main: ReviewEngineDeps['startAgent']): ReviewEngineDeps['startAgent'] {
    const confirmationPrompt = buildConfirmationSystemPrompt()
    return async (input) =>
      input.systemPrompt === confirmationPrompt ? this.start(input) : main(input)
  }

  private async start(input: AgentStart): Promise<AgentHandle> {
    this.started += 1
    this.models.push(input.model)
    const tools = input.tools as ConfirmationTools
    const name = tools.name as 'A' | 'B'
    let opened = 0
    const open = (): AgentSession => {
      opened += 1
      const session = `${name}${opened}`
      return { prompt: (text) => this.answer(tools, name, session, input.systemPrompt, text) }
    }
    return {
      session: open(),
      openSession: async () => open(),
      stop: async () => {
        this.stopped += 1
      }
    }
  }

  private async answer(
    tools: ConfirmationTools,
    confirmer: 'A' | 'B',
    session: string,
    systemPrompt: string,
    prompt: string
  ) {
    const findingId = /finding (F\d+)/.exec(prompt)?.[1] ?? '?'
    if (prompt.includes('Consensus check on finding')) {
      return this.check(tools, findingId, prompt)
    }
    if (prompt.includes('Comment draft for confirmed finding')) {
      return this.write(tools, { findingId, session, prompt })
    }
    const exchanged =
      (this.exchanges.get(session) ?? 0) +
      (prompt.includes('The other checker answered differently') ? 1 : 0)
    this.exchanges.set(session, exchanged)
    const round = 1 + exchanged
    const turn: ConfirmerTurn = { confirmer, findingId, round, prompt }
    this.prompts.push({ ...turn, session, systemPrompt })
    const answer = this.decide(turn)
    if (answer === 'fail') throw new Error('the sidecar went away')
    if (answer !== 'silent') {
      await tools.submitConfirmation({
        finding_id: findingId,
        reasoning: `${confirmer} reasoned it out (round ${round}).`,
        ...answer
      })
    }
    return { ending: 'idle' as const, toolCalls: [], tokens: TOKENS, cost: 0.01, steps: 2 }
  }

  private async check(tools: ConfirmationTools, findingId: string, prompt: string) {
    const turn: ConsensusTurn = {
      findingId,
      check: this.consensusChecks.filter((c) => c.findingId === findingId).length + 1,
      prompt
    }
    this.consensusChecks.push(turn)
    const decision = this.consensus(turn)
    if (decision !== 'silent') {
      await tools.submitConsensus({ finding_id: findingId, ...decision })
    }
    return { ending: 'idle' as const, toolCalls: [], tokens: TOKENS, cost: 0.01, steps: 1 }
  }

  private async write(tools: ConfirmationTools, turn: DraftTurn) {
    this.drafts.push(turn)
    const decision = this.draft(turn)
    if (decision === 'fail') throw new Error('the sidecar went away')
    if (decision !== 'silent') {
      await tools.submitCommentDraft({ finding_id: turn.findingId, body: decision })
    }
    return { ending: 'idle' as const, toolCalls: [], tokens: TOKENS, cost: 0.01, steps: 1 }
  }
}

export const confirmed: ConfirmerAnswer = { verdict: 'confirmed', failing_test: FAILING_TEST }
export const refuted: ConfirmerAnswer = { verdict: 'refuted' }
