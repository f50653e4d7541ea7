import { ConfigError, parseConfig } from '../../src/config/action-config.js'
import type { InputName } from '../../src/config/inputs.js'

const base: Partial<Record<InputName, string>> = {
  github_token: 'ghs_test',
  model: 'openai/gpt-4o'
}

function parse(overrides: Partial<Record<InputName, string>>) {
  const inputs = { ...base, ...overrides }
  return parseConfig((name) => inputs[name] ?? '')
}

function problemsOf(overrides: Partial<Record<InputName, string>>): string[] {
  try {
    parse(overrides)
  } catch (error) {
    if (error instanceof ConfigError) return [...error.problems]
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('parseConfig', () => {
  it('applies the documented defaults', () => {
    const config = parse({})
    expect(config).toMatchObject({
      problemScoreThreshold: 5,
      scoreElevationThreshold: 5,
      enableWeb: false,
      triggerPhrase: '@review-my-code-bot',
      prNumber: undefined,
      opencodeVersion: '1.18.33',
      opencodePath: '',
      passTimeoutMinutes: 10,
      maxComments: 25,
      allowedBots: [],
      botLogins: ['github-actions[bot]', 'opencode-reviewer[bot]'],
      opencodeConfig: undefined
    })
  })

  it('reads typed values', () => {
    const config = parse({
      problem_score_threshold: '7',
      score_elevation_threshold: '3',
      enable_web: 'TRUE',
      pr_number: '12',
      max_comments: '0',
      allowed_bots: 'Renovate[bot], dependabot[bot]',
      opencode_config: '{"provider":{"local":{"options":{"baseURL":"http://127.0.0.1:1234/v1"}}}}'
    })
    expect(config.problemScoreThreshold).toBe(7)
    expect(config.scoreElevationThreshold).toBe(3)
    expect(config.enableWeb).toBe(true)
    expect(config.prNumber).toBe(12)
    expect(config.maxComments).toBe(0)
    expect(config.allowedBots).toEqual(['renovate[bot]', 'dependabot[bot]'])
    expect(config.opencodeConfig).toEqual({
      provider: { local: { options: { baseURL: 'http://127.0.0.1:1234/v1' } } }
    })
  })

  it.each<[Partial<Record<InputName, string>>, string]>([
    [
      { problem_score_threshold: 'eleven' },
      'problem_score_threshold must be an integer from 1 to 10, got "eleven"'
    ],
    [
      { problem_score_threshold: '11' },
      'problem_score_threshold must be an integer from 1 to 10, got "11"'
    ],
    [
      { problem_score_threshold: '0' },
      'problem_score_threshold must be an integer from 1 to 10, got "0"'
    ],
    [
      { problem_score_threshold: '5.5' },
      'problem_score_threshold must be an integer from 1 to 10, got "5.5"'
    ],
    [
      { score_elevation_threshold: '1' },
      'score_elevation_threshold must be an integer of at least 2, got "1"'
    ],
    [{ enable_web: 'yes' }, 'enable_web must be true or false, got "yes"'],
    [
      { model: 'gpt-4o' },
      'model must be provider/model (e.g. "anthropic/claude-sonnet-4-5"), got "gpt-4o"'
    ],
    [{ model: '' }, 'model is required (provider/model), got ""'],
    [{ github_token: '' }, 'github_token must be a non-empty token, got ""'],
    [
      { trigger_phrase: 'review-bot' },
      'trigger_phrase must be an @-mention such as "@review-my-code-bot", got "review-bot"'
    ],
    [{ pr_number: '-3' }, 'pr_number must be a positive integer, got "-3"'],
    [{ pr_number: 'abc' }, 'pr_number must be a positive integer, got "abc"'],
    [
      { opencode_version: 'latest' },
      'opencode_version must be an exact version such as "1.18.33", got "latest"'
    ],
    [
      { pass_timeout_minutes: '0' },
      'pass_timeout_minutes must be an integer from 1 to 360, got "0"'
    ],
    [{ max_comments: '101' }, 'max_comments must be an integer from 0 to 100, got "101"'],
    [
      { allowed_bots: '*' },
      'allowed_bots must list logins one by one; wildcards are not allowed, got "*"'
    ],
    [
      { allowed_bots: 'good, bad login' },
      'allowed_bots must be a comma-separated list of GitHub logins, got "bad login" in "good, bad login"'
    ],
    [{ bot_logins: ' , ' }, 'bot_logins must name at least one login, got " , "'],
    [{ opencode_config: '{not json' }, 'opencode_config must be a JSON object, got invalid JSON'],
    [{ opencode_config: '[1,2]' }, 'opencode_config must be a JSON object, got an array'],
    [
      { opencode_config: '{"permission":{"edit":"allow"}}' },
      'opencode_config must not set "permission"'
    ],
    [
      { opencode_config: '{"agent":{"build":{"permission":{"bash":"allow"}}}}' },
      'opencode_config must not set "agent.build.permission"'
    ],
    [
      { opencode_config: '{"agent":{"reviewer":{"tools":{"bash":true}}}}' },
      'opencode_config must not set "agent.reviewer.tools"'
    ],
    [{ opencode_config: '{"tools":{"bash":true}}' }, 'opencode_config must not set "tools"'],
    [{ opencode_config: '{"mcp":{"x":{"type":"local"}}}' }, 'opencode_config must not set "mcp"'],
    [{ opencode_config: '{"plugin":["evil"]}' }, 'opencode_config must not set "plugin"'],
    [
      { opencode_config: '{"instructions":["x.md"]}' },
      'opencode_config must not set "instructions"'
    ]
  ])('rejects %j with a message naming the input', (overrides, expected) => {
    const problems = problemsOf(overrides)
    expect(problems.some((problem) => problem.startsWith(expected))).toBe(true)
  })

  it('reports every bad input at once', () => {
    const problems = problemsOf({
      problem_score_threshold: 'x',
      enable_web: 'maybe',
      max_comments: '-1'
    })
    expect(problems).toHaveLength(3)
  })

  it('reads reviewer_models: none by default, comma- or newline-separated, trimmed', () => {
    expect(parse({}).reviewerModels).toEqual([])
    expect(
      parse({ reviewer_models: ' anthropic/claude-sonnet-4-5,\ngoogle/gemini-2.5-pro ' })
        .reviewerModels
    ).toEqual(['anthropic/claude-sonnet-4-5', 'google/gemini-2.5-pro'])
  })

  it.each([
    ['gpt-5', 'reviewer_models must list provider/model names (e.g. "openai/gpt-5"), got "gpt-5"'],
    ['a/x, a/x', 'reviewer_models must name each model once, got "a/x" twice'],
    ['a/1,a/2,a/3,a/4,a/5', 'reviewer_models may name at most 4 models, got 5'],
    ['openai/gpt-4o', 'reviewer_models must not repeat model, got "openai/gpt-4o" in both']
  ])('refuses reviewer_models %j, naming the input and the value', (value, expected) => {
    expect(problemsOf({ reviewer_models: value })).toEqual([expected])
  })
})
