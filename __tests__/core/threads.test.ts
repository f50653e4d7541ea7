import { BOT_MARKER } from '../../src/core/marker.js'
import { ESCALATED_HEADING, formatBotComment, RESOLVED_HEADING } from '../../src/core/rmcoc.js'
import { rebuildRunState, rebuildThread, threadDedupeItem } from '../../src/core/threads.js'
import type { ReviewThreadData } from '../../src/core/pr-data.js'
import {
  BOT_GRAPHQL,
  BOT_LOGINS,
  BOT_REST,
  comment,
  DEV,
  FINDING,
  findingBody,
  IMPOSTOR,
  issueComment,
  OTHER_BOT,
  replyBody,
  REVIEWER,
  thread,
  botRebuttal,
  botRoot,
  devReply
} from './state-fixtures.js'

const root = botRoot
const dev = devReply
const bot = (...args: Parameters<typeof replyBody>) => comment(BOT_GRAPHQL, replyBody(...args))
const rebuttal = botRebuttal

function rebuild(t: ReviewThreadData) {
  const ignored: Parameters<typeof rebuildThread>[2] = []
  const state = rebuildThread(t, BOT_LOGINS, ignored)
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
      last_word: 'developer'
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
          comment(BOT_REST, `\`\`\`rmcoc\n{"pad":"${'x'.repeat(17000)}"}\n\`\`\`\n${BOT_MARKER}`)
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
