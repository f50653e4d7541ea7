/**
 * Publishing a fix: one commit appended to the PR's head branch, only if the
 * branch is still at the commit the fix was made on. The branch is never
 * forced: a branch that moved is reported, and the caller stops.
 */
import type { FileChange } from '../core/fixing/fix-types.js'

export interface BranchCommitRequest {
  readonly owner: string
  readonly repo: string
  /** The unqualified branch name (the PR's head ref). */
  readonly branch: string
  /** The commit the branch must still point at (the reviewed head). */
  readonly expectedHeadOid: string
  /** The commit message's first line. */
  readonly headline: string
  /** The rest of the commit message; "" for none. */
  readonly body: string
  /** At least one; each path at most once. */
  readonly changes: readonly FileChange[]
}

/**
 * - branch-moved: the branch no longer points at expectedHeadOid; nothing was committed.
 * - forbidden: the token may not write to the branch (no contents: write).
 * - refused: anything else GitHub (or the committer itself) refused; `detail` says what.
 */
export type BranchCommitResult =
  | { readonly ok: true; readonly oid: string; readonly url: string }
  | {
      readonly ok: false
      readonly reason: 'branch-moved' | 'forbidden' | 'refused'
      readonly detail: string
    }

export interface BranchCommitter {
  commit(request: BranchCommitRequest): Promise<BranchCommitResult>
}
