/**
 * A finding as the agent submits it (FindingInput) and as the stage holds it
 * (StagedFinding): the shapes the stage, agreement between reviewers and
 * novelty checks all read, kept apart from the stage so those rules do not
 * import each other.
 */
import type { Confirmation } from './confirmation.js'

export interface FindingInput {
  readonly file: string
  readonly line: number
  /** Human-readable comment body (sanitized later, when published). */
  readonly body: string
  readonly finding: string
  readonly assessment: string
  readonly score: number
  readonly category?: string | undefined
  /** Ids of staged or suppressed findings this one combines (pass 4 consolidation). */
  readonly combines?: readonly string[] | undefined
}

/**
 * 'refuted': both confirmation sessions refuted it after pass 4; never published.
 * 'held-back': a re-score in consolidation brought it under a team learning
 * that covers it (the note names the learning); never published.
 */
export type FindingState =
  'staged' | 'suppressed' | 'withdrawn' | 'combined' | 'refuted' | 'held-back'

export interface StagedFinding extends Omit<FindingInput, 'body' | 'combines' | 'score'> {
  /** "F1", "F2", ... for staged findings, "S1", ... for suppressed ones. */
  readonly id: string
  /**
   * The comment text (sanitized when published): as the reviewer wrote it,
   * or, once confirmed, as drafted from the confirmed reasoning (`drafted`).
   */
  body: string
  /** True when `body` was drafted from the confirmation, replacing the reviewer's text. */
  drafted?: boolean
  readonly pass: number
  /** Final score (after promotion; changed by a re-score in consolidation). */
  score: number
  /** The model's score before promotion. */
  baseScore: number
  readonly promoted: boolean
  readonly elevated: boolean
  readonly combines: readonly string[]
  state: FindingState
  /** Why it was withdrawn / which finding absorbed it. */
  note?: string
  /**
   * A regression: the id of the earlier finding resolved as fixed that this
   * one reopens (a thread's GraphQL id, or "summary:<id>"). Publishing
   * replies in that thread instead of opening a new one.
   */
  readonly reopens?: string
  /**
   * The reviewer models that raised it, first one first; empty in a run
   * with one reviewer (none is named). The stage always sets it; findings
   * built elsewhere may leave it out.
   */
  reviewers?: string[]
  /** The outcome of the confirmation sessions (confirm_min_score); absent when not confirmed. */
  confirmation?: Confirmation
}
