/**
 * The plain data the fix loop passes between its steps: the findings handed
 * to the fixer, the fixer's answer, the verification commands' results and
 * the loop's outcome. No rules here; each rule has its own file.
 */

/**
 * An open finding handed to the fixer: at or above the score threshold, read
 * from the bot's own state (never from other people's comments). Its `id`
 * stays the same across rounds while the finding stays open (the thread's
 * fingerprint, see threadFingerprint), so a later round can tell it again.
 */
export interface FixCandidate {
  readonly id: string
  /** Repository-relative path. */
  readonly path: string
  /** null for a file-level finding. */
  readonly line: number | null
  readonly score: number
  /** The one-sentence finding (model text from an earlier run: untrusted). */
  readonly finding: string
  /** Why it matters (untrusted, as above). */
  readonly assessment: string
  /** The outcome of the confirmation sessions, when the finding was confirmed. */
  readonly confirmation?: 'confirmed' | 'unconfirmed'
}

/** A finding the fixer says it fixed, with one line saying how. */
export interface FixedIssue {
  readonly findingId: string
  readonly description: string
}

/** A finding the fixer did not fix, with why. */
export interface RejectedIssue {
  readonly findingId: string
  readonly reason: string
}

/** The fixer's answer for one round: every finding it was given, fixed or rejected. */
export interface FixerAnswer {
  readonly fixed: readonly FixedIssue[]
  readonly rejected: readonly RejectedIssue[]
}

/** What the fixer's turns cost, as opencode reported it (0 when it reported nothing). */
export interface FixerUsage {
  readonly inputTokens: number
  readonly outputTokens: number
  readonly costUsd: number
}

/** One verification command as the action ran it in the patched copy. */
export interface VerificationResult {
  /** The command as configured (repository config, base branch). */
  readonly command: string
  /** null when the command was killed (timeout) or could not start. */
  readonly exitCode: number | null
  readonly timedOut: boolean
  readonly durationMs: number
  /** The end of its combined output (raw: sanitize before posting). */
  readonly outputTail: string
}

/** One file of a fix: its new content, or deleted. */
export type FileChange =
  | { readonly path: string; readonly contents: Uint8Array }
  | { readonly path: string; readonly deleted: true }

/**
 * How a fix loop ended.
 * - converged: no open finding at or above the threshold is left.
 * - manual_intervention_required: only stuck findings are left.
 * - round_cap: fix_max_rounds rounds ran and findings are still open.
 * - verification_failed: a round's verification failed; nothing was pushed.
 * - branch_moved: the branch was no longer at the reviewed head; nothing was forced.
 * - refused: fix mode could not run (fork, no verification commands, ...).
 * - nothing_to_fix: no open finding at or above the threshold to begin with.
 */
export type FixStatus =
  | 'converged'
  | 'manual_intervention_required'
  | 'round_cap'
  | 'verification_failed'
  | 'branch_moved'
  | 'refused'
  | 'nothing_to_fix'
