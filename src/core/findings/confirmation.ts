/**
 * Confirmation of blocking findings: before a staged finding scored at or
 * above `confirm_min_score` is published, two independent sessions each
 * decide whether the defect is real and write a minimal failing test. One
 * model's word is never final for a blocker:
 *
 * - both confirm: published as confirmed, with its failing test;
 * - both refute: not published (the stage marks it refuted);
 * - they disagree: each sees the other's answer once (the exchange round);
 *   agreement then decides, a split stays "unconfirmed": published, but its
 *   score can no longer push the verdict past request_changes.
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

/** 'confirmed' or 'refuted' when both answered alike; 'split' otherwise (one missing included). */
export function agreementOf(pair: AnswerPair): ConfirmationVerdict | 'split' {
  if (pair.a === undefined || pair.b === undefined) return 'split'
  return pair.a.verdict === pair.b.verdict ? pair.a.verdict : 'split'
}

/** True when the round calls for the exchange: both answered and they disagree. */
export function needsExchange(pair: AnswerPair): boolean {
  return pair.a !== undefined && pair.b !== undefined && pair.a.verdict !== pair.b.verdict
}

function confirmingTest(...answers: (ConfirmationAnswer | undefined)[]): {
  failingTest?: string
} {
  const found = answers.find((answer) => answer?.verdict === 'confirmed')
  return found === undefined ? {} : { failingTest: found.failingTest }
}

/**
 * The outcome from the first round and, after a split, the exchange round.
 * In the exchange a confirmer that gives no new answer keeps its first one.
 */
export function settleConfirmation(first: AnswerPair, exchange?: AnswerPair): Confirmation {
  if (first.a === undefined || first.b === undefined) {
    const missing = [first.a === undefined ? 'A' : '', first.b === undefined ? 'B' : '']
      .filter((name) => name !== '')
      .join(' and ')
    return {
      outcome: 'unconfirmed',
      basis: 'no-answer',
      ...confirmingTest(first.a, first.b),
      note: `confirmer ${missing} gave no answer`
    }
  }
  const agreed = agreementOf(first)
  if (agreed !== 'split') {
    return {
      outcome: agreed,
      basis: 'agreed',
      ...confirmingTest(first.a, first.b),
      note: `both confirmers ${agreed} it`
    }
  }
  const second: AnswerPair = { a: exchange?.a ?? first.a, b: exchange?.b ?? first.b }
  const after = agreementOf(second)
  if (after !== 'split') {
    return {
      outcome: after,
      basis: 'agreed-after-exchange',
      ...confirmingTest(second.a, second.b, first.a, first.b),
      note: `both confirmers ${after} it after seeing each other's answer`
    }
  }
  return {
    outcome: 'unconfirmed',
    basis: 'split',
    ...confirmingTest(second.a, second.b),
    note: 'the confirmers still disagreed after seeing each other\u2019s answer'
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
