/**
 * The summary-only findings the run record carries forward: every earlier
 * one with its status after this run, then this run's findings that could
 * not go inline. Ids are stable across runs (the head they were first
 * published on, then the run's finding id), so a later run can name them.
 */
import type { RecordedConfirmation } from '../../core/findings/confirmation.js'
import type { SummaryRecord } from '../../core/memory/rmcoc.js'
import type { SummaryFinding } from '../../core/summary/summary.js'
import type { RunState } from '../../core/memory/run-state.js'

const RECORD_PREFIX = 'summary:'
const MAX_ASSESSMENT = 1000

function clip(text: string, max: number): string {
  const trimmed = text.trim()
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`
}

/** The record's category: at most 40 characters, none when blank. */
function categoryOf(category: string | undefined): { category?: string } {
  const kept = clip(category ?? '', 40)
  return kept === '' ? {} : { category: kept }
}

function confirmationOf(confirmation: RecordedConfirmation | undefined): {
  confirmation?: RecordedConfirmation
} {
  return confirmation === undefined ? {} : { confirmation }
}

/** What the run record's schema holds at most. */
export const MAX_RECORDS = 200

/**
 * The record id of a summary-only finding published now: the head, the
 * run's time (two runs on one head both have an "F1") and the finding id.
 */
export function summaryRecordId(headSha: string, reviewedAt: string, findingId: string): string {
  const stamp = reviewedAt.replace(/[^0-9]/g, '').slice(0, 14)
  return `${headSha.slice(0, 7)}-${stamp}-${findingId}`.slice(0, 64)
}

export interface RecordsAfterRun {
  readonly records: SummaryRecord[]
  /** Records left out to stay within MAX_RECORDS (oldest resolved first); said in the summary. */
  readonly dropped: number
}

/**
 * Within MAX_RECORDS: resolved records go first, oldest first (they only
 * serve dedupe now); open ones only when nothing else is left.
 */
function withinCap(records: SummaryRecord[]): RecordsAfterRun {
  let excess = records.length - MAX_RECORDS
  if (excess <= 0) return { records, dropped: 0 }
  const drop = new Set<SummaryRecord>()
  for (const record of records) {
    if (excess === 0) break
    if (record.status === 'RESOLVED') {
      drop.add(record)
      excess -= 1
    }
  }
  const kept = records.filter((record) => !drop.has(record))
  return {
    records: kept.slice(Math.max(0, kept.length - MAX_RECORDS)),
    dropped: records.length - Math.min(kept.length, MAX_RECORDS)
  }
}

export function summaryRecordsAfterRun(
  live: RunState,
  published: readonly SummaryFinding[],
  headSha: string,
  reviewedAt: string
): RecordsAfterRun {
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
      ...categoryOf(thread.assessment.category),
      ...(thread.assessment.reviewers === undefined
        ? {}
        : { reviewers: thread.assessment.reviewers }),
      status: thread.status,
      ...(thread.resolution === undefined ? {} : { resolution: thread.resolution }),
      ...confirmationOf(thread.assessment.confirmation)
    }))
  const taken = new Set(earlier.map((record) => record.id))
  const added = published.map((finding): SummaryRecord => ({
    id: unique(summaryRecordId(headSha, reviewedAt, finding.id), taken),
    file: finding.path,
    line: finding.line,
    finding: clip(finding.finding, 500),
    ...(finding.assessment.trim() === ''
      ? {}
      : { assessment: clip(finding.assessment, MAX_ASSESSMENT) }),
    score: finding.score,
    ...categoryOf(finding.category),
    ...(finding.reviewers === undefined ? {} : { reviewers: [...finding.reviewers] }),
    status: 'PENDING',
    ...confirmationOf(finding.confirmation)
  }))
  return withinCap([...earlier, ...added])
}

/** `id`, or `id` with a numeric suffix when an earlier record already has it. */
function unique(id: string, taken: Set<string>): string {
  let candidate = id
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${id.slice(0, 60)}.${n}`
  taken.add(candidate)
  return candidate
}
