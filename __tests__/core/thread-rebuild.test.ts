/**
 * One bot thread rebuilt into the run state: its shape, who had the last
 * word, its line, whose replies count, which threads are not counted (and
 * why), and the thread as a dedupe item.
 */
import { BOT_MARKER } from '../../src/core/names/marker.js'
import { RESOLVED_HEADING, RMCOC_MAX_BYTES } from '../../src/core/memory/rmcoc.js'
import { rebuildThread } from '../../src/core/memory/threads.js'
import { threadDedupeItem } from '../../src/core/findings/earlier-findings.js'
import type { ReviewThreadData } from '../../src/core/pull-request/pr-data.js'
import {
  BOT_LOGINS,
  BOT_REST,
  comment,
  DEV,
  FINDING,
  findingBody,
  IMPOSTOR,
  OTHER_BOT,
  replyBody,
  REVIEWER,
  thread
} from './state-fixtures.js'
import { dev, rebuild, rebuttal, root } from './thread-rebuild-helpers.js'

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
