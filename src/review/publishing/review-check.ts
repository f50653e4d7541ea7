/**
 * The review's check run on the reviewed head, through the gateway: started
 * in_progress (linking the workflow run) as a full review begins, completed
 * once at the end, with the verdict, the record and the annotations, or
 * with why the review could not complete, so it is never left spinning.
 * Without checks: write the start is refused once, and the completion is
 * not tried again: the record falls back to the summary comment.
 */
import type { CheckRunAnnotation } from '../../core/reports/check-annotations.js'
import type { FailOn } from '../../core/reports/check-conclusion.js'
import {
  composeFailedOutput,
  composeStartedOutput,
  type CheckRunOutput
} from '../../core/reports/check-run-output.js'
import { getErrorMessage } from '../../core/errors/error-message.js'
import type { ReviewLog } from '../../ports/agent-session.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'
import { CHECK_RUN_NAME } from '../preparation/run-record-search.js'

export interface ReviewCheckDeps {
  readonly runUrl: string
  readonly secrets: readonly string[]
  readonly log: ReviewLog
}

type Started =
  | { readonly kind: 'running'; readonly id: number }
  | { readonly kind: 'forbidden'; readonly warning: string }
  /** The start failed otherwise: the completion creates the run instead. */
  | { readonly kind: 'not-started' }

export class ReviewCheck {
  private completed = false

  private constructor(
    private readonly gateway: ReviewGateway,
    private readonly headSha: string,
    private readonly deps: ReviewCheckDeps,
    private readonly started: Started
  ) {}

  /** Starts the check run; never throws (a review without its check run still runs). */
  static async start(
    gateway: ReviewGateway,
    headSha: string,
    deps: ReviewCheckDeps
  ): Promise<ReviewCheck> {
    let started: Started
    try {
      const result = await gateway.startCheckRun({
        headSha,
        name: CHECK_RUN_NAME,
        detailsUrl: deps.runUrl,
        ...composeStartedOutput(headSha, deps.runUrl)
      })
      started = result.kind === 'created' ? { kind: 'running', id: result.id } : result
    } catch (error) {
      deps.log.warning(
        `Could not start check run "${CHECK_RUN_NAME}" (${getErrorMessage(error)}); it is created when the review completes.`
      )
      started = { kind: 'not-started' }
    }
    // A refusal is told once, where the record's home is decided (complete, or fail).
    return new ReviewCheck(gateway, headSha, deps, started)
  }

  /**
   * Completes the check run with the run's outcome and record; undefined
   * when the record is on it, else why not (for the log and the summary).
   */
  async complete(
    output: CheckRunOutput,
    annotations: readonly CheckRunAnnotation[]
  ): Promise<string | undefined> {
    this.completed = true
    if (this.started.kind === 'forbidden') return this.started.warning
    try {
      if (this.started.kind === 'running') {
        const done = await this.gateway.completeCheckRun(this.started.id, {
          ...output,
          annotations
        })
        return done.kind === 'forbidden' ? done.warning : undefined
      }
      const created = await this.gateway.createCheckRun({
        headSha: this.headSha,
        name: CHECK_RUN_NAME,
        ...output,
        annotations
      })
      return created.kind === 'forbidden' ? created.warning : undefined
    } catch (error) {
      return `The run record could not be written as a check run (${getErrorMessage(error)}); it is kept in the summary comment when there is one.`
    }
  }

  /** The review could not complete: the running check run says why (no record). */
  async fail(reason: string, failOn: FailOn): Promise<void> {
    if (this.completed) return
    this.completed = true
    if (this.started.kind === 'forbidden') this.deps.log.warning(this.started.warning)
    if (this.started.kind !== 'running') return
    const output = composeFailedOutput(reason, this.deps.runUrl, failOn, this.deps.secrets)
    try {
      await this.gateway.completeCheckRun(this.started.id, { ...output, annotations: [] })
    } catch (error) {
      this.deps.log.warning(
        `Could not complete check run ${this.started.id} after the failure: ${getErrorMessage(error)}`
      )
    }
  }
}
