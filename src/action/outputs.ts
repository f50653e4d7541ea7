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
          skipped_reason: ''
        }
      : {
          verdict: '',
          findings_posted: '0',
          findings_suppressed: '0',
          threads_resolved: '0',
          skipped_reason: outcome.reason
        }
  for (const [name, value] of Object.entries(values)) core.setOutput(name, value)
}
