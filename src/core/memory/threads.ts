/**
 * Thread rebuild, on every run and from the PR's comments alone (no cache): the review
 * state as `github_get_run_state` returns it, computed from plain PR data.
 * Only threads whose ROOT comment is a bot finding count; every bot reply
 * after it moves the status, developer replies are collected. The run
 * record's summary-only findings join them (see summary-threads.ts).
 */
import type { IgnoredComment } from './bot-comments.js'
import type {
  IssueCommentData,
  ReviewCommentData,
  ReviewThreadData
} from '../pull-request/pr-data.js'
import { THREAD_STATUSES, type ThreadStatus } from './rmcoc.js'
import { latestRunRecord, type RunRecord } from './run-record-reader.js'
import type { DeveloperPredicate } from './speakers.js'
import { authorSilenced, resolutionOf, threadStatus } from './thread-status.js'
import { summaryThreads } from './summary-threads.js'
import type { RunState, ThreadState } from './run-state.js'
import { replyEvent, rootFindingEvent, type ThreadReading } from './thread-events.js'
import { foldThreadEvent, type ThreadFold } from './thread-fold.js'

export type { DeveloperPredicate } from './speakers.js'

export interface RunStateResult {
  readonly state: RunState
  /** Comments and threads left out, with why; for debug logs. */
  readonly ignored: readonly IgnoredComment[]
}

/** The thread's state once its events are folded: GitHub's flags and the bot's last word. */
function threadState(
  thread: ReviewThreadData,
  root: ReviewCommentData,
  folded: ThreadFold,
  prAuthor: string | undefined
): ThreadState {
  const { lastBotStatus, lastBotKind, assessment } = folded
  const status = threadStatus({
    githubResolved: thread.isResolved && !authorSilenced(thread, lastBotStatus, prAuthor),
    lastBotStatus,
    lastBotKind,
    developerBeforeLastBot: folded.developerBeforeLastBot,
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
    developer_replies: [...folded.developerReplies],
    github_resolved: thread.isResolved,
    is_outdated: thread.isOutdated,
    rejected_rebuttals: folded.rejectedRebuttals,
    last_word: folded.lastWord,
    origin: 'thread',
    // Resolved on GitHub while the bot's last word was not a resolution: a person closed it.
    ...(status !== 'RESOLVED'
      ? {}
      : { resolution: lastBotStatus === 'RESOLVED' ? resolutionOf(lastBotKind) : 'dismissed' }),
    other_comments: [...folded.otherComments]
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
 *
 * The root is validated as the bot's finding, then every comment's event is
 * folded into the thread (thread-events.ts, thread-fold.ts).
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
  const reading: ThreadReading = { threadId: thread.id, botLogins, isDeveloper, ignored }
  const opening = rootFindingEvent(root, reading)
  if (opening === undefined) return undefined
  const events = [opening, ...replies.flatMap((reply) => replyEvent(reply, reading) ?? [])]
  const folded = events.reduce<ThreadFold | undefined>(foldThreadEvent, undefined)
  return folded === undefined ? undefined : threadState(thread, root, folded, prAuthor)
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
