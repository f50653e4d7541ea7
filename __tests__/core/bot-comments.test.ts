import { isBotLogin, readComment } from '../../src/core/memory/bot-comments.js'
import { BOT_MARKER } from '../../src/core/names/marker.js'
import type { Author } from '../../src/core/pull-request/pr-data.js'
import { RESOLVED_HEADING } from '../../src/core/memory/rmcoc.js'
import {
  BOT_GRAPHQL,
  BOT_LOGINS,
  BOT_REST,
  DEV,
  FINDING,
  findingBody,
  IMPOSTOR,
  replyBody
} from './state-fixtures.js'

describe('isBotLogin', () => {
  it.each<[string, Author | null, readonly string[], boolean]>([
    ['REST login with suffix', BOT_REST, BOT_LOGINS, true],
    ['GraphQL login without suffix, isBot true', BOT_GRAPHQL, BOT_LOGINS, true],
    [
      'REST suffix even if isBot was not filled in',
      { login: 'github-actions[bot]', isBot: false },
      BOT_LOGINS,
      true
    ],
    [
      'other configured App, GraphQL form',
      { login: 'opencode-reviewer', isBot: true },
      BOT_LOGINS,
      true
    ],
    ['case and whitespace differ', { login: ' GitHub-Actions ', isBot: true }, BOT_LOGINS, true],
    ['a human who took the bare App name', IMPOSTOR, BOT_LOGINS, false],
    ['a developer', DEV, BOT_LOGINS, false],
    ['another bot', { login: 'dependabot[bot]', isBot: true }, BOT_LOGINS, false],
    ['deleted user (null author)', null, BOT_LOGINS, false],
    [
      'a machine user configured without suffix',
      { login: 'ci-reviewer', isBot: false },
      ['ci-reviewer'],
      true
    ],
    ['bare configured name also matches the bot form', BOT_GRAPHQL, ['github-actions'], true]
  ])('%s', (_name, author, logins, expected) => {
    expect(isBotLogin(author, logins)).toBe(expected)
  })
})

describe('readComment', () => {
  it('reads the bot’s marked comment, in both login forms', () => {
    for (const author of [BOT_REST, BOT_GRAPHQL]) {
      expect(readComment({ author, body: findingBody() }, BOT_LOGINS)).toEqual({
        origin: 'bot',
        block: { kind: 'finding', ...FINDING }
      })
    }
  })

  it('does not trust a forged block in a user’s comment', () => {
    const reading = readComment(
      { author: DEV, body: replyBody('resolution', 'RESOLVED') },
      BOT_LOGINS
    )
    expect(reading.origin).toBe('other')
    expect(reading.problem).toMatch(/"alice" is not in bot_logins/)
  })

  it('does not trust the impostor with the bare App name', () => {
    expect(readComment({ author: IMPOSTOR, body: findingBody() }, BOT_LOGINS).origin).toBe('other')
  })

  it('ignores another workflow’s github-actions[bot] comment without the marker', () => {
    const body = findingBody().replace(BOT_MARKER, '')
    const reading = readComment({ author: BOT_REST, body }, BOT_LOGINS)
    expect(reading.origin).toBe('other')
    expect(reading.problem).toMatch(/lacks the bot marker/)
  })

  it('keeps the bot’s comment but reports a malformed block', () => {
    const body = `oops\n\n\`\`\`rmcoc\n{"finding": \n\`\`\`\n${BOT_MARKER}`
    const reading = readComment({ author: BOT_REST, body }, BOT_LOGINS)
    expect(reading).toMatchObject({
      origin: 'bot',
      problem: expect.stringMatching(/^malformed-json: /)
    })
    expect(reading.origin === 'bot' && reading.block).toBeUndefined()
  })

  it('reads a heading-only bot reply', () => {
    const reading = readComment(
      { author: BOT_REST, body: `${RESOLVED_HEADING}\n\nFixed.\n\n${BOT_MARKER}` },
      BOT_LOGINS
    )
    expect(reading).toEqual({
      origin: 'bot',
      heading: 'RESOLVED',
      problem: 'no-block: no ```rmcoc fenced block'
    })
  })

  it('says nothing about a plain user comment', () => {
    expect(readComment({ author: DEV, body: 'LGTM' }, BOT_LOGINS)).toEqual({ origin: 'other' })
  })
})
