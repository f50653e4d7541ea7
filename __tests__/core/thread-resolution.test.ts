/**
 * How a RESOLVED thread was resolved (fixed, conceded, the developer's call,
 * dismissed on GitHub), none for an open one, and a reopening that starts a
 * new round of the dispute.
 */
import { BOT_MARKER } from '../../src/core/names/marker.js'
import { RESOLVED_HEADING } from '../../src/core/memory/rmcoc.js'
import type { ReviewThreadData } from '../../src/core/pull-request/pr-data.js'
import { BOT_REST, comment, thread } from './state-fixtures.js'
import { bot, dev, rebuild, rebuttal, root } from './thread-rebuild-helpers.js'

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
