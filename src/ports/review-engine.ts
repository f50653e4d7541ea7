/**
 * The seam between "we should review PR #n" and the review itself, and what
 * the review needs from the outside world. main.ts hands every authorized
 * ReviewRequest to a ReviewEngine; the composition root builds its deps.
 */
import type { Config } from '../config/action-config.js'
import type { JobSummaryInput as RunReport } from '../core/reports/run-report.js'
import type { ReviewRequest } from '../core/pull-request/review-request.js'
import type { ActorDirectory } from './actor-directory.js'
import type { AgentSession, ReviewLog } from './agent-session.js'
import type { ReviewGateway } from './review-gateway.js'
import type { ReviewTools } from './review-tools.js'
import type { TeamMemoryStore } from './team-memory-store.js'

import type { Verdict } from '../core/findings/verdict.js'
import type { ModelUsage } from '../core/reports/model-usage.js'
import type { CheckoutHead } from '../core/pull-request/checkout-head.js'
import type { LearningBlock } from '../core/memory/rmcoc.js'

export type { Verdict }

export type { ModelUsage }

export type ReviewOutcome =
  | {
      readonly kind: 'reviewed'
      readonly verdict: Verdict
      readonly findingsPosted: number
      readonly findingsSuppressed: number
      readonly threadsResolved: number
      /** Staged findings both confirmation sessions refuted (not posted); absent: none. */
      readonly findingsRefuted?: number
      /** Model usage of the run as opencode reported it; absent when none was reported. */
      readonly usage?: ModelUsage
      /** Path of the SARIF file of the PR's open findings; absent when none was written. */
      readonly sarifFile?: string
    }
  | { readonly kind: 'skipped'; readonly reason: string }

/** Files the report wrote for the workflow to pick up. */
export interface ReportFiles {
  /** The SARIF log of the open findings (full reviews only). */
  readonly sarifFile?: string
}

export interface ReviewEngine {
  review(request: ReviewRequest, config: Config): Promise<ReviewOutcome>
}

/** A started agent: its first session, and how to stop the sidecar and the tool bridge. */
export interface AgentHandle {
  readonly session: AgentSession
  /**
   * Another session on the same sidecar, same agent and tools, with none of
   * the earlier sessions' conversation (a fresh context).
   */
  openSession(): Promise<AgentSession>
  stop(): Promise<void>
}

/** What starting an agent needs: its system prompt, the tools it calls, and its model. */
export interface AgentStart {
  readonly systemPrompt: string
  readonly tools: ReviewTools
  /** provider/model; the `model` input when absent. */
  readonly model?: string
}

export interface ReviewEngineDeps {
  gatewayFor(request: ReviewRequest): ReviewGateway
  /** Who may speak for the PR in a dispute (write access), asked through the API. */
  directoryFor(request: ReviewRequest): ActorDirectory
  /**
   * Where the repository's team memory lives (with `team_memory` on); absent:
   * this mode keeps none, and reviews run without learnings.
   */
  teamMemoryFor?(request: ReviewRequest): TeamMemoryStore
  /**
   * A mode that keeps its team memory itself (local mode's learnings file,
   * written by its own `dismiss`): the learnings, used read-only by the
   * review. Read when `teamMemoryFor` is absent and `team_memory` is on.
   */
  teamLearnings?(): Promise<readonly LearningBlock[]>
  /**
   * The commit the workspace the agent reads has checked out: the agent only
   * starts when it is the PR head under review. Throws when git cannot tell.
   */
  checkoutHead(): Promise<CheckoutHead>
  /** Starts the sidecar with our tools served to it; throws when it cannot. */
  startAgent(input: AgentStart): Promise<AgentHandle>
  readonly log: ReviewLog
  /** Exact values of the run's secrets (token, model key): never posted. */
  readonly secrets: readonly string[]
  /** Link to this workflow run, for the failure comment. */
  readonly runUrl: string
  /**
   * Writes the job summary (and, for a full review, the SARIF file); says
   * which files it wrote. A report that cannot be written only warns: it is
   * not the review.
   */
  report(report: RunReport): Promise<ReportFiles | void>
  /** The time a run record carries (ISO 8601). */
  now(): Date
  /** Patch text inlined in the pass-1 prompt at most (characters). */
  readonly diffBudgetChars?: number
  /** Overrides pass_timeout_minutes (tests use seconds). */
  readonly passDeadlineMs?: number
}
