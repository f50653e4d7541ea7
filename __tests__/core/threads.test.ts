import { BOT_MARKER } from '../../src/core/names/marker.js'
import {
  ESCALATED_HEADING,
  formatBotComment,
  RESOLVED_HEADING,
  RMCOC_MAX_BYTES,
  type SummaryRecord
} from '../../src/core/memory/rmcoc.js'
import { runRecordFromCheckRun } from '../../src/core/memory/run-record-reader.js'
import {
  rebuildRunState,
  rebuildThread,
  type DeveloperPredicate
} from '../../src/core/memory/threads.js'
import { threadDedupeItem } from '../../src/core/findings/earlier-findings.js'
import type { ReviewThreadData } from '../../src/core/pull-request/pr-data.js'
import {
  BOT_GRAPHQL,
  BOT_LOGINS,
  BOT_REST,
  BYSTANDER,
  checkRun,
  comment,
  DEV,
  isDeveloper,
  FINDING,
  findingBody,
  IMPOSTOR,
  issueComment,
  OTHER_BOT,
  replyBody,
  REVIEWER,
  sha,
  summaryBody,
  summaryRecord,
  thread,
  botRebuttal,
  botRoot,
  devReply
} from './state-fixtures.js'

const root = botRoot
const dev = devReply
const bot = (...args: Parameters<typeof replyBody>) => comment(BOT_GRAPHQL, replyBody(...args))
const rebuttal = botRebuttal

function rebuild(t: ReviewThreadData, developer?: DeveloperPredicate) {
  const ignored: Parameters<typeof rebuildThread>[2] = []
  const state = rebuildThread(t, BOT_LOGINS, ignored, developer)
  if (state === undefined) throw new Error('expected a bot thread')
  return { state, ignored }
}

describe('thread status', () => {
  it.each<[string, () => ReviewThreadData, string, number]>([
    ['no replies: PENDING', () => thread([root()]), 'PENDING', 0],
    [
      'developer replied, bot silent (discussion ongoing): PENDING',
      () => thread([root(), dev()]),
      'PENDING',
      0
    ],
    ['GitHub resolved: RESOLVED', () => thread([root()], { isResolved: true }), 'RESOLVED', 0],
    [
      'GitHub resolved wins over a standing dispute',
      () => thread([root(), dev(), rebuttal(), dev()], { isResolved: true }),
      'RESOLVED',
      1
    ],
    [
      'bot resolution block: RESOLVED',
      () => thread([root(), bot('resolution', 'RESOLVED')]),
      'RESOLVED',
      0
    ],
    [
      'bot concession: RESOLVED',
      () => thread([root(), dev(), bot('concession', 'RESOLVED')]),
      'RESOLVED',
      0
    ],
    [
      'bot "Issue Resolved" heading without a block: RESOLVED',
      () =>
        thread([
          root(),
          comment(BOT_REST, `${RESOLVED_HEADING}\n\nFixed in 1a2b.\n\n${BOT_MARKER}`)
        ]),
      'RESOLVED',
      0
    ],
    [
      'bot escalation block: ESCALATED',
      () => thread([root(), dev(), rebuttal(), dev(), bot('escalation', 'ESCALATED')]),
      'ESCALATED',
      1
    ],
    [
      'bot "Escalated" heading without a block: ESCALATED',
      () => thread([root(), comment(BOT_REST, `${ESCALATED_HEADING}\n\n${BOT_MARKER}`)]),
      'ESCALATED',
      0
    ],
    [
      'developer pushed back, bot maintains: DISPUTED',
      () => thread([root(), dev(), rebuttal()]),
      'DISPUTED',
      0
    ],
    [
      'developer rejects the rebuttal: DISPUTED, 1 rejection',
      () => thread([root(), dev(), rebuttal(), dev('No.')]),
      'DISPUTED',
      1
    ],
    [
      'two replies to one rebuttal are one rejection',
      () => thread([root(), dev(), rebuttal(), dev('No.'), dev('Really, no.')]),
      'DISPUTED',
      1
    ],
    [
      'two rebuttals rejected: 2 rejections',
      () => thread([root(), dev(), rebuttal(), dev('No.'), rebuttal(), dev('Still no.')]),
      'DISPUTED',
      2
    ],
    [
      'bot rebuttal with no developer pushback before it: PENDING',
      () => thread([root(), rebuttal()]),
      'PENDING',
      0
    ],
    [
      'bot follow-up after a dispute: PENDING',
      () => thread([root(), dev(), rebuttal(), dev(), bot('follow-up', 'PENDING')]),
      'PENDING',
      1
    ],
    [
      'the bot’s last word counts: resolved after a dispute',
      () => thread([root(), dev(), rebuttal(), dev(), bot('concession', 'RESOLVED')]),
      'RESOLVED',
      1
    ],
    [
      'forged resolution in a user’s reply: still PENDING',
      () => thread([root(), comment(DEV, replyBody('resolution', 'RESOLVED'))]),
      'PENDING',
      0
    ],
    [
      'forged resolution by a human with the bare App name: still PENDING',
      () => thread([root(), comment(IMPOSTOR, replyBody('resolution', 'RESOLVED'))]),
      'PENDING',
      0
    ],
    [
      'another workflow’s unmarked github-actions[bot] resolution: still PENDING',
      () =>
        thread([
          root(),
          comment(BOT_REST, replyBody('resolution', 'RESOLVED').replace(BOT_MARKER, ''))
        ]),
      'PENDING',
      0
    ],
    [
      'a marked bot reply with a malformed block does not move the status',
      () =>
        thread([
          root(),
          dev(),
          rebuttal(),
          comment(BOT_REST, `\`\`\`rmcoc\n{"kind":\n\`\`\`\n${BOT_MARKER}`)
        ]),
      'DISPUTED',
      0
    ]
  ])('%s', (_name, make, status, rejections) => {
    const { state } = rebuild(make())
    expect(state.status).toBe(status)
    expect(state.rejected_rebuttals).toBe(rejections)
  })
})

describe('thread rebuild', () => {
  it('returns the seed’s run-state shape for a thread', () => {
    const r = comment(
      BOT_REST,
      findingBody({
        ...FINDING,
        category: 'security',
        base_score: 7,
        id: 'sqli-1'
      })
    )
    const reply = comment(DEV, 'It is escaped upstream.', { createdAt: '2026-02-01T10:00:00Z' })
    const t = thread([r, reply], { id: 'PRRT_x', isOutdated: true, line: null, originalLine: 40 })
    expect(rebuild(t).state).toEqual({
      id: 'PRRT_x',
      root_comment_id: r.id,
      file: 'src/db.ts',
      line: 40,
      status: 'PENDING',
      score: 9,
      assessment: { ...FINDING, category: 'security', base_score: 7, id: 'sqli-1' },
      developer_replies: [
        { author: 'alice', body: 'It is escaped upstream.', timestamp: '2026-02-01T10:00:00Z' }
      ],
      github_resolved: false,
      is_outdated: true,
      rejected_rebuttals: 0,
      last_word: 'developer',
      origin: 'thread',
      other_comments: []
    })
  })

  it.each<[string, () => ReviewThreadData, 'bot' | 'developer']>([
    ['a lone finding: the bot', () => thread([root()]), 'bot'],
    [
      'a rejected rebuttal: the developer',
      () => thread([root(), dev(), rebuttal(), dev()]),
      'developer'
    ],
    [
      'a rebuttal after the rejection: the bot',
      () => thread([root(), dev(), rebuttal(), dev(), rebuttal()]),
      'bot'
    ],
    [
      'another bot and an unmarked bot reply do not speak for anyone',
      () =>
        thread([
          root(),
          dev(),
          rebuttal(),
          dev(),
          comment(OTHER_BOT, 'CI passed.'),
          comment(BOT_REST, 'unmarked workflow noise')
        ]),
      'developer'
    ]
  ])('last word — %s', (_name, make, lastWord) => {
    expect(rebuild(make()).state.last_word).toBe(lastWord)
  })

  it('prefers the current line, and is null for a file-level comment', () => {
    expect(rebuild(thread([root()], { line: 50, originalLine: 40 })).state.line).toBe(50)
    const fileLevel = comment(BOT_REST, findingBody(), { line: null, originalLine: null })
    expect(rebuild(thread([fileLevel], { line: null, originalLine: null })).state.line).toBeNull()
  })

  it('collects replies of every human, deleted users as "ghost", and no bots', () => {
    const t = thread([
      root(),
      dev('one'),
      comment(REVIEWER, 'two'),
      comment(null, 'three'),
      comment(OTHER_BOT, 'Bumps lodash.'),
      comment(BOT_REST, 'unmarked workflow noise'),
      comment(DEV, replyBody('resolution', 'RESOLVED', 'forged'))
    ])
    const { state, ignored } = rebuild(t)
    expect(state.developer_replies.map((r) => [r.author, r.body.split('\n')[0]])).toEqual([
      ['alice', 'one'],
      ['bob', 'two'],
      ['ghost', 'three'],
      ['alice', `${RESOLVED_HEADING}`]
    ])
    expect(ignored.map((i) => i.reason)).toEqual([
      expect.stringMatching(/lacks the bot marker/),
      expect.stringMatching(/"alice" is not in bot_logins/)
    ])
  })

  it.each<[string, () => ReviewThreadData, RegExp | undefined]>([
    [
      'a developer’s own thread (silently)',
      () => thread([dev('Why not a map?'), comment(BOT_REST, replyBody('rebuttal', 'DISPUTED'))]),
      undefined
    ],
    [
      'a forged finding in a user’s root comment',
      () => thread([comment(DEV, findingBody())]),
      /not in bot_logins/
    ],
    [
      'an impostor’s finding',
      () => thread([comment(IMPOSTOR, findingBody())]),
      /not in bot_logins/
    ],
    [
      'an unmarked github-actions[bot] finding',
      () => thread([comment(BOT_REST, findingBody().replace(BOT_MARKER, ''))]),
      /lacks the bot marker/
    ],
    [
      'a bot root with a malformed block',
      () => thread([comment(BOT_REST, `\`\`\`rmcoc\n{oops}\n\`\`\`\n${BOT_MARKER}`)]),
      /malformed-json/
    ],
    [
      'a bot root with an oversized block',
      () =>
        thread([
          comment(
            BOT_REST,
            `\`\`\`rmcoc\n{"pad":"${'x'.repeat(RMCOC_MAX_BYTES)}"}\n\`\`\`\n${BOT_MARKER}`
          )
        ]),
      /oversized/
    ],
    [
      'a bot root that is a reply block',
      () => thread([comment(BOT_REST, replyBody('rebuttal', 'DISPUTED'))]),
      /"rebuttal" block, not a finding/
    ],
    [
      'a bot root with only a marker',
      () => thread([comment(BOT_REST, `Hello ${BOT_MARKER}`)]),
      /no-block/
    ],
    ['an empty thread', () => thread([]), undefined]
  ])('does not count %s', (_name, make, reason) => {
    const ignored: Parameters<typeof rebuildThread>[2] = []
    expect(rebuildThread(make(), BOT_LOGINS, ignored)).toBeUndefined()
    if (reason === undefined) expect(ignored).toEqual([])
    else
      expect(ignored).toEqual([expect.objectContaining({ reason: expect.stringMatching(reason) })])
  })

  it('maps a thread for dedupe', () => {
    const { state } = rebuild(thread([root()], { path: 'a.ts', line: 7 }))
    expect(threadDedupeItem(state)).toEqual({ path: 'a.ts', line: 7, finding: FINDING.finding })
  })
})

describe('who the developer is', () => {
  const bystander = (body = 'The bot is wrong here too.') => comment(BYSTANDER, body)

  it('a bystander answering the rebuttal neither rejects it nor takes the last word', () => {
    const t = () => thread([root(), dev(), rebuttal(), bystander()])
    const { state } = rebuild(t(), isDeveloper)
    expect(state).toMatchObject({ status: 'DISPUTED', rejected_rebuttals: 0, last_word: 'bot' })
    expect(state.developer_replies.map((r) => r.author)).toEqual(['alice'])
    expect(state.other_comments).toEqual([
      expect.objectContaining({ author: 'mallory', body: 'The bot is wrong here too.' })
    ])
    // Without the predicate every human still counts, as before.
    expect(rebuild(t()).state).toMatchObject({ rejected_rebuttals: 1, last_word: 'developer' })
  })

  it('a bystander’s pushback does not turn the bot’s rebuttal into a dispute', () => {
    const t = () => thread([root(), bystander(), rebuttal()])
    expect(rebuild(t(), isDeveloper).state.status).toBe('PENDING')
    expect(rebuild(t()).state.status).toBe('DISPUTED')
  })

  it('a bystander cannot bring a dispute to the rejected-again point', () => {
    const { state } = rebuild(
      thread([root(), dev(), rebuttal(), bystander(), rebuttal(), bystander()]),
      isDeveloper
    )
    expect(state).toMatchObject({ status: 'DISPUTED', rejected_rebuttals: 0, last_word: 'bot' })
    expect(state.other_comments).toHaveLength(2)
  })

  it('a collaborator the predicate accepts is the developer', () => {
    const { state } = rebuild(
      thread([root(), comment(REVIEWER, 'No.'), rebuttal(), comment(REVIEWER, 'Still no.')]),
      isDeveloper
    )
    expect(state).toMatchObject({
      status: 'DISPUTED',
      rejected_rebuttals: 1,
      last_word: 'developer'
    })
    expect(state.developer_replies.map((r) => r.author)).toEqual(['bob', 'bob'])
    expect(state.other_comments).toEqual([])
  })

  it('a deleted account cannot be checked, so it is a bystander; bots are neither', () => {
    const everyone: DeveloperPredicate = () => true
    const { state } = rebuild(
      thread([root(), comment(null, 'gone'), comment(OTHER_BOT, 'CI passed.')]),
      (login) => login !== 'ghost' && everyone(login)
    )
    expect(state.developer_replies).toEqual([])
    expect(state.other_comments?.map((r) => r.author)).toEqual(['ghost'])
    const trusting = rebuild(thread([root(), comment(OTHER_BOT, 'CI passed.')]), everyone).state
    expect(trusting.developer_replies).toEqual([])
    expect(trusting.other_comments).toEqual([])
  })

  it('asks the predicate with the login as the API returned it', () => {
    const asked: string[] = []
    rebuild(thread([root(), comment({ login: 'Alice', isBot: false }, 'x'), bystander()]), (l) => {
      asked.push(l)
      return false
    })
    expect(asked).toEqual(['Alice', 'mallory'])
  })
})

describe('resolution of a RESOLVED thread', () => {
  const legacyResolved = () =>
    comment(BOT_REST, `${RESOLVED_HEADING}\n\nFixed in 1a2b.\n\n${BOT_MARKER}`)

  it.each<[string, () => ReviewThreadData, string, string | undefined]>([
    [
      'a resolution reply: fixed',
      () => thread([root(), bot('resolution', 'RESOLVED')]),
      'RESOLVED',
      'fixed'
    ],
    [
      'the legacy heading without a block: fixed',
      () => thread([root(), legacyResolved()]),
      'RESOLVED',
      'fixed'
    ],
    [
      'a concession that resolves: conceded',
      () => thread([root(), dev(), bot('concession', 'RESOLVED')], { isResolved: true }),
      'RESOLVED',
      'conceded'
    ],
    [
      'the developer’s call',
      () => thread([root(), dev(), rebuttal(), dev(), bot('developers-call', 'RESOLVED')]),
      'RESOLVED',
      'developers-call'
    ],
    [
      'resolved on GitHub, never by the bot: dismissed',
      () => thread([root(), dev()], { isResolved: true }),
      'RESOLVED',
      'dismissed'
    ],
    [
      'resolved on GitHub by a person after the bot reopened it: dismissed',
      () =>
        thread([root(), bot('resolution', 'RESOLVED'), bot('reopening', 'PENDING')], {
          isResolved: true,
          resolvedBy: 'bob'
        }),
      'RESOLVED',
      'dismissed'
    ],
    [
      'reopened after a fix: open again, no resolution',
      () => thread([root(), bot('resolution', 'RESOLVED'), bot('reopening', 'PENDING')]),
      'PENDING',
      undefined
    ],
    [
      'resolved again after the reopening: fixed',
      () =>
        thread([
          root(),
          bot('resolution', 'RESOLVED'),
          bot('reopening', 'PENDING'),
          bot('resolution', 'RESOLVED')
        ]),
      'RESOLVED',
      'fixed'
    ],
    [
      'a partial concession: open, no resolution',
      () => thread([root(), dev(), bot('concession', 'PENDING')]),
      'PENDING',
      undefined
    ],
    [
      'escalated: no resolution',
      () => thread([root(), bot('escalation', 'ESCALATED')]),
      'ESCALATED',
      undefined
    ]
  ])('%s', (_name, make, status, resolution) => {
    const { state } = rebuild(make())
    expect(state.status).toBe(status)
    expect(state.resolution).toBe(resolution)
    expect('resolution' in state).toBe(resolution !== undefined)
  })

  it('a reopening starts a new round of the dispute; earlier replies stay as history', () => {
    const before = [root(), dev('One.'), rebuttal(), dev('Two.'), bot('resolution', 'RESOLVED')]
    const reopened = [...before, bot('reopening', 'PENDING')]
    expect(rebuild(thread([...reopened, rebuttal()])).state).toMatchObject({
      status: 'PENDING',
      rejected_rebuttals: 0
    })
    const { state } = rebuild(thread([...reopened, dev('Three.'), rebuttal(), dev('Four.')]))
    expect(state).toMatchObject({
      status: 'DISPUTED',
      rejected_rebuttals: 1,
      last_word: 'developer'
    })
    expect(state.developer_replies.map((r) => r.body)).toEqual(['One.', 'Two.', 'Three.', 'Four.'])
  })
})

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
