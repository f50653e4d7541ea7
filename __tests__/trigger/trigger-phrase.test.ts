import { mentionCommand, mentionsTrigger } from '../../src/trigger/trigger-phrase.js'

const phrase = '@review-my-code-bot'

describe('mentionsTrigger', () => {
  it.each([
    '@review-my-code-bot',
    '@review-my-code-bot please look again',
    'Hey @review-my-code-bot, thoughts?',
    'Ping (@review-my-code-bot)',
    'Second line\n@Review-My-Code-Bot',
    '> quoted text\n\n@review-my-code-bot now for real'
  ])('accepts %j', (body) => {
    expect(mentionsTrigger(body, phrase)).toBe(true)
  })

  it.each([
    'x@review-my-code-bot',
    'mail me at someone@review-my-code-bot.example',
    '@review-my-code-botx',
    '@review-my-code-bot-two',
    '@review-my-code-bot[bot] wrote this',
    '> @review-my-code-bot said something',
    'see `@review-my-code-bot` for details',
    '```\n@review-my-code-bot\n```',
    '~~~md\n@review-my-code-bot\n~~~',
    '<!-- @review-my-code-bot -->',
    'no mention at all',
    '@review-my-code'
  ])('rejects %j', (body) => {
    expect(mentionsTrigger(body, phrase)).toBe(false)
  })
})

describe('mentionCommand', () => {
  const phrase = '@review-my-code-bot'
  it.each([
    '@review-my-code-bot fix',
    '@Review-My-Code-Bot FIX please',
    'Looks good. @review-my-code-bot fix.',
    'thanks\n@review-my-code-bot  fix\nand review again'
  ])('reads a fix request in %j', (body) => {
    expect(mentionCommand(body, phrase)).toBe('fix')
  })

  it.each([
    '@review-my-code-bot',
    '@review-my-code-bot fixes are welcome',
    '@review-my-code-bot prefix',
    '@review-my-code-bot please fix',
    '> @review-my-code-bot fix',
    'see `@review-my-code-bot fix`',
    '<!-- @review-my-code-bot fix -->',
    'x@review-my-code-bot fix'
  ])('reads a review request in %j', (body) => {
    expect(mentionCommand(body, phrase)).toBe('review')
  })
})
