/**
 * Who the developer is in a thread: with a developer predicate, a
 * bystander's replies neither reject the rebuttal, take the last word nor
 * start a dispute; a deleted account is a bystander; bots are neither.
 */
import type { DeveloperPredicate } from '../../src/core/memory/threads.js'
import { BYSTANDER, comment, isDeveloper, OTHER_BOT, REVIEWER, thread } from './state-fixtures.js'
import { dev, rebuild, rebuttal, root } from './thread-rebuild-helpers.js'

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
