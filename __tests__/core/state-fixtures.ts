/** Plain-data builders for the state tests (no I/O). */
import type { StagedFinding } from '../../src/core/findings/finding-shapes.js'
import type { RunState } from '../../src/core/memory/run-state.js'
import type {
  Author,
  CheckRunData,
  IssueCommentData,
  ReviewCommentData,
  ReviewThreadData
} from '../../src/core/pull-request/pr-data.js'
import {
  formatBotComment,
  type ReplyKind,
  type RmcocBlockInput,
  type SummaryBlock,
  type SummaryRecord,
  type ThreadStatus
} from '../../src/core/memory/rmcoc.js'

export const BOT_LOGINS = ['github-actions[bot]', 'opencode-reviewer[bot]']

/** REST form of the bot. */
export const BOT_REST: Author = { login: 'github-actions[bot]', isBot: true }
/** GraphQL form of the same bot: no suffix, isBot from __typename "Bot". */
export const BOT_GRAPHQL: Author = { login: 'github-actions', isBot: true }
export const DEV: Author = { login: 'alice', isBot: false }
export const REVIEWER: Author = { login: 'bob', isBot: false }
/** A human who is neither the PR author nor a collaborator with write access. */
export const BYSTANDER: Author = { login: 'mallory', isBot: false }
/** The developer predicate the engine passes: the PR author (alice) and a collaborator (bob). */
export const isDeveloper = (login: string) => ['alice', 'bob'].includes(login.toLowerCase())
/** A human who registered the bare name of the App. */
export const IMPOSTOR: Author = { login: 'github-actions', isBot: false }
export const OTHER_BOT: Author = { login: 'dependabot', isBot: true }

export const FINDING = {
  finding: 'User input reaches the SQL query unescaped',
  assessment: 'The id parameter is concatenated into the query string, allowing SQL injection.',
  score: 9
}

export const findingBody = (finding: RmcocBlockInput = FINDING) =>
  formatBotComment('This query is built from user input.', finding)
export const replyBody = (kind: ReplyKind, status: ThreadStatus, text = 'Reply text.') =>
  formatBotComment(text, { kind, status } as RmcocBlockInput)

let nextId = 1000

export function comment(
  author: Author | null,
  body: string,
  extra: Partial<ReviewCommentData> = {}
): ReviewCommentData {
  const id = nextId++
  return {
    id,
    nodeId: `PRRC_${id}`,
    author,
    body,
    createdAt: `2026-01-01T00:${String(id % 60).padStart(2, '0')}:00Z`,
    path: 'src/db.ts',
    line: 42,
    originalLine: 42,
    ...extra
  }
}

export function thread(
  comments: readonly ReviewCommentData[],
  extra: Partial<ReviewThreadData> = {}
): ReviewThreadData {
  return {
    id: `PRRT_${comments[0]?.id ?? nextId++}`,
    isResolved: false,
    isOutdated: false,
    path: 'src/db.ts',
    line: 42,
    originalLine: 42,
    comments,
    ...extra
  }
}

export function issueComment(
  author: Author | null,
  body: string,
  createdAt: string
): IssueCommentData {
  const id = nextId++
  return { id, nodeId: `IC_${id}`, author, body, createdAt }
}

/** The run state of a PR the bot has never reviewed. */
export const EMPTY_RUN_STATE: RunState = {
  threads: [],
  metadata: {
    status_counts: { PENDING: 0, RESOLVED: 0, DISPUTED: 0, ESCALATED: 0 },
    total_threads: 0,
    last_reviewed_sha: null,
    last_run: null
  }
}

/** A staged finding (score 6, pass 1); `id` also names its finding text. */
export function stagedFinding(id: string, extra: Partial<StagedFinding> = {}): StagedFinding {
  return {
    id,
    pass: 1,
    file: 'src/app.ts',
    line: 12,
    body: `Problem ${id}.`,
    finding: `Finding ${id}`,
    assessment: `Assessment ${id}`,
    score: 6,
    baseScore: 6,
    promoted: false,
    elevated: false,
    combines: [],
    state: 'staged',
    ...extra
  }
}

/** The usual cast of a disputed thread, as GraphQL returns it. */
export const botRoot = () => comment(BOT_GRAPHQL, findingBody())
export const devReply = (body = 'This is intended.') => comment(DEV, body)
export const botRebuttal = () =>
  comment(BOT_GRAPHQL, replyBody('rebuttal', 'DISPUTED', 'I still think this is a bug.'))

export const sha = (c: string) => c.repeat(40)
export const COUNTS = {
  posted: 1,
  suppressed: 0,
  resolved: 0,
  pending: 1,
  disputed: 0,
  escalated: 0
}

/** A summary-only finding as the run record carries it (score 7, PENDING). */
export function summaryRecord(id: string, extra: Partial<SummaryRecord> = {}): SummaryRecord {
  return {
    id,
    file: 'src/cache.ts',
    line: 30,
    finding: 'Cache key ignores the tenant id',
    assessment: "Two tenants can read each other's cached rows.",
    score: 7,
    status: 'PENDING',
    ...extra
  }
}

/** A run record block (a summary comment's or a check run's text). */
export const summaryBody = (extra: Partial<SummaryBlock> = {}, text = 'Review summary') =>
  formatBotComment(text, { kind: 'summary', head_sha: sha('a'), counts: COUNTS, ...extra })

/** The bot's completed check run on head sha('a'), carrying a run record. */
export function checkRun(extra: Partial<CheckRunData> = {}): CheckRunData {
  const id = nextId++
  return {
    id,
    name: 'OpenCode review',
    appSlug: 'github-actions',
    headSha: sha('a'),
    status: 'completed',
    conclusion: 'success',
    completedAt: '2026-03-01T12:00:00Z',
    text: summaryBody(),
    ...extra
  }
}
