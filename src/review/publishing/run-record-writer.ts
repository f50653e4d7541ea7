/**
 * Keeps the run record and the PR's one summary comment. The record (head
 * reviewed, verdict, summary-only findings) goes on a check run on the
 * reviewed head, so even a run with nothing to say leaves it without a PR
 * comment. The summary comment is edited in place when there is one (it
 * folds the earlier runs) and posted only when this run has something to
 * say. Without `checks: write` the record falls back to the summary comment
 * (when there is one), with a warning in the log and the job summary.
 */
import type { CheckRunAnnotation } from '../../core/reports/check-annotations.js'
import type { FailOn } from '../../core/reports/check-conclusion.js'
import { composeCheckRunOutput } from '../../core/reports/check-run-output.js'
import { getErrorMessage } from '../../core/errors/error-message.js'
import type { IssueCommentData } from '../../core/pull-request/pr-data.js'
import { composeSummaryComment, type SummaryInput } from '../../core/summary/summary.js'
import type { ReviewLog } from '../../ports/agent-session.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'
import type { ReviewCheck } from './review-check.js'

export type RecordHome = 'check-run' | 'summary-comment' | 'none'

export interface RecordRunInput {
  readonly gateway: ReviewGateway
  /** The review's check run, started with the review: completed here with the record. */
  readonly check: ReviewCheck
  /** The findings this run posted on the PR's files. */
  readonly annotations: readonly CheckRunAnnotation[]
  readonly failOn: FailOn
  readonly summary: SummaryInput
  /** This run has something to say on the PR (a new comment is worth it). */
  readonly speak: boolean
  /** The bot's summary comment from an earlier run, edited in place. */
  readonly existing: IssueCommentData | undefined
  readonly secrets: readonly string[]
  readonly log: ReviewLog
}

export interface RecordRunResult {
  readonly home: RecordHome
  /** A PR comment was posted or edited. */
  readonly commentWritten: boolean
  /** Why the record is not on a check run; undefined when it is. */
  readonly warning: string | undefined
}

export async function recordRun(input: RecordRunInput): Promise<RecordRunResult> {
  const output = composeCheckRunOutput(input.summary, input.secrets, input.failOn)
  const warning = await input.check.complete(output, input.annotations)
  if (warning !== undefined) input.log.warning(warning)
  const onCheck = warning === undefined
  if (input.existing === undefined && !input.speak) {
    return { home: onCheck ? 'check-run' : 'none', commentWritten: false, warning }
  }
  // The comment is being written anyway: it says where the record went.
  const summary: SummaryInput =
    warning === undefined
      ? input.summary
      : { ...input.summary, warnings: [...input.summary.warnings, warning] }
  await writeSummaryComment(input.gateway, summary, input.existing, input.secrets, input.log)
  return { home: onCheck ? 'check-run' : 'summary-comment', commentWritten: true, warning }
}

/** Edits the earlier summary in place; a new one when there is none, or it is gone. */
async function writeSummaryComment(
  gateway: ReviewGateway,
  summary: SummaryInput,
  existing: IssueCommentData | undefined,
  secrets: readonly string[],
  log: ReviewLog
): Promise<void> {
  if (existing !== undefined) {
    try {
      await gateway.updateIssueComment(
        existing.id,
        composeSummaryComment(summary, secrets, existing.body)
      )
      return
    } catch (error) {
      // Deleted (or hidden from the token) since it was read: start a new one.
      log.warning(
        `Could not edit the summary comment ${existing.id} (${getErrorMessage(error)}); posting a new one.`
      )
    }
  }
  await gateway.postIssueComment(composeSummaryComment(summary, secrets))
}
