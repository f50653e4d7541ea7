// The repository config's `path_instructions`: review rules for the files a
// path glob matches, and how they reach the run's Config.
import { parseConfig } from '../../src/config/action-config.js'
import { effectiveConfig } from '../../src/config/effective-config.js'
import {
  MAX_PATH_INSTRUCTION_CHARS,
  MAX_PATH_INSTRUCTIONS
} from '../../src/config/path-instructions-key.js'
import { parseRepoConfig, RepoConfigError } from '../../src/config/repo-config.js'

const FILE = '.github/review-my-code-bot.yml'

const problemsOf = (text: string): readonly string[] => {
  try {
    parseRepoConfig(text)
  } catch (error) {
    if (error instanceof RepoConfigError) return error.problems
    throw error
  }
  throw new Error('expected the file to be refused')
}

const entries = (list: unknown[]) => `path_instructions: ${JSON.stringify(list)}`

describe('parseRepoConfig: path_instructions', () => {
  it('reads the entries in order, texts as written', () => {
    const text = [
      'path_instructions:',
      '  - path: "src/db/**"',
      '    instructions: |',
      '      Every query goes through the repository layer.',
      '  - path: "*.sql"',
      '    instructions: Migrations are reversible.'
    ].join('\n')
    expect(parseRepoConfig(text)).toEqual({
      pathInstructions: [
        { path: 'src/db/**', instructions: 'Every query goes through the repository layer.\n' },
        { path: '*.sql', instructions: 'Migrations are reversible.' }
      ]
    })
  })

  it('names the entry and its field for each problem, all at once', () => {
    expect(
      problemsOf(
        entries([
          { path: 'ok/**', instructions: 'Fine.' },
          { path: 'src/**', instructions: '  ' },
          { path: '/src/**', instructions: 'x' },
          'src/**',
          { paths: 'a/**', instructions: 'x' },
          { path: 'src/[a', instructions: 7 }
        ])
      )
    ).toEqual([
      `${FILE}: path_instructions[1].instructions: must be a non-empty string of review rules, got "  "`,
      `${FILE}: path_instructions[2].path: must be relative to the repository root (no leading "/"), got "/src/**"`,
      `${FILE}: path_instructions[3]: must be a mapping of path and instructions, got "src/**"`,
      `${FILE}: path_instructions[4]: unknown key "paths" (expected only path, instructions)`,
      `${FILE}: path_instructions[4].path: must be a path glob string, got nothing`,
      expect.stringMatching(
        /^\.github\/review-my-code-bot\.yml: path_instructions\[5\]\.path: is not a valid glob \(.*\), got "src\/\[a"$/
      ),
      `${FILE}: path_instructions[5].instructions: must be a non-empty string of review rules, got 7`
    ])
  })

  it(`takes ${MAX_PATH_INSTRUCTIONS} entries of ${MAX_PATH_INSTRUCTION_CHARS} characters, not more`, () => {
    const long = 'x'.repeat(MAX_PATH_INSTRUCTION_CHARS)
    const most = Array.from({ length: MAX_PATH_INSTRUCTIONS }, (_, i) => ({
      path: `p${i}/**`,
      instructions: i === 0 ? long : 'x'
    }))
    expect(parseRepoConfig(entries(most)).pathInstructions).toHaveLength(MAX_PATH_INSTRUCTIONS)
    expect(problemsOf(entries([...most, { path: 'q/**', instructions: 'x' }]))[0]).toMatch(
      new RegExp(
        `^${FILE}: path_instructions must be a list of at most ${MAX_PATH_INSTRUCTIONS} entries`
      )
    )
    expect(problemsOf(entries([{ path: 'a/**', instructions: `${long}x` }]))).toEqual([
      `${FILE}: path_instructions[0].instructions: must be at most ${MAX_PATH_INSTRUCTION_CHARS} characters, got ${MAX_PATH_INSTRUCTION_CHARS + 1}`
    ])
    expect(problemsOf(entries([{ path: `${'a'.repeat(301)}`, instructions: 'x' }]))[0]).toContain(
      'path_instructions[0].path: must be at most 300 characters'
    )
  })

  it('refuses a mapping in place of the list', () => {
    expect(problemsOf('path_instructions:\n  path: "src/**"\n  instructions: x')[0]).toMatch(
      /path_instructions must be a list of at most 50 entries of path and instructions .*, got \{"path":"src\/\*\*","instructions":"x"\}$/
    )
  })
})

describe('effectiveConfig: path_instructions', () => {
  const given: Record<string, string> = { github_token: 't', model: 'a/b' }
  const config = parseConfig((name) => given[name] ?? '')

  it('the run has none unless the file gives some', () => {
    expect(config.pathInstructions).toEqual([])
    const entry = { path: 'src/**', instructions: 'Layered.' }
    expect(effectiveConfig(config, { pathInstructions: [entry] }).config.pathInstructions).toEqual([
      entry
    ])
    expect(effectiveConfig(config, {}).config.pathInstructions).toEqual([])
  })
})
