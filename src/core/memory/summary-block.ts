/**
 * The rmcoc block of the run record (kind `summary`): the head a run
 * reviewed and against what, whether it finished, its counts, and the
 * findings published only in the summary comment, carried from run to run.
 */
import { z } from 'zod'
import { RESOLUTIONS, THREAD_STATUSES } from './reply-block.js'
import { commitSha, findingId, findingScore, reviewerList, threadId } from './rmcoc-fields.js'

const count = z.number().int().min(0)

/**
 * A finding published only in the summary comment (no thread to hold it):
 * the run record carries it forward, run after run, with its status.
 */
export const summaryRecord = z.object({
  id: findingId,
  file: z.string().min(1).max(500),
  /** null for a file-level finding. */
  line: z.number().int().min(1).nullable(),
  finding: z.string().trim().min(1).max(500),
  assessment: z.string().trim().max(1000).optional(),
  score: findingScore,
  /** As on a thread's finding block: later runs report the finding under the same rule. */
  category: z.string().trim().min(1).max(40).optional(),
  status: z.enum(THREAD_STATUSES),
  resolution: z.enum(RESOLUTIONS).optional(),
  /** As on a thread's finding block: the reviewer models that raised it. */
  reviewers: reviewerList.optional(),
  /** As on a thread's finding block: confirmed, or published unconfirmed. */
  confirmation: z.enum(['confirmed', 'unconfirmed']).optional()
})

/** Most threads a run record names as untaught (those past it are not offered again). */
export const MAX_UNTAUGHT_THREADS = 30

export const summaryBlock = z.object({
  kind: z.literal('summary'),
  head_sha: commitSha,
  /** The pull request the record belongs to: a record found on a shared commit may be another PR's. */
  pr: z.number().int().positive().optional(),
  /** The base branch reviewed against: a retargeted PR is reviewed in full again. */
  base_ref: z.string().min(1).max(255).optional(),
  /**
   * The run did not finish every pass: head_sha was not fully reviewed. The
   * next run narrows from `reviewed_head_sha`, the last head that was
   * (absent: none was, review in full).
   */
  incomplete: z.literal(true).optional(),
  reviewed_head_sha: commitSha.optional(),
  /** The base commit the reviewed head was compared with. */
  base_sha: commitSha.optional(),
  /** When the run finished (ISO 8601): orders records kept in several places. */
  reviewed_at: z.iso.datetime({ offset: true }).optional(),
  /** full: the whole PR was reviewed; incremental: only the change since the last reviewed head. */
  scope: z.enum(['full', 'incremental']).optional(),
  /** Summary-only findings, every status (resolved ones too: dedupe and regressions need them). */
  findings: z.array(summaryRecord).max(200).optional(),
  /**
   * Threads offered for teaching whose teaching did not complete (the
   * learnings prompt failed, or the memory write did): the next run offers
   * them once more.
   */
  untaught_threads: z.array(threadId).max(MAX_UNTAUGHT_THREADS).optional(),
  counts: z.object({
    posted: count,
    suppressed: count,
    resolved: count,
    pending: count,
    disputed: count,
    escalated: count
  })
})
