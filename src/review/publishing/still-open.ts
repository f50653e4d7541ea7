/**
 * Every finding open on the pull request once a full review has published:
 * what it published now, and the earlier findings it left open. A
 * code-scanning upload replaces the previous analysis, so a report of only
 * this run's findings would close every alert the developer has not fixed.
 * No I/O.
 */
import type { StagedFinding } from '../../core/findings/finding-shapes.js'
import { threadFingerprint, type OpenFinding } from '../../core/findings/open-finding.js'
import type { ThreadStatus } from '../../core/memory/rmcoc.js'
import type { ThreadState } from '../../core/memory/run-state.js'
import type { PublishResult } from './publish.js'
import { summaryRecordId } from './summary-records.js'

const OPEN: ReadonlySet<ThreadStatus> = new Set(['PENDING', 'DISPUTED', 'ESCALATED'])
const RECORD_PREFIX = 'summary:'

export interface StillOpenInput {
  /** Every finding of the stage: published ones are looked up for their category. */
  readonly stage: readonly StagedFinding[]
  readonly published: Pick<PublishResult, 'posted' | 'inSummary'>
  /** Earlier findings with their status after this run's thread work. */
  readonly threads: readonly ThreadState[]
  /** The head reviewed and the run's time: they name this run's summary-only findings. */
  readonly headSha: string
  readonly reviewedAt: string
}

function categoryOf(stage: readonly StagedFinding[], id: string): { category?: string } {
  const category = stage.find((finding) => finding.id === id)?.category
  return category === undefined ? {} : { category }
}

/** An earlier finding: a thread, or a record of the run record (no thread). */
function earlierFinding(thread: ThreadState): OpenFinding {
  const fingerprint =
    thread.origin === 'summary'
      ? thread.id.startsWith(RECORD_PREFIX)
        ? thread.id.slice(RECORD_PREFIX.length)
        : thread.id
      : threadFingerprint(thread.assessment.id, thread.root_comment_id)
  return {
    fingerprint,
    file: thread.file,
    line: thread.line,
    score: thread.score,
    ...(thread.assessment.category === undefined ? {} : { category: thread.assessment.category }),
    finding: thread.assessment.finding
  }
}

/** Most severe first, then by place; each finding once (a reopened thread is this run's). */
export function stillOpenFindings(input: StillOpenInput): OpenFinding[] {
  const { stage, published } = input
  const posted = published.posted.map((p): OpenFinding => ({
    // Without the comment's id the run's own record-style id still tells findings apart.
    fingerprint: p.fingerprint ?? summaryRecordId(input.headSha, input.reviewedAt, p.id),
    file: p.path,
    line: p.line,
    score: p.score,
    ...categoryOf(stage, p.id),
    finding: p.finding
  }))
  const inSummary = published.inSummary.map((s): OpenFinding => ({
    // The id the run record gives it, so the next run names it the same.
    fingerprint: summaryRecordId(input.headSha, input.reviewedAt, s.id),
    file: s.path,
    line: s.line,
    score: s.score,
    ...categoryOf(stage, s.id),
    finding: s.finding
  }))
  const all = [...posted, ...inSummary]
  const seen = new Set(all.map((finding) => finding.fingerprint))
  for (const thread of input.threads.filter((t) => OPEN.has(t.status))) {
    const finding = earlierFinding(thread)
    if (seen.has(finding.fingerprint)) continue
    seen.add(finding.fingerprint)
    all.push(finding)
  }
  return all.sort(
    (a, b) => b.score - a.score || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0)
  )
}
