/**
 * The two confirmers, A and B: one agent each (its own sidecar and tool
 * bridge, so an answer is known to come from A or B), with the confirmation
 * system prompt and model. Each finding gets a fresh session in each agent
 * (none of the review's conversation, none of an earlier finding's); the
 * exchange round is a second prompt in the same session, so every request
 * of a session extends the one before it (provider prompt caching).
 */
import type { ConfirmationAnswer, ConsensusAnswer } from '../../core/findings/confirmation.js'
import { getErrorMessage } from '../../core/errors/error-message.js'
import type { ChangedFile } from '../../core/pull-request/pr-data.js'
import type { AgentSession, AgentTurn } from '../../ports/agent-session.js'
import type { AgentHandle, ReviewEngineDeps } from '../../ports/review-engine.js'
import { buildConfirmationSystemPrompt } from './confirmation-prompts.js'
import { ConfirmationTools } from './confirmation-tools.js'

/** What the confirmation sessions cost: the pass table's confirmation row. */
export class ConfirmationAccount {
  /** Model requests (steps) over every confirmation prompt. */
  requests = 0
  prompts = 0
  inputTokens = 0
  outputTokens = 0
  cost = 0

  add(turn: AgentTurn): void {
    this.prompts += 1
    this.requests += turn.steps
    this.inputTokens += turn.tokens.input
    this.outputTokens += turn.tokens.output
    this.cost += turn.cost
  }
}

/** One confirmer: its agent, its tools, and the session of the finding it is on. */
export interface Confirmer {
  readonly name: 'A' | 'B'
  readonly tools: ConfirmationTools
  readonly agent: AgentHandle
  session?: AgentSession
  /** Sessions opened so far: the first finding takes the agent's first session. */
  opened: number
}

export type PairStart =
  | { readonly ok: true; readonly a: Confirmer; readonly b: Confirmer }
  | { readonly ok: false; readonly reason: string }

/** Starts A and B together; when either cannot start, the other is stopped and the reason told. */
export async function startConfirmers(
  deps: Pick<ReviewEngineDeps, 'startAgent'>,
  files: readonly ChangedFile[],
  model: string | undefined
): Promise<PairStart> {
  const systemPrompt = buildConfirmationSystemPrompt()
  const names = ['A', 'B'] as const
  const tools = names.map((name) => new ConfirmationTools(name, files))
  const started = await Promise.allSettled(
    tools.map((t) =>
      deps.startAgent({ systemPrompt, tools: t, ...(model === undefined ? {} : { model }) })
    )
  )
  const [a, b] = started
  if (a?.status === 'fulfilled' && b?.status === 'fulfilled') {
    const confirmer = (i: 0 | 1, agent: AgentHandle): Confirmer => ({
      name: names[i],
      tools: tools[i] as ConfirmationTools,
      agent,
      opened: 0
    })
    return { ok: true, a: confirmer(0, a.value), b: confirmer(1, b.value) }
  }
  const reasons: string[] = []
  for (const [i, result] of started.entries()) {
    if (result.status === 'fulfilled') await result.value.stop().catch(() => undefined)
    else reasons.push(`confirmer ${names[i]} could not start: ${getErrorMessage(result.reason)}`)
  }
  return { ok: false, reason: reasons.join('; ') }
}

/** A fresh session for the next finding. */
export async function freshSession(confirmer: Confirmer): Promise<AgentSession> {
  confirmer.opened += 1
  confirmer.session =
    confirmer.opened === 1 ? confirmer.agent.session : await confirmer.agent.openSession()
  return confirmer.session
}

function endedQuietly(turn: AgentTurn): boolean {
  return turn.ending === 'idle' && turn.error === undefined
}

export interface PromptResult {
  readonly answer: ConfirmationAnswer | undefined
  /** Why no answer came, when none did. */
  readonly failure?: string
  /** True when trying again cannot help (the model cannot be used). */
  readonly fatal: boolean
}

/**
 * One prompt in a fresh session of `confirmer`'s agent (none of its
 * confirmation's conversation), for a consensus check or a comment draft
 * opened on its tools. The side session is closed afterwards, answered or
 * not, so the agent's next confirmation prompt is answered as one. Returns
 * why the session failed, if it did; never throws.
 */
async function askInFreshSession(
  confirmer: Confirmer,
  text: string,
  deadlineMs: number,
  account: ConfirmationAccount
): Promise<string | undefined> {
  try {
    const session = await confirmer.agent.openSession()
    const turn = await session.prompt(text, { deadlineMs })
    account.add(turn)
    return turn.error?.message ?? (turn.ending === 'deadline' ? 'the deadline passed' : undefined)
  } catch (error) {
    return `the session failed: ${getErrorMessage(error)}`
  } finally {
    confirmer.tools.closeSideSession()
  }
}

/**
 * The consensus check on `findingId`. A failed check is a missing answer,
 * which leaves the finding unconfirmed.
 */
export async function askConsensus(
  confirmer: Confirmer,
  findingId: string,
  text: string,
  deadlineMs: number,
  account: ConfirmationAccount
): Promise<ConsensusAnswer | undefined> {
  confirmer.tools.assignConsensus(findingId)
  await askInFreshSession(confirmer, text, deadlineMs, account)
  return confirmer.tools.consensus()
}

/** What a comment draft session gave: the draft, or why there is none. */
export type DraftResult =
  { readonly ok: true; readonly body: string } | { readonly ok: false; readonly why: string }

/** The comment draft of confirmed `findingId`. */
export async function askDraft(
  confirmer: Confirmer,
  findingId: string,
  text: string,
  deadlineMs: number,
  account: ConfirmationAccount
): Promise<DraftResult> {
  confirmer.tools.assignDraft(findingId)
  const failure = await askInFreshSession(confirmer, text, deadlineMs, account)
  const body = confirmer.tools.draft()
  if (body !== undefined) return { ok: true, body }
  return { ok: false, why: failure ?? 'the session ended without a draft' }
}

/**
 * Prompts the confirmer's current session and reads the answer it gave
 * through its tool. Never throws: a failed session is a missing answer.
 */
export async function askConfirmer(
  confirmer: Confirmer,
  text: string,
  deadlineMs: number,
  account: ConfirmationAccount,
  nudge?: string
): Promise<PromptResult> {
  confirmer.tools.clearAnswer()
  try {
    const session = confirmer.session ?? (await freshSession(confirmer))
    let turn = await session.prompt(text, { deadlineMs })
    account.add(turn)
    // A turn that simply ended without the tool call gets one reminder, in the same session.
    if (confirmer.tools.answer() === undefined && endedQuietly(turn) && nudge !== undefined) {
      turn = await session.prompt(nudge, { deadlineMs })
      account.add(turn)
    }
    const answer = confirmer.tools.answer()
    if (answer !== undefined) return { answer, fatal: false }
    const failure =
      turn.error?.message ??
      (turn.ending === 'deadline' ? 'the deadline passed' : 'it ended without an answer')
    return { answer, failure, fatal: turn.error?.fatal === true }
  } catch (error) {
    return {
      answer: undefined,
      failure: `the session failed: ${getErrorMessage(error)}`,
      fatal: true
    }
  }
}
