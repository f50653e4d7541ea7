import { ConfigError, parseConfig } from '../../src/config/action-config.js'
import type { InputName } from '../../src/config/inputs.js'

function parse(overrides: Partial<Record<InputName, string>>) {
  const inputs: Partial<Record<InputName, string>> = {
    github_token: 'ghs_test',
    model: 'openai/gpt-4o',
    ...overrides
  }
  return parseConfig((name) => inputs[name] ?? '')
}

function problemOf(overrides: Partial<Record<InputName, string>>): string {
  try {
    parse(overrides)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.join('; ')
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('confirm_min_score and confirm_model', () => {
  it('confirms findings scored 9 or more with the review model by default', () => {
    const config = parse({})
    expect(config.confirmMinScore).toBe(9)
    expect(config.confirmModel).toBe('')
  })

  it('reads a score, "off" in any case, and a provider/model', () => {
    expect(parse({ confirm_min_score: ' 7 ' }).confirmMinScore).toBe(7)
    expect(parse({ confirm_min_score: 'OFF' }).confirmMinScore).toBe('off')
    expect(parse({ confirm_model: 'anthropic/claude-haiku-4-5' }).confirmModel).toBe(
      'anthropic/claude-haiku-4-5'
    )
  })

  it.each(['0', '11', 'nine', '9.5', 'never'])('refuses confirm_min_score %j', (value) => {
    expect(problemOf({ confirm_min_score: value })).toBe(
      `confirm_min_score must be an integer from 1 to 10 or "off", got ${JSON.stringify(value)}`
    )
  })

  it('refuses a confirm_model that is not provider/model', () => {
    expect(problemOf({ confirm_model: 'haiku' })).toBe(
      'confirm_model must be empty or provider/model (e.g. "anthropic/claude-sonnet-4-5"), got "haiku"'
    )
  })
})
