/**
 * The summary-only findings the run record carries forward: every earlier
 * one with its status after this run, then this run's findings that could
 * not go inline. Ids are stable across runs (the head they were first
 * published on, then the run's finding id), so a later run can name them.
 */
import type { SummaryRecord } from '../core/rmcoc.js'
import type { SummaryFinding } from '../core/summary.js'
import type { RunState } from '../core/threads.js'

const RECORD_PREFIX = 'summary:'
const MAX_ASSESSMENT = 1000

function clip(text: string, max: number): string {
  const trimmed = text.trim()
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`
}

/** The record id of a summary-only finding published now on `headSha`. */
export function summaryRecordId(headSha: string, findingId: string): string {
  return `${headSha.slice(0, 12)}-${findingId}`
}

export function summaryRecordsAfterRun(
  live: RunState,
  published: readonly SummaryFinding[],
  headSha: string
): SummaryRecord[] {
  const earlier = live.threads
    .filter((thread) => thread.origin === 'summary')
    .map((thread): SummaryRecord => ({
      id: thread.id.startsWith(RECORD_PREFIX) ? thread.id.slice(RECORD_PREFIX.length) : thread.id,
      file: thread.file,
      line: thread.line,
      finding: clip(thread.assessment.finding, 500),
      ...(thread.assessment.assessment.trim() === ''
        ? {}
        : { assessment: clip(thread.assessment.assessment, MAX_ASSESSMENT) }),
      score: thread.score,
      status: thread.status,
      ...(thread.resolution === undefined ? {} : { resolution: thread.resolution })
    }))
  const added = published.map((finding): SummaryRecord => ({
    id: summaryRecordId(headSha, finding.id),
    file: finding.path,
    line: finding.line,
    finding: clip(finding.finding, 500),
    ...(finding.assessment.trim() === ''
      ? {}
      : { assessment: clip(finding.assessment, MAX_ASSESSMENT) }),
    score: finding.score,
    status: 'PENDING'
  }))
  return [...earlier, ...added]
}
