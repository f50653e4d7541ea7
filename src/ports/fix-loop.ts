/**
 * What the fix loop works through (fix mode, opt-in): the open findings of
 * the bot's own state, a fixer that edits a throwaway copy of the head, the
 * repository's verification commands, one commit per round on the PR branch
 * and the review of that commit. The action composes these with GitHub and
 * opencode; local mode with git.
 */
import type { FixSource } from '../core/fixing/fix-candidates.js'
import type {
  FileChange,
  FixCandidate,
  FixerAnswer,
  FixerUsage,
  VerificationResult
} from '../core/fixing/fix-types.js'
import type { ReviewLog } from './agent-session.js'
import type { BranchCommitResult } from './branch-committer.js'

/** A copy of the head the fixer edited, and what it changed there. */
export interface PatchedCopy {
  /** The directory holding the copy with the fix applied. */
  readonly directory: string
  /** Regular files the fixer added, changed or deleted in the copy. */
  readonly changes: readonly FileChange[]
  dispose(): Promise<void>
}

/**
 * One round of the fixer: its accounted answer and its edits; why it gave
 * none (failed); or edits the sandbox refuses (a new symlink, a file where
 * the copy holds none), which end the loop with nothing pushed.
 */
export type FixerRun = (
  | { readonly kind: 'answered'; readonly answer: FixerAnswer; readonly copy: PatchedCopy }
  | { readonly kind: 'failed' | 'refused'; readonly reason: string }
) & {
  /** What the fixer's turns cost; absent when it never ran a turn. */
  readonly usage?: FixerUsage
}

export interface FixLoopDeps {
  /** The bot's own findings on the PR as its state holds them now (open or not). */
  openFindings(): Promise<readonly FixSource[]>
  /**
   * Runs the fixer on a fresh copy of `directory` (the tree of `head`: the
   * checkout, then the copy the last round committed) with this round's
   * findings.
   */
  runFixer(input: {
    readonly round: number
    readonly head: string
    readonly directory: string
    readonly candidates: readonly FixCandidate[]
  }): Promise<FixerRun>
  /** Runs the repository's verification commands in `directory`, stopping at the first failure. */
  verify(directory: string): Promise<readonly VerificationResult[]>
  /** One commit on the PR branch on top of `expectedHead`; nothing is forced. */
  commit(input: {
    readonly expectedHead: string
    readonly headline: string
    readonly body: string
    readonly changes: readonly FileChange[]
  }): Promise<BranchCommitResult>
  /** Reviews the commit `head` (made on top of `before`) from the patched copy in `directory`. */
  reReview(input: {
    readonly head: string
    readonly before: string
    readonly directory: string
  }): Promise<void>
  readonly log: ReviewLog
}
