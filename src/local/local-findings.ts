/**
 * The findings open on a local branch, read back from its state file the way
 * a run rebuilds them from a pull request (core/threads.ts), and the
 * developer's dismissal of one.
 *
 * A dismissal is written the way the state rules already understand a
 * decision: the developer's reply in the finding's thread (their reason,
 * kept), then the bot's "developers-call" reply, and the thread resolved.
 * A later run reads that thread as RESOLVED by the developer's call, and its
 * stage refuses to raise the same finding again (core/earlier-findings.ts).
 */
import { threadFingerprint, type OpenFinding } from '../core/findings/open-finding.js'
import { BOT_MARKER } from '../core/names/marker.js'
import { formatBotComment, type ThreadStatus } from '../core/memory/rmcoc.js'
import {
  latestRunRecord,
  newestRunRecord,
  runRecordFromCheckRun,
  type RunRecord
} from '../core/memory/run-record-reader.js'
import { rebuildRunState } from '../core/memory/threads.js'
import { type ThreadState } from '../core/memory/run-state.js'
import { dismissInRecord } from './local-record-dismissal.js'
import type { LocalState, StateStore, StoredThread } from './local-state-file.js'
import { LocalUsageError } from './local-usage-error.js'

/** A finding open on the branch; `id` is what `dismiss <id>` takes (= fingerprint). */
export interface LocalFinding extends OpenFinding {
  readonly id: string
  /** What the bot wrote about it, without its hidden state block. */
  readonly body: string
}

const OPEN: ReadonlySet<ThreadStatus> = new Set(['PENDING', 'DISPUTED', 'ESCALATED'])
const RECORD_PREFIX = 'summary:'
const BLOCK_START = '\n\n---\n\n```rmcoc'

/** The newest run record in the state: a check run's, or the summary comment's. */
function runRecordOf(state: LocalState): RunRecord | null {
  const botLogins = [state.botLogin]
  const records: RunRecord[] = []
  for (const run of state.checkRuns) {
    const read = runRecordFromCheckRun(run, botLogins)
    if (!('ignored' in read)) records.push(read)
  }
  const fromComment = latestRunRecord(state.issueComments, botLogins).record
  if (fromComment !== undefined) records.push(fromComment)
  return newestRunRecord(records) ?? null
}

/** Every finding of the state with its status, as a run would rebuild them. */
export function rebuiltThreads(state: LocalState): readonly ThreadState[] {
  return rebuildRunState({
    threads: state.threads,
    issueComments: state.issueComments,
    botLogins: [state.botLogin],
    runRecord: runRecordOf(state)
  }).state.threads
}

/** A bot comment's readable text: everything before its state block and marker. */
export function readableBody(body: string): string {
  const cut = body.lastIndexOf(BLOCK_START)
  const text = cut === -1 ? body.replace(BOT_MARKER, '') : body.slice(0, cut)
  return text.trim()
}

/** The id `dismiss` takes for the finding of `thread` (and a dismissal records). */
export function localFindingId(thread: ThreadState): string {
  return thread.origin === 'summary'
    ? thread.id.replace(RECORD_PREFIX, '')
    : threadFingerprint(thread.assessment.id, thread.root_comment_id)
}

function asLocalFinding(state: LocalState, thread: ThreadState): LocalFinding {
  const fingerprint = localFindingId(thread)
  const root = state.threads
    .find((stored) => stored.id === thread.id)
    ?.comments.find((comment) => comment.id === thread.root_comment_id)
  return {
    id: fingerprint,
    fingerprint,
    file: thread.file,
    line: thread.line,
    score: thread.score,
    ...(thread.assessment.category === undefined ? {} : { category: thread.assessment.category }),
    finding: thread.assessment.finding,
    // A summary-only finding has no comment: its record's assessment, else the finding itself.
    body:
      root === undefined
        ? thread.assessment.assessment || thread.assessment.finding
        : readableBody(root.body)
  }
}

/** Open findings with the rebuilt thread each comes from, most severe first, then by place. */
function openWithThreads(
  state: LocalState | undefined
): Array<{ finding: LocalFinding; thread: ThreadState }> {
  if (state === undefined) return []
  return rebuiltThreads(state)
    .filter((thread) => OPEN.has(thread.status))
    .map((thread) => ({ finding: asLocalFinding(state, thread), thread }))
    .sort(
      ({ finding: a }, { finding: b }) =>
        b.score - a.score || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0)
    )
}

/** Every open finding, most severe first, then by place. */
export function openFindings(state: LocalState | undefined): LocalFinding[] {
  return openWithThreads(state).map((open) => open.finding)
}

/** The open finding `id` names; LocalUsageError naming it and listing the known ids otherwise. */
export function findOpen(
  state: LocalState | undefined,
  id: string
): { finding: LocalFinding; thread: ThreadState } {
  const open = openWithThreads(state)
  const found = open.find(({ finding }) => finding.id === id.trim())
  if (found !== undefined) return found
  const known =
    open.length === 0
      ? 'there are no open findings on this branch'
      : `the open findings are: ${open.map(({ finding }) => finding.id).join(', ')}`
  throw new LocalUsageError(`no open finding ${JSON.stringify(id)}: ${known}`)
}

export interface Dismissal {
  readonly id: string
  readonly reason: string
  /** The developer's login, as their reply's author. */
  readonly developer: string
  readonly now: Date
}

/** Records the developer's call on an open finding; returns the finding. */
export async function dismiss(store: StateStore, dismissal: Dismissal): Promise<LocalFinding> {
  const { finding, thread } = findOpen(store.state, dismissal.id)
  const reason = dismissal.reason.trim()
  if (reason === '')
    throw new LocalUsageError('a dismissal needs a reason: say why it does not apply')
  const record = {
    id: finding.id,
    reason,
    developer: dismissal.developer,
    at: dismissal.now.toISOString()
  }
  if (thread.origin === 'summary') {
    const edits = recordEdits(store.state, finding.id)
    await store.update((state) => {
      for (const edit of edits) edit()
      state.dismissals.push(record)
    })
    return finding
  }
  const stored = store.state.threads.find((candidate) => candidate.id === thread.id)
  if (stored === undefined) throw new Error(`thread ${thread.id} is not in the state file`)
  await store.update((state) => {
    closeThread(store, stored, dismissal, reason)
    state.dismissals.push(record)
  })
  return finding
}

/** The developer's reply with the reason, the bot's developers-call reply, the thread resolved. */
function closeThread(
  store: StateStore,
  thread: StoredThread,
  dismissal: Dismissal,
  reason: string
): void {
  const createdAt = dismissal.now.toISOString()
  const where = { path: thread.path, line: thread.line, originalLine: thread.originalLine }
  const text = `Dismissed by ${dismissal.developer}: the developer's call decides, and this finding is not raised again.`
  const replyId = store.nextId()
  thread.comments.push({
    id: replyId,
    nodeId: `LC_${replyId}`,
    author: { login: dismissal.developer, isBot: false },
    body: reason,
    createdAt,
    ...where
  })
  const botId = store.nextId()
  thread.comments.push({
    id: botId,
    nodeId: `LC_${botId}`,
    author: { login: store.state.botLogin, isBot: true },
    body: formatBotComment(text, { kind: 'developers-call', status: 'RESOLVED' }),
    createdAt,
    ...where
  })
  thread.isResolved = true
  thread.resolvedBy = null
}

/**
 * The edits that mark summary-only finding `id` dismissed in every run
 * record holding it (check runs and summary comments alike, so whichever the
 * next run reads as newest agrees).
 */
function recordEdits(state: LocalState, id: string): Array<() => void> {
  const edits: Array<() => void> = []
  for (const run of state.checkRuns) {
    const text = dismissInRecord(run.text, id)
    if (text !== undefined) edits.push(() => void (run.text = text))
  }
  for (const comment of state.issueComments) {
    const body = dismissInRecord(comment.body, id)
    if (body !== undefined) edits.push(() => void (comment.body = body))
  }
  if (edits.length === 0) throw new Error(`no run record in the state file lists finding ${id}`)
  return edits
}
