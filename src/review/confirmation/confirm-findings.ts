/**
 * The confirmation step, after pass 4 and the dispute rule, before
 * publication: every staged finding scored at or above confirm_min_score is
 * checked by two independent confirmers (core/confirmation.ts has the
 * rules). The stage is marked: refuted findings leave publication, the rest
 * carry their outcome into the comment, the record and the verdict; a
 * confirmed one's comment is drafted anew from the confirmed reasoning.
 *
 * Nothing is lost on failure: a confirmer that cannot start, fails or gives
 * no answer leaves the finding unconfirmed (published, with a warning).
 */
import type { Config } from '../../config/action-config.js'
import {
  earlierConfirmation,
  needsConfirmation,
  needsConsensus,
  needsExchange,
  settleConfirmation,
  type AnswerPair,
  type Confirmation,
  type ConfirmationRound
} from '../../core/findings/confirmation.js'
import type { FindingStage } from '../../core/findings/finding-stage.js'
import type { StagedFinding } from '../../core/findings/finding-shapes.js'
import type { ChangedFile } from '../../core/pull-request/pr-data.js'
import type { PassMetrics } from '../../core/reports/run-report.js'
import type { ThreadState } from '../../core/memory/run-state.js'
import type { ReviewEngineDeps } from '../../ports/review-engine.js'
import {
  buildConfirmFindingPrompt,
  buildConfirmNudge,
  buildConsensusPrompt,
  buildExchangePrompt
} from './confirmation-prompts.js'
import {
  askConfirmer,
  askConsensus,
  ConfirmationAccount,
  startConfirmers,
  type Confirmer,
  type PromptResult
} from './confirmer-pair.js'
import { draftConfirmedComment } from './draft-comment.js'

export interface ConfirmInput {
  readonly stage: FindingStage
  readonly config: Pick<
    Config,
    'confirmMinScore' | 'confirmModel' | 'confirmMaxExchanges' | 'passTimeoutMinutes'
  >
  /** The PR's changed files: each finding's prompt inlines its file's patch. */
  readonly files: readonly ChangedFile[]
  /** Earlier findings: a regression of one confirmed before is not confirmed again. */
  readonly earlier: readonly ThreadState[]
  readonly deps: Pick<ReviewEngineDeps, 'startAgent' | 'log' | 'passDeadlineMs'>
  /** A warning for the summary and the log. */
  readonly warn: (message: string) => void
  readonly now?: () => number
}

/** What the step did, for the job summary, the outputs and the log. */
export interface ConfirmationReport {
  /** Findings the confirmers were asked about (a regression of a confirmed one is not). */
  readonly checked: number
  /** Findings taken as confirmed from an earlier run. */
  readonly carried: number
  readonly confirmed: number
  readonly refuted: number
  readonly unconfirmed: number
  /** Confirmed findings whose comment was drafted from the confirmed reasoning. */
  readonly drafted: number
  /** The pass table's row: requests, tokens and cost of every confirmation session. */
  readonly metrics: PassMetrics
}

/** Runs the step; undefined when no staged finding needs confirmation (no session started). */
export async function confirmFindings(
  input: ConfirmInput
): Promise<ConfirmationReport | undefined> {
  const { stage, config } = input
  const due = stage.publishable().filter((f) => needsConfirmation(f.score, config.confirmMinScore))
  if (due.length === 0) return undefined
  const now = input.now ?? Date.now
  const started = now()
  const account = new ConfirmationAccount()
  let carried = 0
  const pending: StagedFinding[] = []
  for (const finding of due) {
    const earlier = earlierConfirmation(finding.reopens, input.earlier)
    if (earlier === undefined) pending.push(finding)
    else {
      stage.confirm(finding.id, earlier)
      carried += 1
    }
  }
  const failure = pending.length === 0 ? undefined : await checkAll(input, pending, account)
  const settled = due.map((f) => stage.all().find((s) => s.id === f.id))
  const count = (outcome: string) =>
    settled.filter((f) => f?.confirmation?.outcome === outcome).length
  return {
    checked: pending.length,
    carried,
    confirmed: count('confirmed'),
    refuted: count('refuted'),
    unconfirmed: count('unconfirmed'),
    drafted: settled.filter((f) => f?.drafted === true).length,
    metrics: {
      number: 5,
      label: 'confirmation',
      completed: failure === undefined,
      durationMs: now() - started,
      inputTokens: account.inputTokens,
      outputTokens: account.outputTokens,
      costUsd: account.cost,
      requests: account.requests,
      ...(failure === undefined ? {} : { note: failure })
    }
  }
}

/**
 * Confirms each pending finding in turn with A and B; returns why the step
 * did not complete (a confirmer could not start, or the model failed), if so.
 */
async function checkAll(
  input: ConfirmInput,
  pending: readonly StagedFinding[],
  account: ConfirmationAccount
): Promise<string | undefined> {
  const model = input.config.confirmModel === '' ? undefined : input.config.confirmModel
  const pair = await startConfirmers(input.deps, input.files, model)
  if (!pair.ok) {
    input.warn(
      `Confirmation of ${pending.length} blocking finding(s) did not run (${pair.reason}); they are published as unconfirmed.`
    )
    for (const finding of pending) {
      input.stage.confirm(finding.id, unconfirmed(pair.reason))
    }
    return pair.reason
  }
  const deadlineMs = input.deps.passDeadlineMs ?? input.config.passTimeoutMinutes * 60_000
  let broken: string | undefined
  try {
    for (const finding of pending) {
      if (broken !== undefined) {
        input.stage.confirm(finding.id, unconfirmed(broken))
        continue
      }
      const outcome = await checkOne(input, finding, [pair.a, pair.b], deadlineMs, account)
      broken = outcome.fatal
      input.stage.confirm(finding.id, outcome.confirmation)
      input.deps.log.info(
        `Confirmation of ${finding.id}: ${outcome.confirmation.outcome} (${outcome.confirmation.note}).`
      )
      if (broken === undefined) {
        const { stage, deps } = input
        const { confirmation } = outcome
        await draftConfirmedComment({
          stage,
          finding,
          confirmation,
          drafter: pair.a,
          deadlineMs,
          account,
          log: deps.log
        })
      }
      if (outcome.confirmation.basis === 'no-answer') {
        input.warn(
          `${finding.id} is published unconfirmed: ${outcome.confirmation.note}${outcome.why === '' ? '' : ` (${outcome.why})`}.`
        )
      }
    }
  } finally {
    await Promise.all(
      [pair.a.agent.stop(), pair.b.agent.stop()].map((p) => p.catch(() => undefined))
    )
  }
  return broken
}

function unconfirmed(reason: string): Confirmation {
  return { outcome: 'unconfirmed', basis: 'no-answer', note: `not confirmed: ${reason}` }
}

interface FindingOutcome {
  readonly confirmation: Confirmation
  /** Why an answer is missing ('' when both answered). */
  readonly why: string
  /** Set when the model cannot be used: the remaining findings are not tried. */
  readonly fatal?: string
}

/**
 * One finding: fresh sessions, both prompted at once; when both confirm, the
 * consensus check; while the round is split, an exchange round (each sees
 * the other's answer), up to `confirm_max_exchanges`.
 */
async function checkOne(
  input: ConfirmInput,
  finding: StagedFinding,
  [a, b]: readonly [Confirmer, Confirmer],
  deadlineMs: number,
  account: ConfirmationAccount
): Promise<FindingOutcome> {
  for (const confirmer of [a, b]) {
    confirmer.tools.assign(finding.id)
    confirmer.session = undefined
  }
  // The first prompt opens the finding's session; each exchange continues it.
  const nudge = buildConfirmNudge(finding.id)
  const ask = (confirmer: Confirmer, text: string) =>
    askConfirmer(confirmer, text, deadlineMs, account, nudge)
  const prompt = buildConfirmFindingPrompt(finding, input.files)
  const firstRound = await Promise.all([ask(a, prompt), ask(b, prompt)])
  const results: PromptResult[] = [...firstRound]
  const rounds: ConfirmationRound[] = []
  let pair = pairOf(firstRound, {})
  for (;;) {
    const round = await judgeRound(finding, pair, a, deadlineMs, account)
    rounds.push(round)
    const fatal = results.some((r) => r.fatal)
    if (fatal || !needsExchange(round) || rounds.length > input.config.confirmMaxExchanges) break
    const { a: answerA, b: answerB } = pair
    if (answerA === undefined || answerB === undefined) break
    const exchange = await Promise.all([
      ask(a, buildExchangePrompt(finding.id, answerB, round.consensus)),
      ask(b, buildExchangePrompt(finding.id, answerA, round.consensus))
    ])
    results.push(...exchange)
    pair = pairOf(exchange, pair)
  }
  const confirmation = settleConfirmation(rounds)
  const fatal = results.find((r) => r.fatal)?.failure
  const why = firstRound
    .map((r, i) => (r.failure === undefined ? '' : `${i === 0 ? 'A' : 'B'}: ${r.failure}`))
    .filter((text) => text !== '')
    .join('; ')
  return { confirmation, why, ...(fatal === undefined ? {} : { fatal }) }
}

/** A round's answers, with the consensus check when both confirm (run in A's agent). */
async function judgeRound(
  finding: StagedFinding,
  pair: AnswerPair,
  checker: Confirmer,
  deadlineMs: number,
  account: ConfirmationAccount
): Promise<ConfirmationRound> {
  if (!needsConsensus(pair) || pair.a === undefined || pair.b === undefined) return { pair }
  const text = buildConsensusPrompt(finding, pair.a, pair.b)
  const consensus = await askConsensus(checker, finding.id, text, deadlineMs, account)
  return consensus === undefined ? { pair } : { pair, consensus }
}

/** The answers of a round; a confirmer without a new answer keeps its earlier one. */
function pairOf(results: readonly PromptResult[], earlier: AnswerPair): AnswerPair {
  const a = results[0]?.answer ?? earlier.a
  const b = results[1]?.answer ?? earlier.b
  return { ...(a === undefined ? {} : { a }), ...(b === undefined ? {} : { b }) }
}
