import { describe, expect, it } from '@jest/globals'
import type { FindingAssessment, ThreadEvent } from '../../src/core/memory/thread-events.js'
import { foldThreadEvent, type ThreadFold } from '../../src/core/memory/thread-fold.js'

const assessment: FindingAssessment = { finding: 'f', assessment: 'a', score: 7 }
const reply = (body: string) => ({ author: 'dev', body, timestamp: '2024-01-01T00:00:00Z' })

const fold = (events: readonly ThreadEvent[]): ThreadFold | undefined =>
  events.reduce<ThreadFold | undefined>(foldThreadEvent, undefined)

const finding: ThreadEvent = { kind: 'finding', assessment }
const rebuttal: ThreadEvent = { kind: 'bot-status', status: 'DISPUTED', replyKind: 'rebuttal' }
const developer = (body: string): ThreadEvent => ({ kind: 'developer-reply', reply: reply(body) })

describe('foldThreadEvent: one event at a time into the thread', () => {
  it('moves nothing before the bot’s finding opens the thread', () => {
    expect(fold([developer('early'), rebuttal])).toBeUndefined()
  })

  it('counts a developer reply to an open rebuttal as a rejected rebuttal, once', () => {
    const state = fold([finding, rebuttal, developer('no'), developer('still no')])
    expect(state).toMatchObject({
      assessment,
      rejectedRebuttals: 1,
      rebuttalOpen: false,
      lastWord: 'developer',
      lastBotStatus: 'DISPUTED',
      developerBeforeLastBot: false
    })
    expect(state?.developerReplies.map((r) => r.body)).toEqual(['no', 'still no'])
  })

  it('keeps a bystander’s reply as context: it answers no rebuttal and has no last word', () => {
    const state = fold([finding, rebuttal, { kind: 'bystander-reply', reply: reply('drive-by') }])
    expect(state).toMatchObject({ rejectedRebuttals: 0, rebuttalOpen: true, lastWord: 'bot' })
    expect(state?.otherComments.map((r) => r.body)).toEqual(['drive-by'])
    expect(state?.developerReplies).toEqual([])
  })

  it('starts a new round on a reopening: counters restart, replies stay as history', () => {
    const state = fold([
      finding,
      rebuttal,
      developer('no'),
      { kind: 'reopening', status: 'PENDING' }
    ])
    expect(state).toMatchObject({
      rejectedRebuttals: 0,
      developerSeen: false,
      developerBeforeLastBot: false,
      lastBotKind: 'reopening',
      lastBotStatus: 'PENDING',
      lastWord: 'bot'
    })
    expect(state?.developerReplies).toHaveLength(1)
  })

  it('remembers that the developer spoke before the bot’s last status', () => {
    const state = fold([
      finding,
      developer('fixed'),
      { kind: 'bot-status', status: 'DISPUTED', replyKind: 'rebuttal' }
    ])
    expect(state).toMatchObject({ developerBeforeLastBot: true, rebuttalOpen: true })
  })
})
