/**
 * Summary-only findings (published in the summary, with no review thread)
 * live in the run record. They join the run state as thread-shaped entries so
 * that status counts, dedupe and fix verification see every finding the bot
 * ever published, wherever it lives.
 */
import type { RunRecord } from './run-record-reader.js'
import type { ThreadState } from './run-state.js'

/** The id a summary-only finding has in the run state. */
export function summaryThreadId(recordId: string): string {
  return `summary:${recordId}`
}

/**
 * The record's summary-only findings as run-state entries. `root_comment_id`
 * is 0 because there is no thread to reply in: the finding can only be
 * reported on in the next summary. A record whose id is also the rmcoc id of
 * a thread is left out: the thread is the finding's real home, and listing
 * both would count it twice. Open findings carry no resolution.
 */
export function summaryThreads(
  record: RunRecord | undefined,
  threads: readonly ThreadState[]
): ThreadState[] {
  if (record === undefined) return []
  // A repeated record id keeps its first entry: run-state ids must stay unique.
  const taken = new Set(threads.map((t) => t.assessment.id).filter((id) => id !== undefined))
  const fresh = record.findings.filter((finding) => {
    if (taken.has(finding.id)) return false
    taken.add(finding.id)
    return true
  })
  return fresh.map((finding): ThreadState => {
    const resolved = finding.status === 'RESOLVED'
    return {
      id: summaryThreadId(finding.id),
      root_comment_id: 0,
      file: finding.file,
      line: finding.line,
      status: finding.status,
      score: finding.score,
      assessment: {
        finding: finding.finding,
        assessment: finding.assessment ?? '',
        score: finding.score,
        ...(finding.category === undefined ? {} : { category: finding.category }),
        ...(finding.reviewers === undefined ? {} : { reviewers: finding.reviewers }),
        ...(finding.confirmation === undefined ? {} : { confirmation: finding.confirmation })
      },
      developer_replies: [],
      github_resolved: resolved,
      is_outdated: false,
      rejected_rebuttals: 0,
      last_word: 'bot',
      origin: 'summary',
      ...(resolved && finding.resolution !== undefined ? { resolution: finding.resolution } : {}),
      other_comments: []
    }
  })
}
