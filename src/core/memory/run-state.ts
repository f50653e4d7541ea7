/**
 * The review state as `github_get_run_state` returns it (snake_case, as the
 * tool shows it to the agent): every finding the bot published, in a review
 * thread or only in the summary, with its status and the replies around it.
 * threads.ts rebuilds it from PR data; summary-threads.ts adds the
 * summary-only findings.
 */
import type { FindingBlock, Resolution, ThreadStatus } from './rmcoc.js'
import type { RunRecord } from './run-record-reader.js'

export interface DeveloperReply {
  readonly author: string
  readonly body: string
  readonly timestamp: string
}

/** One finding of the run state, thread-shaped. */
export interface ThreadState {
  /** GraphQL node id of the thread (used to resolve). */
  readonly id: string
  /** REST id of the root comment (used to reply). */
  readonly root_comment_id: number
  readonly file: string
  /** Current line, or the original line when outdated; null for file-level comments. */
  readonly line: number | null
  readonly status: ThreadStatus
  readonly score: number
  readonly assessment: Omit<FindingBlock, 'kind'>
  readonly developer_replies: readonly DeveloperReply[]
  /** GitHub's own flags. */
  readonly github_resolved: boolean
  readonly is_outdated: boolean
  /** How many bot rebuttals a developer answered back to (dispute rules). */
  readonly rejected_rebuttals: number
  /**
   * Who spoke last among the bot's status-bearing comments and developer
   * replies: the dispute rules act only when the developer answered the
   * bot's latest rebuttal. Optional so hand-built states stay valid;
   * rebuildThread always sets it (absent reads as 'bot': no action).
   */
  readonly last_word?: 'bot' | 'developer'
  /**
   * Where the finding lives: a review thread (absent reads as 'thread'), or
   * only a record in the run record / summary comment ('summary': no thread
   * to reply in; the id is "summary:<record id>").
   */
  readonly origin?: 'thread' | 'summary'
  /** How a RESOLVED finding was closed; absent while open or when unknown. */
  readonly resolution?: Resolution
  /**
   * Replies by people who are neither the PR author nor collaborators with
   * write access: shown to the agent as context, never part of a dispute.
   */
  readonly other_comments?: readonly DeveloperReply[]
}

export interface RunStateMetadata {
  readonly status_counts: Record<ThreadStatus, number>
  /** Review threads on the PR, bot or not. */
  readonly total_threads: number
  /** The last head fully reviewed, from the chosen run record; null before the first complete run. */
  readonly last_reviewed_sha: string | null
  readonly last_run: RunRecord | null
}

export interface RunState {
  readonly threads: readonly ThreadState[]
  readonly metadata: RunStateMetadata
}
