/**
 * The job summary of a run with several reviewer models: one row per
 * reviewer (status, model requests, tokens, dollars), so what each model
 * cost is in the open, and which one failed and why. Model names and
 * failure reasons are escaped like every other cell.
 */
import { formatUsd, sumUsage } from '../core/reports/model-usage.js'
import type { ReviewerReport } from '../core/reports/run-report.js'
import { cell } from './summary-cell.js'

export const REVIEWER_HEADERS = [
  'Reviewer model',
  'Status',
  'Model requests',
  'Input tokens',
  'Output tokens',
  'Cost (USD)'
] as const

function status(reviewer: ReviewerReport, secrets: readonly string[]): string {
  if (reviewer.failure !== undefined) return `failed: ${cell(reviewer.failure, secrets)}`
  const unfinished = reviewer.passes.filter((p) => !p.completed).length
  return unfinished === 0 ? 'completed' : `${unfinished} pass(es) did not complete`
}

/** One row per reviewer, the primary first (as given). */
export function reviewerRows(
  reviewers: readonly ReviewerReport[],
  secrets: readonly string[] = []
): string[][] {
  return reviewers.map((reviewer) => {
    const usage = sumUsage(reviewer.passes)
    const requests = reviewer.passes.reduce((sum, p) => sum + (p.requests ?? 0), 0)
    return [
      `<code>${cell(reviewer.model, secrets)}</code>${reviewer.primary ? ' (primary)' : ''}`,
      status(reviewer, secrets),
      String(requests),
      String(usage.inputTokens),
      String(usage.outputTokens),
      formatUsd(usage.costUsd)
    ]
  })
}
