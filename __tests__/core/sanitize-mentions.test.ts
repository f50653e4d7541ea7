/**
 * Mentions defused: sanitizeText breaks every live @mention outside code,
 * including where a quote or list ends a fence early, a code span would
 * cross a blank line, or an odd character sits next to the at sign; and no
 * suggestion opener survives such a container.
 */
import { describe, expect, it } from '@jest/globals'
import { sanitizeComment, sanitizeText } from '../../src/core/text-safety/sanitize.js'
import { liveMentions, shownText } from './markdown-oracle.js'
import { FENCE } from './sanitize-fixtures.js'

describe('sanitizeText: mentions', () => {
  it.each([
    ['ping @alice please', 'ping @\u2060alice please'],
    ['(@org/security-team)', '(@\u2060org/security-team)'],
    ['@review-my-code-bot at start', '@\u2060review-my-code-bot at start'],
    ['mail dev@example.com stays', 'mail <dev@example.com> stays'],
    ['code `@alice` stays', 'code `@alice` stays'],
    ['see https://npmjs.com/package/@scope/pkg', 'see <https://npmjs.com/package/@scope/pkg>'],
    ['[ask @alice](https://example.com/@alice)', '[ask @\u2060alice](https://example.com/@alice)'],
    ['`` a ` @b ``, then @c', '``a ` @b``, then @\u2060c']
  ])('%s', (input, expected) => {
    expect(sanitizeText(input)).toBe(expected)
  })

  it('does not touch mentions inside fenced code', () => {
    const text = `${FENCE}\n// TODO @alice\n${FENCE}`
    expect(sanitizeText(text)).toBe(text)
  })
})

/** The lines of `out` that would open a suggestion block, in any container. */
const suggestionOpeners = (out: string): string[] =>
  out.split(/\r\n|\r|\n/).filter((line) => /(?:`{3,}|~{3,})[ \t]*suggestion/i.test(line))

describe('sanitizeComment: fences that a container ends early', () => {
  it.each<[string, string, readonly string[]]>([
    [
      'a quoted fence, then a top-level suggestion',
      `> ${FENCE}\n@octocat @my-org/security-team look\n${FENCE}suggestion\nconst x = 1\n${FENCE}`,
      ['@octocat', '@my-org/security-team']
    ],
    ['a list-item suggestion', `- ${FENCE}suggestion\nconst x = 1\n${FENCE}`, []],
    ['an ordered-list suggestion', `1. ${FENCE}suggestion\nconst x = 1\n${FENCE}`, []],
    ['a nested quote with tildes', `>> ~~~Suggestion\nconst x = 1\n>> ~~~`, []],
    [
      'a nested quote, then a mention after it',
      `> > ${FENCE}\n> > code\n@octocat\n${FENCE}suggestion\nconst x = 1\n${FENCE}`,
      ['@octocat']
    ],
    [
      'a fence indented under a list item, then an unindented line',
      `- item\n  ${FENCE}\n  code\n@octocat ping\n${FENCE}suggestion\nconst x = 1\n${FENCE}`,
      ['@octocat']
    ],
    [
      'a list-item fence, then an unindented line',
      `- ${FENCE}\n@octocat ping\n1) ${FENCE}suggestion\nconst x = 1\n${FENCE}`,
      ['@octocat']
    ],
    ['a lone CR as line ending', `see\r${FENCE}suggestion\rconst x = 1\r${FENCE}`, []]
  ])('%s: no suggestion opener, mentions defused, code kept', (_name, text, mentions) => {
    const out = sanitizeComment({ text })
    expect(suggestionOpeners(out)).toEqual([])
    expect(out).toContain('const x = 1')
    for (const mention of mentions) expect(out).toContain(mention.replace('@', '@\u2060'))
    expect(liveMentions(out)).toEqual([])
  })

  it('keeps a top-level fence as code: its mentions stay as written', () => {
    const text = `intro\n\n${FENCE}ts\n// TODO @alice\n${FENCE}`
    expect(sanitizeComment({ text })).toBe(text)
  })

  it('does not let a code span cross a blank line', () => {
    const out = sanitizeText('`a\n\n@bob\n\n`')
    expect(out).toBe('\\`a\n\n@\u2060bob\n\n\\`')
    expect(liveMentions(out)).toEqual([])
  })

  it.each([
    ['a backtick right after', 'ping @bob` now'],
    ['a backtick right before', 'ping `@bob now'],
    ['an escaped at sign', 'ping \\@bob now'],
    ['a dot before', 'ping a.@bob now'],
    ['a double at sign', 'ping @@bob now']
  ])('defuses a mention with %s', (_name, text) => {
    const out = sanitizeText(text)
    expect(liveMentions(out)).toEqual([])
    expect(shownText(out)).toBe(shownText(text))
  })
})
