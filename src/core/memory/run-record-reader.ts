/**
 * The run record: an rmcoc block of kind "summary" naming the head SHA a run
 * reviewed, its counts and the summary-only findings carried run to run. It
 * has two homes: the bot's summary issue comment, and the output text of the
 * bot's check run on the reviewed head (which survives a run that posted no
 * comment). Both are read here; `newestRunRecord` picks among them.
 */
import { hasBotMarker, readComment, type IgnoredComment } from './bot-comments.js'
import { normalizeLogin } from '../names/login.js'
import type { CheckRunData, IssueCommentData } from '../pull-request/pr-data.js'
import { parseRmcoc, type SummaryBlock, type SummaryCounts, type SummaryRecord } from './rmcoc.js'

interface RunRecordFields {
  /** The head the run looked at (possibly not fully reviewed: see reviewedHead). */
  readonly headSha: string
  /** The last head fully reviewed: headSha, or for an incomplete run the one before it (or none). */
  readonly reviewedHead: string | undefined
  readonly pr: number | undefined
  readonly baseRef: string | undefined
  /** The base commit the head was compared with; undefined when the block has none. */
  readonly baseSha: string | undefined
  /** When the run finished (ISO 8601); undefined for records written before it existed. */
  readonly reviewedAt: string | undefined
  readonly scope: 'full' | 'incremental' | undefined
  readonly counts: SummaryCounts
  /** Summary-only findings, every status; [] when the block lists none. */
  readonly findings: readonly SummaryRecord[]
  /** Threads whose teaching did not complete in that run; absent when none. */
  readonly untaught?: readonly string[]
}

/** A record read from the bot's summary issue comment. */
export interface CommentRunRecord extends RunRecordFields {
  readonly source: 'comment'
  readonly commentId: number
  readonly nodeId: string
  readonly createdAt: string
}

/** A record read from the bot's check run (no comment: nothing to reply to or edit). */
export interface CheckRunRecord extends RunRecordFields {
  readonly source: 'check-run'
  readonly checkRunId: number
  readonly completedAt: string
}

export type RunRecord = CommentRunRecord | CheckRunRecord

export interface RunRecordLookup {
  readonly record: CommentRunRecord | undefined
  readonly ignored: readonly IgnoredComment[]
}

/** Why a check run did not count as a run record; for debug logs. */
export interface IgnoredCheckRun {
  readonly ignored: true
  readonly checkRunId: number
  readonly reason: string
}

function fields(block: SummaryBlock): RunRecordFields {
  return {
    headSha: block.head_sha,
    reviewedHead: block.incomplete === true ? block.reviewed_head_sha : block.head_sha,
    pr: block.pr,
    baseRef: block.base_ref,
    baseSha: block.base_sha,
    reviewedAt: block.reviewed_at,
    scope: block.scope,
    counts: block.counts,
    findings: block.findings ?? [],
    ...(block.untaught_threads === undefined ? {} : { untaught: block.untaught_threads })
  }
}

/** When the record's home was written: a comment's creation, a check run's completion. */
function homeTime(record: RunRecord): string {
  return record.source === 'comment' ? record.createdAt : record.completedAt
}

/** Milliseconds since the epoch, or undefined for a missing or unparsable time. */
function millis(time: string | undefined): number | undefined {
  if (time === undefined) return undefined
  const ms = Date.parse(time)
  return Number.isNaN(ms) ? undefined : ms
}

/** Positive when a is later, negative when b is, 0 when either is unknown or they tie. */
function compareTimes(a: string | undefined, b: string | undefined): number {
  const left = millis(a)
  const right = millis(b)
  return left === undefined || right === undefined ? 0 : left - right
}

/**
 * True when `candidate` is at least as new as `current`. The rule, in order:
 * 1. both carry `reviewedAt` and they differ: the later run wins (a summary
 *    comment edited in place keeps its old createdAt, the run time moves);
 * 2. otherwise the later home wins (check run completedAt, comment createdAt);
 * 3. when those tie or are unknown, a record with `reviewedAt` beats one
 *    without (it was written by a newer version of the bot);
 * 4. on a full tie the candidate wins, so the later one in the input order
 *    counts (the API lists oldest first).
 */
function isAtLeastAsNew(candidate: RunRecord, current: RunRecord): boolean {
  const byRun = compareTimes(candidate.reviewedAt, current.reviewedAt)
  if (byRun !== 0) return byRun > 0
  const byHome = compareTimes(homeTime(candidate), homeTime(current))
  if (byHome !== 0) return byHome > 0
  const stamped = (r: RunRecord) => millis(r.reviewedAt) !== undefined
  if (stamped(candidate) !== stamped(current)) return stamped(candidate)
  return true
}

/** The newest of records from any home (see `isAtLeastAsNew` for the rule); undefined for none. */
export function newestRunRecord(records: readonly RunRecord[]): RunRecord | undefined {
  let newest: RunRecord | undefined
  for (const record of records) {
    if (newest === undefined || isAtLeastAsNew(record, newest)) newest = record
  }
  return newest
}

/** The newest run record among the PR's issue comments, and the bot-looking comments left out. */
export function latestRunRecord(
  comments: readonly IssueCommentData[],
  botLogins: readonly string[]
): RunRecordLookup {
  let record: CommentRunRecord | undefined
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
    const candidate: CommentRunRecord = {
      source: 'comment',
      commentId: comment.id,
      nodeId: comment.nodeId,
      createdAt: comment.createdAt,
      ...fields(reading.block)
    }
    if (record === undefined || isAtLeastAsNew(candidate, record)) record = candidate
  }
  return { record, ignored }
}

/**
 * The run record a check run carries, or why it does not count. Only a
 * completed check run created by the bot's own App counts: anyone with a
 * token can create a check run under another App's name, but never under
 * ours, so the App slug is what authenticates the record (the marker alone
 * would be forgeable). The block must name the commit the check run is on.
 */
export function runRecordFromCheckRun(
  check: CheckRunData,
  botLogins: readonly string[]
): CheckRunRecord | IgnoredCheckRun {
  const ignore = (reason: string): IgnoredCheckRun => ({
    ignored: true,
    checkRunId: check.id,
    reason: `check run ${check.id} ("${check.name}"): ${reason}`
  })
  const identities = [...new Set(botLogins.map(normalizeLogin))]
  const slug = check.appSlug === null ? null : normalizeLogin(check.appSlug)
  if (slug === null || !identities.includes(slug)) {
    return ignore(
      `appSlug ${JSON.stringify(check.appSlug)} is not one of the bot identities (${identities.join(', ')}); its record is not trusted`
    )
  }
  if (check.status !== 'completed' || check.completedAt === null) {
    return ignore(
      `status is "${check.status}" (completedAt ${JSON.stringify(check.completedAt)}), expected "completed" with a completion time`
    )
  }
  if (!hasBotMarker(check.text)) return ignore('output text lacks the bot marker')
  const parsed = parseRmcoc(check.text)
  if (!parsed.ok) return ignore(`${parsed.reason}: ${parsed.detail}`)
  if (parsed.block.kind !== 'summary') {
    return ignore(`output text carries a "${parsed.block.kind}" block, expected a summary`)
  }
  if (parsed.block.head_sha !== check.headSha.toLowerCase()) {
    return ignore(
      `block head_sha ${parsed.block.head_sha} differs from the check run's head ${check.headSha}`
    )
  }
  return {
    source: 'check-run',
    checkRunId: check.id,
    completedAt: check.completedAt,
    ...fields(parsed.block)
  }
}
