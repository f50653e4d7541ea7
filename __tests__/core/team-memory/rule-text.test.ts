import { MAX_RULE_CHARS } from '../../../src/core/memory/learning-block.js'
import { REDACTED } from '../../../src/core/secrets/secret-patterns.js'
import { WORD_JOINER } from '../../../src/core/text-safety/hidden-characters.js'
import { cleanRuleText } from '../../../src/core/team-memory/rule-text.js'

describe('the rule as the bot keeps it', () => {
  it('is one line with whitespace collapsed', () => {
    expect(cleanRuleText('  Ids may be\nlogged\r\n\tin the API.  ')).toBe(
      'Ids may be logged in the API.'
    )
  })

  it('drops markdown control characters but keeps identifiers whole', () => {
    expect(cleanRuleText('# > Use `get_user_id()` and **never** [this](x) | <b>bold</b>')).toBe(
      // A ">" opens nothing: "x > 0" keeps it.
      'Use get_user_id() and never this(x) b>bold/b>'
    )
    expect(cleanRuleText('- _Prefer_ snake_case &lt;names&gt;')).toBe(
      'Prefer snake_case lt;namesgt;'
    )
  })

  it('drops hidden characters', () => {
    expect(cleanRuleText('Log\u200b ids\u202e freely')).toBe('Log ids freely')
  })

  it('defuses mentions', () => {
    expect(cleanRuleText('Ask @alice first')).toBe(`Ask @${WORD_JOINER}alice first`)
  })

  it('redacts secrets and keeps the redaction mark', () => {
    const token = `ghp_${'a1B2c3D4e5'.repeat(3)}123456`
    const cleaned = cleanRuleText(`Never log \`${token}\` tokens`)
    expect(cleaned).toBe(`Never log ${REDACTED} tokens`)
  })

  it(`is cut to ${MAX_RULE_CHARS} characters at a word, marked with an ellipsis`, () => {
    const cleaned = cleanRuleText(`${'word '.repeat(100)}end`)
    expect(cleaned.length).toBeLessThanOrEqual(MAX_RULE_CHARS)
    expect(cleaned).toMatch(/word…$/)
  })

  it('is empty when nothing readable is left', () => {
    expect(cleanRuleText(' ** ` \u200b\n ')).toBe('')
  })
})
