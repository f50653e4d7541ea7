/**
 * What the agent's tools do, seen from the action process. The tool bridge
 * validates the model's arguments and calls this port; the orchestrator
 * implements it (policy, sanitizing, GitHub writes). Everything here is plain
 * data: the bridge renders results back to the model as JSON text.
 *
 * Argument names follow the tool signatures the model is given (snake
 * case, as the model writes them), so a value can be traced from the model's
 * request to GitHub without renaming.
 */

import type { RunState } from '../core/memory/run-state.js'

export type { RunState }

/** The structured part of a finding, embedded in the comment as an rmcoc block. */
export interface Assessment {
  /** One sentence: what was found. */
  readonly finding: string
  /** Why it matters and its impact. */
  readonly assessment: string
  /** Severity, an integer from 1 to 10 (the rubric). */
  readonly score: number
}

export interface PostReviewCommentArgs {
  readonly file: string
  readonly line: number
  readonly body: string
  readonly assessment: Assessment
  /** Free-form category such as "security" or "performance". */
  readonly category?: string
  /** Ids of staged or suppressed findings this one merges (pass 4). */
  readonly combines?: readonly string[]
}

/**
 * Findings are staged during passes 1-3 and published as one review after
 * pass 4. Not every submission is staged: below the threshold it is
 * suppressed (kept and counted, never posted), it may duplicate an open
 * thread or a staged finding, or be rejected (e.g. an elevation the rules do
 * not allow). The model is told which and why, so it does not retry blindly.
 */
export type PostReviewCommentResult =
  | {
      readonly status: 'staged'
      readonly finding_id: string
      readonly score: number
      readonly note: string
    }
  | {
      readonly status: 'suppressed'
      readonly finding_id: string
      readonly score: number
      readonly reason: string
    }
  | { readonly status: 'duplicate'; readonly duplicate_of: string; readonly reason: string }
  | { readonly status: 'rejected'; readonly reason: string }
  /** Only from update_staged_finding. */
  | { readonly status: 'withdrawn'; readonly finding_id: string; readonly note: string }

/** Pass 4 consolidation of one staged finding. */
export interface UpdateStagedFindingArgs {
  readonly finding_id: string
  readonly action: 'withdraw' | 'rescore'
  /** New score for "rescore". */
  readonly score?: number
  readonly reason: string
}

export interface ReplyToThreadArgs {
  readonly thread_id: string
  readonly body: string
  readonly is_concession: boolean
}

export interface ResolveThreadArgs {
  readonly thread_id: string
  readonly reason: string
}

export interface SubmitPassResultsArgs {
  /** 1 to 4. */
  readonly pass_number: number
  readonly summary: string
  readonly has_blocking_issues: boolean
}

export interface GetFilePatchArgs {
  /** The path as in the PR's file list. */
  readonly file: string
}

/** One file's whole patch in the pull request (not only what changed since an earlier review). */
export interface FilePatchResult {
  readonly file: string
  /** added | removed | modified | renamed | ... as GitHub lists it. */
  readonly status: string
  /** The path it was renamed from, when it was. */
  readonly previous_file?: string
  readonly additions: number
  readonly deletions: number
  /** Unified diff; null when GitHub has none (binary or too large). */
  readonly patch: string | null
  /** Why there is no patch and what to do instead. */
  readonly note?: string
}

/**
 * A confirmation session's answer on the one finding it was given: is the
 * defect real, why, and a minimal test that fails because of it (written
 * out, never run: the sandbox is read-only).
 */
export interface SubmitConfirmationArgs {
  readonly finding_id: string
  readonly verdict: 'confirmed' | 'refuted'
  readonly reasoning: string
  /** Required with "confirmed"; may be empty with "refuted". */
  readonly failing_test?: string
}

export interface SubmitConsensusArgs {
  readonly finding_id: string
  /** True when both answers describe the same defect with compatible failing tests. */
  readonly agree: boolean
  readonly explanation: string
}

/** A confirmed finding's comment, drafted from the finding and the confirmed reasoning. */
export interface SubmitCommentDraftArgs {
  readonly finding_id: string
  /** The comment text for the developer (Markdown); the action appends the failing test. */
  readonly body: string
}

/** The rule a thread taught, in one sentence, for the team's memory. */
export interface RecordTeamLearningArgs {
  /** A thread of the learnings prompt, exactly as it lists it. */
  readonly thread_id: string
  /** The team's rule in one sentence: what is fine here and why. */
  readonly rule: string
}

/** Outcome of a tool that changes state but has nothing else to return. */
export interface ToolAck {
  readonly ok: true
  /** Optional note for the model (e.g. "already resolved"). */
  readonly note?: string
}

/**
 * Implemented by the orchestrator. A method that throws is reported to the
 * model as a failed tool call with the error's message; it never crashes the
 * bridge. Throw messages the model can act on.
 */
export interface ReviewTools {
  getRunState(): Promise<RunState>
  postReviewComment(args: PostReviewCommentArgs): Promise<PostReviewCommentResult>
  updateStagedFinding(args: UpdateStagedFindingArgs): Promise<PostReviewCommentResult>
  replyToThread(args: ReplyToThreadArgs): Promise<ToolAck>
  resolveThread(args: ResolveThreadArgs): Promise<ToolAck>
  submitPassResults(args: SubmitPassResultsArgs): Promise<ToolAck>
  getFilePatch(args: GetFilePatchArgs): Promise<FilePatchResult>
  /** Only a confirmation session answers with it; the review's own sessions are refused. */
  submitConfirmation(args: SubmitConfirmationArgs): Promise<ToolAck>
  /** Only a consensus check answers with it. */
  submitConsensus(args: SubmitConsensusArgs): Promise<ToolAck>
  /** Only a draft session (after a confirmation) answers with it. */
  submitCommentDraft(args: SubmitCommentDraftArgs): Promise<ToolAck>
  /** Only after the learnings prompt, for a thread it lists; once per thread. */
  recordTeamLearning(args: RecordTeamLearningArgs): Promise<ToolAck>
}
