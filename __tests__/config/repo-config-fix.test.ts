// The repository config's `fix` mapping: the verification commands fix mode
// runs in the fixed copy, and the time limit of each.
import { parseRepoConfig, RepoConfigError } from '../../src/config/repo-config.js'

const problemsOf = (text: string): readonly string[] => {
  try {
    parseRepoConfig(text)
  } catch (error) {
    if (error instanceof RepoConfigError) return error.problems
    throw error
  }
  throw new Error('expected the file to be refused')
}

const VERIFY_EXPECTED =
  '.github/review-my-code-bot.yml: fix.verify must be a list of 1 to 10 commands, each a non-empty string of at most 500 characters (e.g. ["npm ci", "npm run build", "npm test"]), got '

describe('parseRepoConfig: fix', () => {
  it('reads the commands in order and the time limit', () => {
    const text = [
      'fix:',
      '  verify:',
      '    - npm ci',
      '    - "  npm run lint  "',
      '    - npm run build',
      '  timeout_minutes: 25'
    ].join('\n')
    expect(parseRepoConfig(text)).toEqual({
      fix: { verify: ['npm ci', 'npm run lint', 'npm run build'], timeoutMinutes: 25 }
    })
  })

  it('each command gets 10 minutes when timeout_minutes is not set', () => {
    expect(parseRepoConfig('fix:\n  verify: [npm test]')).toEqual({
      fix: { verify: ['npm test'], timeoutMinutes: 10 }
    })
  })

  it('takes 10 commands of 500 characters, and a time limit from 1 to 60', () => {
    const ten = JSON.stringify(Array.from({ length: 10 }, () => 'x'.repeat(500)))
    expect(
      parseRepoConfig(`fix: { verify: ${ten}, timeout_minutes: 60 }`).fix?.verify
    ).toHaveLength(10)
    expect(parseRepoConfig('fix: { verify: [make], timeout_minutes: 1 }').fix?.timeoutMinutes).toBe(
      1
    )
  })

  it('refuses fix that is not a mapping', () => {
    expect(problemsOf('fix: npm test')).toEqual([
      '.github/review-my-code-bot.yml: fix must be a mapping of verify (a list of commands) and timeout_minutes, got "npm test"'
    ])
    expect(problemsOf('fix:')[0]).toMatch(/: fix must be a mapping .*, got null$/)
  })

  it.each([
    ['fix: { verify: npm test }', '"npm test"'],
    ['fix: { verify: [] }', '[]'],
    ['fix: { verify: [npm ci, "  "] }', '["npm ci","  "]'],
    ['fix: { verify: [npm ci, 3] }', '["npm ci",3]'],
    [
      'fix: { verify: [a, b, c, d, e, f, g, h, i, j, k] }',
      '["a","b","c","d","e","f","g","h","i","j","k"]'
    ],
    ['fix: { timeout_minutes: 5 }', 'nothing']
  ])('refuses %s, naming what it got', (text, got) => {
    expect(problemsOf(text)).toEqual([`${VERIFY_EXPECTED}${got}`])
  })

  it('refuses a command longer than 500 characters', () => {
    expect(problemsOf(`fix: { verify: [${'y'.repeat(501)}] }`)[0]).toContain(VERIFY_EXPECTED)
  })

  it.each([
    ['0', '0'],
    ['61', '61'],
    ['2.5', '2.5'],
    ['"10"', '"10"']
  ])('refuses timeout_minutes %s', (value, got) => {
    expect(problemsOf(`fix: { verify: [make], timeout_minutes: ${value} }`)).toEqual([
      `.github/review-my-code-bot.yml: fix.timeout_minutes must be an integer from 1 to 60, got ${got}`
    ])
  })

  it('refuses an unknown key inside fix, naming it, and still checks the others', () => {
    expect(problemsOf('fix: { verfy: [npm test], timeout_minutes: 0 }')).toEqual([
      '.github/review-my-code-bot.yml: unknown key "fix.verfy" (expected only fix.verify, fix.timeout_minutes)',
      `${VERIFY_EXPECTED}nothing`,
      '.github/review-my-code-bot.yml: fix.timeout_minutes must be an integer from 1 to 60, got 0'
    ])
  })
})
