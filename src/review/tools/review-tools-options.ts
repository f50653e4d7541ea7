/**
 * What the action's review tools are built with: the run's gateway, stage
 * and state, and the limits of this run (a threads-only run, the caps, which
 * reviewer model calls them and whether it may answer threads).
 */
import type { IgnoreMatcher } from '../../config/ignore-globs.js'
import type { FindingStage } from '../../core/findings/finding-stage.js'
import type { ChangedFile } from '../../core/pull-request/pr-data.js'
import type { LearningBlock } from '../../core/memory/rmcoc.js'
import type { RunState } from '../../core/memory/run-state.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'

export interface ReviewToolsOptions {
  readonly gateway: ReviewGateway
  readonly stage: FindingStage
  readonly state: RunState
  /** Exact values of the run's secrets (redacted from every body). */
  readonly secrets: readonly string[]
  readonly warn: (message: string) => void
  /** The PR's changed files, for github_get_file_patch. */
  readonly files?: readonly ChangedFile[]
  /** The repository config file's ignore globs: findings on a matching path are refused. */
  readonly ignored?: IgnoreMatcher
  /** Replies and resolutions this run may write in all (DEFAULT_MAX_THREAD_ACTIONS). */
  readonly maxThreadActions?: number
  /**
   * A threads-only run: only this thread may be answered, and no finding is
   * staged (nothing would publish it). Enforced here, not left to the prompt:
   * the reply that started the run is untrusted text.
   */
  readonly onlyThread?: string
  /**
   * The reviewer model these tools serve when several review (the stage
   * records agreement by it); absent with one reviewer.
   */
  readonly reviewer?: string
  /**
   * False for every reviewer but the primary: only the primary answers
   * earlier threads, so no thread gets two answers. Default true.
   */
  readonly answersThreads?: boolean
  /**
   * What the team taught (team memory): a new finding a learning covers is
   * refused naming it, or published with it shown. Every reviewer of a run
   * gets the same ones. Absent: none.
   */
  readonly learnings?: readonly LearningBlock[]
}

/** What an extra reviewer hears when it tries to answer a thread. */
export const THREADS_ARE_THE_PRIMARYS =
  'Earlier threads are answered by the primary reviewer only, not by you: do not reply to or resolve threads. Review the code and stage your findings.'
