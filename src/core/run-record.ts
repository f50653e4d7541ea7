/**
 * The run record: the bot's summary issue comment carries an rmcoc block of
 * kind "summary" with the head SHA it reviewed. The latest one tells the last
 * reviewed head, for incremental review.
 */
import { readComment, type IgnoredComment } from './bot-comments.js'
import type { IssueCommentData } from './pr-data.js'
import type { SummaryCounts } from './rmcoc.js'

export interface RunRecord {
  readonly commentId: number
  readonly nodeId: string
  readonly headSha: string
  readonly counts: SummaryCounts
  readonly createdAt: string
}

export interface RunRecordLookup {
  readonly record: RunRecord | undefined
  readonly ignored: readonly IgnoredComment[]
}

/** Orders by createdAt; unparsable timestamps keep the API's order. */
function isLater(candidate: RunRecord, current: RunRecord): boolean {
  const a = Date.parse(candidate.createdAt)
  const b = Date.parse(current.createdAt)
  return Number.isNaN(a) || Number.isNaN(b) ? true : a >= b
}

export function latestRunRecord(
  comments: readonly IssueCommentData[],
  botLogins: readonly string[]
): RunRecordLookup {
  let record: RunRecord | undefined
  const ignored: IgnoredComment[] = []
  for (const comment of comments) {
    const reading = readComment(comment, botLogins)
    if (reading.origin === 'other') {
      if (reading.problem !== undefined) {
        ignored.push({ commentId: comment.id, reason: reading.problem })
      }
      continue
    }
    if (reading.block === undefined) {
      ignored.push({ commentId: comment.id, reason: reading.problem ?? 'no rmcoc block' })
      continue
    }
    if (reading.block.kind !== 'summary') {
      ignored.push({
        commentId: comment.id,
        reason: `issue comment carries a "${reading.block.kind}" block, not a summary`
      })
      continue
    }
    const candidate: RunRecord = {
      commentId: comment.id,
      nodeId: comment.nodeId,
      headSha: reading.block.head_sha,
      counts: reading.block.counts,
      createdAt: comment.createdAt
    }
    if (record === undefined || isLater(candidate, record)) record = candidate
  }
  return { record, ignored }
}
