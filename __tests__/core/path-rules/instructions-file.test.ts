import {
  MAX_FRONT_MATTER_CHARS,
  parseInstructionsFile
} from '../../../src/core/path-rules/instructions-file.js'

const PATH = '.github/instructions/api.instructions.md'

const ruleOf = (text: string) => {
  const parsed = parseInstructionsFile(PATH, text)
  if (parsed.kind !== 'rule') throw new Error(`expected a rule, got: ${parsed.reason}`)
  return parsed.rule
}

const reasonOf = (text: string) => {
  const parsed = parseInstructionsFile(PATH, text)
  if (parsed.kind !== 'skipped') throw new Error('expected the file to be skipped')
  return parsed.reason
}

describe('parseInstructionsFile', () => {
  it('reads applyTo as a comma-separated glob list and the body after the front matter', () => {
    expect(
      ruleOf('---\napplyTo: "src/api/**/*.ts, **/*.sql"\ndescription: API\n---\n# API\nUse DTOs.\n')
    ).toEqual({ applyTo: ['src/api/**/*.ts', '**/*.sql'], body: '# API\nUse DTOs.' })
  })

  it('takes a YAML list of globs and CRLF line ends', () => {
    expect(ruleOf('---\r\napplyTo:\r\n  - "*.ts"\r\n---\r\nTyped.\r\n')).toEqual({
      applyTo: ['*.ts'],
      body: 'Typed.'
    })
  })

  it.each([
    ['no front matter', 'Always test.\n'],
    ['front matter without applyTo', '---\ndescription: all\n---\nAlways test.'],
    ['applyTo "**"', '---\napplyTo: "**"\n---\nAlways test.'],
    ['applyTo "**/*" among others', '---\napplyTo: "src/**, **/*"\n---\nAlways test.']
  ])('%s governs every file', (_, text) => {
    expect(ruleOf(text)).toEqual({ applyTo: undefined, body: 'Always test.' })
  })

  it.each([
    [
      'front matter never closed',
      '---\napplyTo: "*.ts"\nUse DTOs.',
      'front matter opened with "---" is never closed'
    ],
    ['invalid YAML', '---\napplyTo: [unclosed\n---\nx', 'front matter is not valid YAML: '],
    [
      'a list as front matter',
      '---\n- a\n---\nx',
      'front matter must be a mapping (e.g. applyTo: "src/**/*.ts"), got ["a"]'
    ],
    [
      'applyTo a number',
      '---\napplyTo: 3\n---\nx',
      'applyTo must be a comma-separated list of path globs, got 3'
    ],
    [
      'an absolute glob',
      '---\napplyTo: "/src/**"\n---\nx',
      'applyTo glob "/src/**" must be relative to the repository root (no leading "/")'
    ],
    [
      'a broken glob',
      '---\napplyTo: "src/[a"\n---\nx',
      'applyTo glob "src/[a" is not a valid glob'
    ],
    ['only commas', '---\napplyTo: " , "\n---\nx', 'applyTo names no glob'],
    [
      'excludeAgent code-review',
      '---\napplyTo: "**"\nexcludeAgent: "code-review"\n---\nx',
      'excludeAgent keeps it away from code review'
    ],
    ['no body', '---\napplyTo: "*.ts"\n---\n\n  \n', 'no instructions after the front matter']
  ])('%s: skipped with a reason naming the file', (_, text, problem) => {
    const reason = reasonOf(text)
    expect(reason.startsWith(`${PATH} skipped: `)).toBe(true)
    expect(reason).toContain(problem)
  })

  it('front matter longer than MAX_FRONT_MATTER_CHARS is skipped unread', () => {
    const long = `---\ndescription: "${'x'.repeat(MAX_FRONT_MATTER_CHARS)}"\n---\nx`
    expect(reasonOf(long)).toContain(
      `front matter must be at most ${MAX_FRONT_MATTER_CHARS} characters`
    )
  })

  it('excludeAgent for the coding agent only keeps the file for review', () => {
    expect(
      ruleOf('---\napplyTo: "*.ts"\nexcludeAgent: "coding-agent"\n---\nTyped.').applyTo
    ).toEqual(['*.ts'])
  })

  it('an alias bomb in the front matter is skipped, not expanded', () => {
    const bomb = [
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      ...Array.from({ length: 8 }, (_, i) => {
        const prev = i === 0 ? 'a' : `l${i - 1}`
        return `l${i}: &l${i} [*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev}]`
      })
    ].join('\n')
    expect(reasonOf(`---\n${bomb}\n---\nx`)).toContain('front matter is not valid YAML')
  })
})
