import { collectPathRules, type PathRule } from '../../../src/core/path-rules/path-rules.js'
import { rulesByFile, rulesForFile } from '../../../src/core/path-rules/rules-for-file.js'

const FILES = [
  { path: 'AGENTS.md', text: 'Root agents.' },
  { path: 'CLAUDE.md', text: 'Root claude.' },
  { path: 'src/AGENTS.md', text: 'Src agents.' },
  { path: 'src/api/CLAUDE.md', text: 'Api claude.' },
  { path: 'src/api/AGENTS.md', text: 'Api agents.' },
  { path: 'src/apiary/AGENTS.md', text: 'Apiary agents.' },
  { path: '.github/copilot-instructions.md', text: 'Copilot.' },
  { path: '.github/instructions/sql.instructions.md', text: '---\napplyTo: "*.sql"\n---\nSql.' },
  { path: '.github/instructions/all.instructions.md', text: '---\napplyTo: "**"\n---\nAll.' },
  { path: '.github/instructions/docs.instructions.md', text: '---\napplyTo: "docs/**"\n---\nDocs.' }
]

const CONFIG = [
  { path: 'src/api/**', instructions: 'Config api.' },
  { path: '*.ts', instructions: 'Config ts.' }
]

const { rules, warnings } = collectPathRules(FILES, CONFIG)
const sources = (found: readonly PathRule[]) => found.map((rule) => rule.source)

describe('collectPathRules', () => {
  it('reads every kind of rule file and the config entries', () => {
    expect(warnings).toEqual([])
    expect(rules).toHaveLength(FILES.length + CONFIG.length)
    expect(rules.find((rule) => rule.source === 'src/api/CLAUDE.md')).toEqual({
      source: 'src/api/CLAUDE.md',
      origin: 'directory-file',
      scope: { kind: 'directory', directory: 'src/api' },
      text: 'Api claude.'
    })
    expect(rules.find((rule) => rule.source === 'path_instructions[1]')).toEqual({
      source: 'path_instructions[1]',
      origin: 'path-instructions',
      scope: { kind: 'globs', globs: ['*.ts'] },
      text: 'Config ts.'
    })
  })

  it('skips unusable files and entries with a warning naming them, empty ones silently', () => {
    const collected = collectPathRules(
      [
        { path: 'src/AGENTS.md', text: '  \n' },
        { path: '.github/instructions/bad.instructions.md', text: '---\napplyTo: [\n---\nx' },
        { path: 'src/notes.md', text: 'Not a rule file.' }
      ],
      [
        { path: '/abs/**', instructions: 'x' },
        { path: 'ok/**', instructions: ' ' }
      ]
    )
    expect(collected.rules).toEqual([])
    expect(collected.warnings).toHaveLength(3)
    expect(collected.warnings[0]).toMatch(
      /^\.github\/instructions\/bad\.instructions\.md skipped: front matter is not valid YAML/
    )
    expect(collected.warnings[1]).toMatch(/^src\/notes\.md skipped: not AGENTS\.md, CLAUDE\.md/)
    expect(collected.warnings[2]).toBe(
      'path_instructions[0] skipped: path must be relative to the repository root (no leading "/")'
    )
  })
})

describe('rulesForFile', () => {
  it('orders nearest first: own directory, parents, glob rules, the root, then repository-wide', () => {
    expect(sources(rulesForFile(rules, 'src/api/user.ts'))).toEqual([
      'src/api/AGENTS.md',
      'src/api/CLAUDE.md',
      'src/AGENTS.md',
      'path_instructions[0]',
      'path_instructions[1]',
      'AGENTS.md',
      'CLAUDE.md',
      '.github/copilot-instructions.md',
      '.github/instructions/all.instructions.md'
    ])
  })

  it('a directory governs only the files below it, not a sibling sharing its prefix', () => {
    const found = sources(rulesForFile(rules, 'src/apiary/hive.py'))
    expect(found).toContain('src/apiary/AGENTS.md')
    expect(found).not.toContain('src/api/AGENTS.md')
  })

  it('a glob without a slash matches the file name anywhere; one with a slash from the root', () => {
    expect(sources(rulesForFile(rules, 'db/migrations/001.sql'))).toContain(
      '.github/instructions/sql.instructions.md'
    )
    expect(sources(rulesForFile(rules, 'docs/guide.md'))).toContain(
      '.github/instructions/docs.instructions.md'
    )
    expect(sources(rulesForFile(rules, 'site/docs/guide.md'))).not.toContain(
      '.github/instructions/docs.instructions.md'
    )
  })

  it('a root file gets only the repository-wide rules and matching globs', () => {
    expect(sources(rulesForFile(rules, 'index.ts'))).toEqual([
      'path_instructions[1]',
      'AGENTS.md',
      'CLAUDE.md',
      '.github/copilot-instructions.md',
      '.github/instructions/all.instructions.md'
    ])
  })

  it('dot files match globs too', () => {
    const dotted = collectPathRules([], [{ path: '.github/**', instructions: 'CI rules.' }])
    expect(sources(rulesForFile(dotted.rules, '.github/workflows/ci.yml'))).toEqual([
      'path_instructions[0]'
    ])
  })
})

describe('rulesByFile', () => {
  it('answers every path given, governed or not', () => {
    const onlyNested = collectPathRules([{ path: 'lib/AGENTS.md', text: 'Lib.' }], [])
    const byFile = rulesByFile(onlyNested.rules, ['lib/a.ts', 'bin/b.ts'])
    expect([...byFile.keys()]).toEqual(['lib/a.ts', 'bin/b.ts'])
    expect(sources(byFile.get('lib/a.ts') ?? [])).toEqual(['lib/AGENTS.md'])
    expect(byFile.get('bin/b.ts')).toEqual([])
  })
})
