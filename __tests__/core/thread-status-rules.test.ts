/**
 * A thread's status rebuilt from its comments: pending, resolved (on GitHub,
 * by a bot block or heading), escalated, disputed with its rejection count,
 * and forged or unmarked replies that must not move it.
 */
import { BOT_MARKER } from '../../src/core/names/marker.js'
import { ESCALATED_HEADING, RESOLVED_HEADING } from '../../src/core/memory/rmcoc.js'
import type { ReviewThreadData } from '../../src/core/pull-request/pr-data.js'
import { BOT_REST, comment, DEV, IMPOSTOR, replyBody, thread } from './state-fixtures.js'
import { bot, dev, rebuild, rebuttal, root } from './thread-rebuild-helpers.js'

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
