/**
 * Thread rebuild (seed 002 §4.2 "State Reconstruction Behavior"): the review
 * state as `github_get_run_state` returns it, computed from plain PR data.
 * Only threads whose ROOT comment is a bot finding count; every bot reply
 * after it moves the status, developer replies are collected. The run
 * record's summary-only findings join them (see summary-threads.ts).
 */
import { readComment, type IgnoredComment } from './bot-comments.js'
import type {
  IssueCommentData,
  ReviewCommentData,
  ReviewThreadData
} from '../pull-request/pr-data.js'
import { blockStatus, THREAD_STATUSES, type ReplyKind, type ThreadStatus } from './rmcoc.js'
import { latestRunRecord, type RunRecord } from './run-record-reader.js'
import { speakerOf, type DeveloperPredicate } from './speakers.js'
import { authorSilenced, resolutionOf, threadStatus } from './thread-status.js'
import { summaryThreads } from './summary-threads.js'
import type { DeveloperReply, RunState, ThreadState } from './run-state.js'

export type { DeveloperPredicate } from './speakers.js'

export interface RunStateResult {
  readonly state: RunState
  /** Comments and threads left out, with why; for debug logs. */
  readonly ignored: readonly IgnoredComment[]
}

function asReply(comment: ReviewCommentData): DeveloperReply {
  return {
    author: comment.author?.login ?? 'ghost',
    body: comment.body,
    timestamp: comment.createdAt
  }
}

/**
 * Rebuilds one thread. Undefined for a thread that is plainly not the bot's
 * (a user's thread without any rmcoc block); a thread that looks like the
 * bot's but does not count is recorded in `ignored`.
 *
 * With `isDeveloper`, only its replies are the developer's: they alone move
 * the dispute (rejected rebuttals, last word, DISPUTED); other humans' replies
 * go to `other_comments`, so a bystander cannot escalate or settle a thread.
 * Without it every human counts. Bots never count.
 *
 * A "reopening" reply (the finding came back after a fix) starts a new round:
 * the dispute counters restart, earlier replies stay as history.
 */
export function rebuildThread(
  thread: ReviewThreadData,
  botLogins: readonly string[],
  ignored: IgnoredComment[] = [],
  isDeveloper?: DeveloperPredicate,
  prAuthor?: string
): ThreadState | undefined {
  const [root, ...replies] = thread.comments
  if (root === undefined) return undefined
  const rootReading = readComment(root, botLogins)
  const skip = (reason: string): undefined => {
    ignored.push({ commentId: root.id, threadId: thread.id, reason })
    return undefined
  }
  if (rootReading.origin !== 'bot') {
    return rootReading.problem === undefined ? undefined : skip(rootReading.problem)
  }
  if (rootReading.block?.kind !== 'finding') {
    return skip(
      rootReading.block === undefined
        ? `bot root comment ignored: ${rootReading.problem ?? 'no rmcoc block'}`
        : `bot root comment carries a "${rootReading.block.kind}" block, not a finding`
    )
  }
  const { kind: _kind, ...assessment } = rootReading.block

  const developerReplies: DeveloperReply[] = []
  const otherComments: DeveloperReply[] = []
  let lastBotStatus: ThreadStatus | undefined
  /** Kind of the last status-bearing bot reply; undefined for a heading without a block. */
  let lastBotKind: ReplyKind | undefined
  let developerBeforeLastBot = false
  let developerSeen = false
  let rebuttalOpen = false
  let rejectedRebuttals = 0
  let lastWord: 'bot' | 'developer' = 'bot'

  for (const reply of replies) {
    const reading = readComment(reply, botLogins)
    if (reading.origin === 'bot') {
      const block = reading.block
      const fromBlock = block === undefined ? undefined : blockStatus(block)
      const status = fromBlock ?? (block === undefined ? reading.heading : undefined)
      if (status === undefined) {
        ignored.push({
          commentId: reply.id,
          threadId: thread.id,
          reason: reading.problem ?? `bot reply carries a "${block?.kind}" block, no status`
        })
        continue
      }
      lastBotKind =
        block === undefined || block.kind === 'finding' || block.kind === 'summary'
          ? undefined
          : block.kind
      if (lastBotKind === 'reopening') {
        developerSeen = false
        rejectedRebuttals = 0
      }
      lastBotStatus = status
      developerBeforeLastBot = developerSeen
      rebuttalOpen = status === 'DISPUTED'
      lastWord = 'bot'
      continue
    }
    if (reading.problem !== undefined) {
      ignored.push({ commentId: reply.id, threadId: thread.id, reason: reading.problem })
    }
    const speaker = speakerOf(reply.author, botLogins, isDeveloper)
    if (speaker === 'bot') continue
    if (speaker === 'bystander') {
      otherComments.push(asReply(reply))
      continue
    }
    developerReplies.push(asReply(reply))
    developerSeen = true
    lastWord = 'developer'
    if (rebuttalOpen) {
      rejectedRebuttals += 1
      rebuttalOpen = false
    }
  }

  const status = threadStatus({
    githubResolved: thread.isResolved && !authorSilenced(thread, lastBotStatus, prAuthor),
    lastBotStatus,
    lastBotKind,
    developerBeforeLastBot,
    resolverKnown: thread.resolvedBy !== undefined && thread.resolvedBy !== null
  })
  return {
    id: thread.id,
    root_comment_id: root.id,
    file: thread.path,
    line: thread.line ?? thread.originalLine ?? root.line ?? root.originalLine,
    status,
    score: assessment.score,
    assessment,
    developer_replies: developerReplies,
    github_resolved: thread.isResolved,
    is_outdated: thread.isOutdated,
    rejected_rebuttals: rejectedRebuttals,
    last_word: lastWord,
    origin: 'thread',
    // Resolved on GitHub while the bot's last word was not a resolution: a person closed it.
    ...(status !== 'RESOLVED'
      ? {}
      : { resolution: lastBotStatus === 'RESOLVED' ? resolutionOf(lastBotKind) : 'dismissed' }),
    other_comments: otherComments
  }
}

export interface RunStateInput {
  readonly threads: readonly ReviewThreadData[]
  readonly issueComments: readonly IssueCommentData[]
  readonly botLogins: readonly string[]
  /** Who the developer is (see rebuildThread); absent: every human. */
  readonly isDeveloper?: DeveloperPredicate
  /** The PR's author: resolving the bot's thread alone does not settle it. */
  readonly prAuthor?: string
  /**
   * The run record chosen by the caller among every home (check runs and
   * comments); null when there is none. Absent: the newest summary comment,
   * whose unreadable bot comments are then reported in `ignored`.
   */
  readonly runRecord?: RunRecord | null
}

/**
 * `github_get_run_state` as a plain function of plain data: the bot's review
 * threads, then the run record's summary-only findings.
 */
export function rebuildRunState(input: RunStateInput): RunStateResult {
  const ignored: IgnoredComment[] = []
  const threads: ThreadState[] = []
  for (const thread of input.threads) {
    const rebuilt = rebuildThread(
      thread,
      input.botLogins,
      ignored,
      input.isDeveloper,
      input.prAuthor
    )
    if (rebuilt !== undefined) threads.push(rebuilt)
  }
  let record: RunRecord | undefined
  if (input.runRecord === undefined) {
    const lookup = latestRunRecord(input.issueComments, input.botLogins)
    ignored.push(...lookup.ignored)
    record = lookup.record
  } else {
    record = input.runRecord ?? undefined
  }
  threads.push(...summaryThreads(record, threads))
  const statusCounts = Object.fromEntries(THREAD_STATUSES.map((s) => [s, 0])) as Record<
    ThreadStatus,
    number
  >
  for (const thread of threads) statusCounts[thread.status] += 1
  return {
    state: {
      threads,
      metadata: {
        status_counts: statusCounts,
        total_threads: input.threads.length,
        last_reviewed_sha: record?.reviewedHead ?? null,
        last_run: record ?? null
      }
    },
    ignored
  }
}
