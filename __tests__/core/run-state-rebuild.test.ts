/**
 * rebuildRunState: the threads plus metadata (status counts, last reviewed
 * head), and the run record's summary-only findings listed after the
 * threads, deduplicated by id, from the record the caller chose or else the
 * newest summary comment.
 */
import { formatBotComment, type SummaryRecord } from '../../src/core/memory/rmcoc.js'
import { runRecordFromCheckRun } from '../../src/core/memory/run-record-reader.js'
import { rebuildRunState } from '../../src/core/memory/threads.js'
import {
  BOT_GRAPHQL,
  BOT_LOGINS,
  BOT_REST,
  BYSTANDER,
  checkRun,
  comment,
  DEV,
  FINDING,
  findingBody,
  isDeveloper,
  issueComment,
  sha,
  summaryBody,
  summaryRecord,
  thread
} from './state-fixtures.js'
import { bot, dev, rebuttal, root } from './thread-rebuild-helpers.js'

describe('rebuildRunState', () => {
  const sha = (c: string) => c.repeat(40)
  const counts = { posted: 1, suppressed: 0, resolved: 0, pending: 1, disputed: 0, escalated: 0 }

  it('returns threads plus metadata (status counts, last reviewed head)', () => {
    const threads = [
      thread([root()]),
      thread([root(), dev(), rebuttal()]),
      thread([root()], { isResolved: true }),
      thread([root(), bot('escalation', 'ESCALATED')]),
      thread([dev('a question')]),
      thread([comment(DEV, findingBody())])
    ]
    const issueComments = [
      issueComment(
        BOT_REST,
        formatBotComment('Run 1', { kind: 'summary', head_sha: sha('1'), counts }),
        '2026-01-01T00:00:00Z'
      ),
      issueComment(
        BOT_GRAPHQL,
        formatBotComment('Run 2', { kind: 'summary', head_sha: sha('2'), counts }),
        '2026-01-02T00:00:00Z'
      )
    ]
    const { state, ignored } = rebuildRunState({ threads, issueComments, botLogins: BOT_LOGINS })
    expect(state.threads.map((t) => t.status)).toEqual([
      'PENDING',
      'DISPUTED',
      'RESOLVED',
      'ESCALATED'
    ])
    expect(state.metadata).toEqual({
      status_counts: { PENDING: 1, RESOLVED: 1, DISPUTED: 1, ESCALATED: 1 },
      total_threads: 6,
      last_reviewed_sha: sha('2'),
      last_run: expect.objectContaining({ headSha: sha('2'), commentId: issueComments[1]?.id })
    })
    expect(ignored).toEqual([
      expect.objectContaining({ reason: expect.stringMatching(/not in bot_logins/) })
    ])
  })

  it('has no last reviewed head before the first run', () => {
    const { state } = rebuildRunState({ threads: [], issueComments: [], botLogins: BOT_LOGINS })
    expect(state.metadata.last_reviewed_sha).toBeNull()
    expect(state.metadata.last_run).toBeNull()
    expect(state.threads).toEqual([])
  })
})

describe('rebuildRunState with the run record', () => {
  const record = (findings: SummaryRecord[]) => {
    const read = runRecordFromCheckRun(checkRun({ text: summaryBody({ findings }) }), BOT_LOGINS)
    if ('ignored' in read) throw new Error(read.reason)
    return read
  }

  it('lists the record’s summary-only findings after the threads, counted by status', () => {
    const runRecord = record([
      summaryRecord('cache-tenant'),
      summaryRecord('old-fix', { line: null, status: 'RESOLVED', resolution: 'fixed' }),
      summaryRecord('talked-out', { line: 9, status: 'RESOLVED', resolution: 'conceded' }),
      summaryRecord('no-reason', { line: 12, status: 'RESOLVED' }),
      summaryRecord('stale', { line: 15, status: 'ESCALATED', resolution: 'fixed' })
    ])
    const { state } = rebuildRunState({
      threads: [thread([root()])],
      issueComments: [],
      botLogins: BOT_LOGINS,
      runRecord
    })
    expect(state.threads.map((t) => [t.id, t.status, t.resolution])).toEqual([
      [expect.stringMatching(/^PRRT_/), 'PENDING', undefined],
      ['summary:cache-tenant', 'PENDING', undefined],
      ['summary:old-fix', 'RESOLVED', 'fixed'],
      ['summary:talked-out', 'RESOLVED', 'conceded'],
      ['summary:no-reason', 'RESOLVED', undefined],
      // An open finding carries no resolution, whatever the record says.
      ['summary:stale', 'ESCALATED', undefined]
    ])
    expect(state.threads[1]).toEqual({
      id: 'summary:cache-tenant',
      root_comment_id: 0,
      file: 'src/cache.ts',
      line: 30,
      status: 'PENDING',
      score: 7,
      assessment: {
        finding: 'Cache key ignores the tenant id',
        assessment: "Two tenants can read each other's cached rows.",
        score: 7
      },
      developer_replies: [],
      github_resolved: false,
      is_outdated: false,
      rejected_rebuttals: 0,
      last_word: 'bot',
      origin: 'summary',
      other_comments: []
    })
    expect(state.threads[2]).toMatchObject({ line: null, github_resolved: true })
    expect(state.metadata.status_counts).toEqual({
      PENDING: 2,
      RESOLVED: 3,
      DISPUTED: 0,
      ESCALATED: 1
    })
    // Review threads on the PR only: a summary record is not a thread.
    expect(state.metadata.total_threads).toBe(1)
    expect(state.metadata.last_run).toBe(runRecord)
    expect(state.metadata.last_reviewed_sha).toBe(sha('a'))
  })

  it('an assessment the record left out reads as empty', () => {
    const { assessment: _left, ...bare } = summaryRecord('bare')
    const { state } = rebuildRunState({
      threads: [],
      issueComments: [],
      botLogins: BOT_LOGINS,
      runRecord: record([bare])
    })
    expect(state.threads[0]?.assessment).toEqual({
      finding: 'Cache key ignores the tenant id',
      assessment: '',
      score: 7
    })
  })

  it('lists a finding once when a thread carries the record’s id (the thread wins), and a repeated id once', () => {
    const tracked = thread([comment(BOT_GRAPHQL, findingBody({ ...FINDING, id: 'sqli-1' }))])
    const { state } = rebuildRunState({
      threads: [tracked],
      issueComments: [],
      botLogins: BOT_LOGINS,
      runRecord: record([
        summaryRecord('sqli-1', { status: 'RESOLVED' }),
        summaryRecord('twice', { score: 6 }),
        summaryRecord('twice', { score: 9 })
      ])
    })
    expect(state.threads.map((t) => [t.id, t.score])).toEqual([
      [tracked.id, 9],
      ['summary:twice', 6]
    ])
    expect(state.metadata.status_counts.RESOLVED).toBe(0)
  })

  it('uses the record the caller chose and does not read the comments then', () => {
    const comments = [
      issueComment(BOT_REST, summaryBody({ head_sha: sha('c') }), '2026-09-01T00:00:00Z'),
      issueComment(DEV, summaryBody({ head_sha: sha('d') }), '2026-09-02T00:00:00Z')
    ]
    const chosen = record([summaryRecord('from-check')])
    const withRecord = rebuildRunState({
      threads: [],
      issueComments: comments,
      botLogins: BOT_LOGINS,
      runRecord: chosen
    })
    expect(withRecord.state.metadata.last_run).toBe(chosen)
    expect(withRecord.state.threads.map((t) => t.id)).toEqual(['summary:from-check'])
    expect(withRecord.ignored).toEqual([])

    const none = rebuildRunState({
      threads: [],
      issueComments: comments,
      botLogins: BOT_LOGINS,
      runRecord: null
    })
    expect(none.state.metadata.last_run).toBeNull()
    expect(none.state.metadata.last_reviewed_sha).toBeNull()
    expect(none.state.threads).toEqual([])

    const fromComments = rebuildRunState({
      threads: [],
      issueComments: comments,
      botLogins: BOT_LOGINS
    })
    expect(fromComments.state.metadata.last_reviewed_sha).toBe(sha('c'))
    expect(fromComments.ignored).toEqual([
      expect.objectContaining({ reason: expect.stringMatching(/"alice" is not in bot_logins/) })
    ])
  })

  it('takes summary-only findings from the newest summary comment when no record is given', () => {
    const { state } = rebuildRunState({
      threads: [],
      issueComments: [
        issueComment(
          BOT_REST,
          summaryBody({ findings: [summaryRecord('in-comment')] }),
          '2026-01-01T00:00:00Z'
        )
      ],
      botLogins: BOT_LOGINS
    })
    expect(state.threads.map((t) => [t.id, t.origin])).toEqual([['summary:in-comment', 'summary']])
  })

  it('passes the developer predicate to every thread', () => {
    const { state } = rebuildRunState({
      threads: [thread([root(), dev(), rebuttal(), comment(BYSTANDER, 'Agreed with alice.')])],
      issueComments: [],
      botLogins: BOT_LOGINS,
      isDeveloper,
      runRecord: null
    })
    expect(state.threads[0]).toMatchObject({ rejected_rebuttals: 0, last_word: 'bot' })
    expect(state.threads[0]?.other_comments).toHaveLength(1)
  })
})
