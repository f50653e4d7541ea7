import { parseConfig } from '../../src/config/action-config.js'
import { effectiveConfig } from '../../src/config/effective-config.js'
import { globProblem, ignoreMatcher } from '../../src/config/ignore-globs.js'
import {
  MAX_INSTRUCTIONS_CHARS,
  parseRepoConfig,
  RepoConfigError
} from '../../src/config/repo-config.js'

const problemsOf = (text: string): readonly string[] => {
  try {
    parseRepoConfig(text)
  } catch (error) {
    if (error instanceof RepoConfigError) return error.problems
    throw error
  }
  throw new Error('expected the file to be refused')
}

const inputs = (given: Record<string, string> = {}) => {
  const all: Record<string, string> = { github_token: 't', model: 'a/b', ...given }
  return parseConfig((name) => all[name] ?? '')
}

describe('parseRepoConfig', () => {
  it('reads every key', () => {
    const text = [
      'ignore:',
      '  - "docs/**"',
      '  - "*.snap"',
      'problem_score_threshold: 7',
      'max_comments: 0',
      'instructions: |',
      '  Every handler checks the tenant id.',
      'discovery_hints:',
      '  - Money rounding in invoices',
      '  - "  Tenant isolation  "'
    ].join('\n')
    expect(parseRepoConfig(text)).toEqual({
      ignore: ['docs/**', '*.snap'],
      problemScoreThreshold: 7,
      maxComments: 0,
      instructions: 'Every handler checks the tenant id.\n',
      discoveryHints: ['Money rounding in invoices', 'Tenant isolation']
    })
  })

  it('an empty file, or one of comments only, sets nothing', () => {
    expect(parseRepoConfig('')).toEqual({})
    expect(parseRepoConfig('# nothing yet\n')).toEqual({})
  })

  it('names the key, the value and the range of a bad number', () => {
    expect(problemsOf('max_comments: lots')).toEqual([
      '.github/review-my-code-bot.yml: max_comments must be an integer from 0 to 100, got "lots"'
    ])
    expect(problemsOf('problem_score_threshold: 11\nmax_comments: 2.5')).toEqual([
      '.github/review-my-code-bot.yml: problem_score_threshold must be an integer from 1 to 10, got 11',
      '.github/review-my-code-bot.yml: max_comments must be an integer from 0 to 100, got 2.5'
    ])
    // A quoted number is a string in YAML: refused, not guessed.
    expect(problemsOf('problem_score_threshold: "7"')[0]).toContain('got "7"')
  })

  it('refuses an unknown key, naming it and the keys it knows', () => {
    expect(problemsOf('max_comment: 3')).toEqual([
      '.github/review-my-code-bot.yml: unknown key "max_comment" (expected only ignore, problem_score_threshold, max_comments, instructions, path_instructions, discovery_hints, fix)'
    ])
  })

  it('refuses ignore that is not a list of usable globs, naming the entry', () => {
    expect(problemsOf('ignore: docs/**')[0]).toMatch(
      /: ignore must be a list of at most 200 path globs .*, got "docs\/\*\*"$/
    )
    expect(problemsOf('ignore: ["/dist/**", 3, "src/[a"]')).toEqual([
      '.github/review-my-code-bot.yml: ignore[0] must be relative to the repository root (no leading "/"), got "/dist/**"',
      '.github/review-my-code-bot.yml: ignore[1] must be a string, got 3',
      expect.stringMatching(/: ignore\[2\] is not a valid glob \(.*\), got "src\/\[a"$/)
    ])
  })

  it('refuses instructions that are not text or too long', () => {
    expect(problemsOf('instructions: [a, b]')).toEqual([
      '.github/review-my-code-bot.yml: instructions must be a string of review rules, got ["a","b"]'
    ])
    const long = 'x'.repeat(MAX_INSTRUCTIONS_CHARS + 1)
    expect(problemsOf(`instructions: ${long}`)).toEqual([
      `.github/review-my-code-bot.yml: instructions must be at most 4000 characters, got 4001`
    ])
  })

  it('refuses discovery_hints that are not 1-5 short non-empty strings', () => {
    const expected = (got: string) =>
      `.github/review-my-code-bot.yml: discovery_hints must be a list of 1 to 5 non-empty strings of at most 300 characters (one focus per discovery run), got ${got}`
    expect(problemsOf('discovery_hints: races')).toEqual([expected('"races"')])
    expect(problemsOf('discovery_hints: []')).toEqual([expected('[]')])
    expect(problemsOf('discovery_hints: [a, "", c]')).toEqual([expected('["a","","c"]')])
    expect(problemsOf('discovery_hints: [a, b, c, d, e, f]')).toEqual([
      expected('["a","b","c","d","e","f"]')
    ])
    expect(problemsOf(`discovery_hints: [${'x'.repeat(301)}]`)[0]).toContain('at most 300')
  })

  it('refuses a file that is not YAML or not a mapping', () => {
    expect(problemsOf('max_comments: [1')[0]).toMatch(
      /^\.github\/review-my-code-bot\.yml is not valid YAML: /
    )
    expect(problemsOf('- ignore')).toEqual([
      '.github/review-my-code-bot.yml must be a mapping of settings (ignore, problem_score_threshold, max_comments, instructions, path_instructions, discovery_hints, fix), got ["ignore"]'
    ])
    expect(problemsOf('max_comments: 1\nmax_comments: 2')[0]).toContain('not valid YAML')
  })
})

describe('effectiveConfig', () => {
  it('the file sets what the workflow left unset; built-in defaults otherwise', () => {
    const config = inputs()
    expect(config.explicit).toEqual({ problemScoreThreshold: false, maxComments: false })
    expect([config.problemScoreThreshold, config.maxComments]).toEqual([5, 25])
    const merged = effectiveConfig(config, {
      problemScoreThreshold: 8,
      maxComments: 3,
      ignore: ['docs/**'],
      instructions: 'Use the repository layer.'
    })
    expect(merged.overridden).toEqual([])
    expect(merged.config).toMatchObject({
      problemScoreThreshold: 8,
      maxComments: 3,
      ignorePaths: ['docs/**'],
      reviewInstructions: 'Use the repository layer.'
    })
  })

  it('an input set explicitly wins, even when it equals the default', () => {
    const config = inputs({ problem_score_threshold: '5', max_comments: '10' })
    expect(config.explicit).toEqual({ problemScoreThreshold: true, maxComments: true })
    const merged = effectiveConfig(config, { problemScoreThreshold: 9, maxComments: 1 })
    expect(merged.config.problemScoreThreshold).toBe(5)
    expect(merged.config.maxComments).toBe(10)
    expect(merged.overridden).toEqual(['problem_score_threshold', 'max_comments'])
  })

  it('without a file the inputs stand as they are', () => {
    const config = inputs({ max_comments: '4' })
    expect(effectiveConfig(config, undefined)).toEqual({ config, overridden: [] })
    expect(effectiveConfig(config, {}).config).toEqual(config)
  })
})

describe('ignore globs', () => {
  const ignored = ignoreMatcher(['docs/**', '*.snap', '.github/**', 'src/gen/*.ts'])

  it.each([
    ['docs/guide/intro.md', 'docs/**'],
    ['web/__snapshots__/App.test.tsx.snap', '*.snap'],
    ['.github/workflows/ci.yml', '.github/**'],
    ['src/gen/api.ts', 'src/gen/*.ts']
  ])('%s is ignored by %s', (path, glob) => {
    expect(ignored(path)).toBe(glob)
  })

  it.each(['src/docs/intro.md', 'lib/src/gen/api.ts', 'src/gen/deep/api.ts', 'src/a.ts'])(
    '%s is not ignored (a glob with a slash is anchored at the root)',
    (path) => {
      expect(ignored(path)).toBeUndefined()
    }
  )

  it('an empty glob is refused', () => {
    expect(globProblem('  ')).toBe('must not be empty')
  })
})
