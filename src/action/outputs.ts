/** Every run sets every output, so workflows can rely on them. */
import * as core from '@actions/core'
import type { OutputName } from '../config/inputs.js'
import type { ReviewOutcome } from '../ports/review-engine.js'

export function setOutcomeOutputs(outcome: ReviewOutcome): void {
  const values: Record<OutputName, string> =
    outcome.kind === 'reviewed'
      ? {
          verdict: outcome.verdict,
          findings_posted: String(outcome.findingsPosted),
          findings_suppressed: String(outcome.findingsSuppressed),
          threads_resolved: String(outcome.threadsResolved),
          findings_refuted: String(outcome.findingsRefuted ?? 0),
          skipped_reason: '',
          input_tokens: String(outcome.usage?.inputTokens ?? 0),
          output_tokens: String(outcome.usage?.outputTokens ?? 0),
          cost_usd: String(outcome.usage?.costUsd ?? 0),
          sarif_file: outcome.sarifFile ?? '',
          fix_status: '',
          fix_commits: ''
        }
      : {
          verdict: '',
          findings_posted: '0',
          findings_suppressed: '0',
          threads_resolved: '0',
          findings_refuted: '0',
          skipped_reason: outcome.reason,
          input_tokens: '0',
          output_tokens: '0',
          cost_usd: '0',
          sarif_file: '',
          fix_status: '',
          fix_commits: ''
        }
  for (const [name, value] of Object.entries(values)) core.setOutput(name, value)
}

/** Fix mode's outputs, once its loop ended (setOutcomeOutputs left them empty). */
export function setFixOutputs(status: string, commits: readonly string[]): void {
  core.setOutput('fix_status', status)
  core.setOutput('fix_commits', commits.join(' '))
}
