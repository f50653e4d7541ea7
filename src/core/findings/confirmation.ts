/**
 * Confirmation of blocking findings: before a staged finding scored at or
 * above `confirm_min_score` is published, two independent sessions each
 * decide whether the defect is real and write a minimal failing test. One
 * model's word is never final for a blocker:
 *
 * - both confirm: published as confirmed, with its failing test;
 * - both refute: not published (the stage marks it refuted);
 * - both confirm: a consensus check (a fresh session with the finding and
 *   both answers) decides whether they describe the same defect with
 *   compatible failing tests; only then is it confirmed;
 * - they disagree, or confirm different defects: each sees the other's
 *   answer (an exchange round) and may adopt, refine or withdraw, then the
 *   round is judged again, up to `confirm_max_exchanges` rounds; a split
 *   stays "unconfirmed": published, but its score can no longer push the
 *   verdict past request_changes.
 *
 * A confirmer that fails or gives no answer never loses the finding: it is
 * published as unconfirmed. A finding that reopens a thread whose record
 * says confirmed was confirmed in an earlier run and is not checked again.
 * Plain data only: the step that runs the sessions is review/confirm-findings.ts.
 */
import type { ThreadState } from '../memory/run-state.js'

/** The score at and above which a staged finding is confirmed (`confirm_min_score`), or 'off'. */
export type ConfirmMinScore = number | 'off'

export type ConfirmationVerdict = 'confirmed' | 'refuted'

/** What one confirmer answered through its tool. */
export interface ConfirmationAnswer {
  readonly verdict: ConfirmationVerdict
  readonly reasoning: string
  /** A minimal failing test, written out (never run: the sandbox is read-only). */
  readonly failingTest: string
}

/** What the rmcoc record of a published finding says (a refuted one is never published). */
export type RecordedConfirmation = 'confirmed' | 'unconfirmed'

export type ConfirmationOutcome = RecordedConfirmation | 'refuted'

/** How the outcome was reached. */
export type ConfirmationBasis =
  'agreed' | 'agreed-after-exchange' | 'split' | 'no-answer' | 'earlier-run'

export interface Confirmation {
  readonly outcome: ConfirmationOutcome
  readonly basis: ConfirmationBasis
  /** The failing test to show: a confirming answer's (absent when none confirmed). */
  readonly failingTest?: string
  /** Why, for the job summary and the log (e.g. which confirmer failed). */
  readonly note: string
  /** The last round's answers, shown to people: why it is (un)confirmed or refuted. */
  readonly answers?: AnswerPair
  /** The last consensus check, when one was made. */
  readonly consensus?: ConsensusAnswer
  /** Exchange rounds held. */
  readonly exchanges?: number
}

/** Both confirmers' answers in one round; absent: that confirmer gave none (or failed). */
export interface AnswerPair {
  readonly a?: ConfirmationAnswer
  readonly b?: ConfirmationAnswer
}

/** The highest score an unconfirmed finding weighs in the verdict: request_changes, never more. */
export const UNCONFIRMED_VERDICT_CAP = 8

/** True when the finding's final score calls for confirmation under `minScore`. */
export function needsConfirmation(score: number, minScore: ConfirmMinScore): boolean {
  return minScore !== 'off' && score >= minScore
}

/**
 * The earlier run's outcome when the finding reopens a thread (or summary
 * record) already confirmed: a regression of a confirmed defect.
 */
export function earlierConfirmation(
  reopens: string | undefined,
  earlier: readonly ThreadState[]
): Confirmation | undefined {
  if (reopens === undefined) return undefined
  const thread = earlier.find((t) => t.id === reopens)
  if (thread?.assessment.confirmation !== 'confirmed') return undefined
  return {
    outcome: 'confirmed',
    basis: 'earlier-run',
    note: `reopens ${reopens}, confirmed in an earlier run`
  }
}

/** What the consensus check answered: do both confirmers describe the same defect? */
export interface ConsensusAnswer {
  readonly agree: boolean
  readonly explanation: string
}

/** One round: both confirmers' answers (a missing new answer keeps the earlier one) and the check. */
export interface ConfirmationRound {
  readonly pair: AnswerPair
  /** Asked only when both confirm; absent when it gave no answer. */
  readonly consensus?: ConsensusAnswer
}

/** True when the consensus check is due: both answered and both confirm. */
export function needsConsensus(pair: AnswerPair): boolean {
  return pair.a?.verdict === 'confirmed' && pair.b?.verdict === 'confirmed'
}

/**
 * What a round settles: refuted when both refute; confirmed only when both
 * confirm AND the consensus check agrees they describe the same defect;
 * otherwise split (a missing answer included).
 */
export function roundVerdict(round: ConfirmationRound): ConfirmationVerdict | 'split' {
  const { a, b } = round.pair
  if (a === undefined || b === undefined) return 'split'
  if (a.verdict === 'refuted' && b.verdict === 'refuted') return 'refuted'
  return needsConsensus(round.pair) && round.consensus?.agree === true ? 'confirmed' : 'split'
}

/** True when another exchange round may settle it: both answered and the round is split. */
export function needsExchange(round: ConfirmationRound): boolean {
  const { a, b } = round.pair
  return a !== undefined && b !== undefined && roundVerdict(round) === 'split'
}

function confirmingTest(...answers: (ConfirmationAnswer | undefined)[]): {
  failingTest?: string
} {
  const found = answers.find((answer) => answer?.verdict === 'confirmed')
  return found === undefined ? {} : { failingTest: found.failingTest }
}

function missingNote(pair: AnswerPair): string {
  const missing = [pair.a === undefined ? 'A' : '', pair.b === undefined ? 'B' : '']
    .filter((name) => name !== '')
    .join(' and ')
  return `confirmer ${missing} gave no answer`
}

function splitNote(last: ConfirmationRound, exchanges: number): string {
  const after = exchanges === 0 ? '' : ` after ${exchanges} exchange round(s)`
  if (needsConsensus(last.pair)) {
    return last.consensus === undefined
      ? `both confirmers confirmed it, but the consensus check gave no answer${after}`
      : `both confirmers confirmed it, but not the same defect${after}`
  }
  return `the confirmers still disagreed${after}`
}

/**
 * The outcome from the rounds in order: the first, then each exchange round
 * (at most `confirm_max_exchanges`). The last round decides; the reasoning of
 * both confirmers and the consensus explanation are kept for people.
 */
export function settleConfirmation(rounds: readonly ConfirmationRound[]): Confirmation {
  const first = rounds[0] ?? { pair: {} }
  const last = rounds.at(-1) ?? first
  const exchanges = Math.max(0, rounds.length - 1)
  const why = {
    answers: last.pair,
    exchanges,
    ...(last.consensus === undefined ? {} : { consensus: last.consensus })
  }
  if (first.pair.a === undefined || first.pair.b === undefined) {
    return {
      outcome: 'unconfirmed',
      basis: 'no-answer',
      ...confirmingTest(first.pair.a, first.pair.b),
      note: missingNote(first.pair),
      ...why
    }
  }
  const verdict = roundVerdict(last)
  if (verdict !== 'split') {
    const after = exchanges === 0 ? '' : ` after ${exchanges} exchange round(s)`
    return {
      outcome: verdict,
      basis: exchanges === 0 ? 'agreed' : 'agreed-after-exchange',
      ...confirmingTest(last.pair.a, last.pair.b),
      note:
        verdict === 'confirmed'
          ? `both confirmers confirmed the same defect${after}`
          : `both confirmers refuted it${after}`,
      ...why
    }
  }
  return {
    outcome: 'unconfirmed',
    basis: 'split',
    ...confirmingTest(last.pair.a, last.pair.b),
    note: splitNote(last, exchanges),
    ...why
  }
}

/**
 * The score a finding weighs in the verdict: a refuted one does not count
 * (undefined), an unconfirmed one at most UNCONFIRMED_VERDICT_CAP; a
 * confirmed one, or one never confirmed (below confirm_min_score, or from
 * before confirmation existed), at its full score.
 */
export function verdictWeight(
  score: number,
  confirmation: ConfirmationOutcome | undefined
): number | undefined {
  if (confirmation === 'refuted') return undefined
  if (confirmation === 'unconfirmed') return Math.min(score, UNCONFIRMED_VERDICT_CAP)
  return score
}

/** What a published finding's record keeps: its outcome (a refuted one is never published). */
export function recordedConfirmation(confirmation: Confirmation | undefined): {
  confirmation?: RecordedConfirmation
} {
  const outcome = confirmation?.outcome
  return outcome === 'confirmed' || outcome === 'unconfirmed' ? { confirmation: outcome } : {}
}
