import {
  ancestorDirectories,
  MAX_INSTRUCTIONS_FILES,
  MAX_RULE_FILES,
  ruleFileCandidates
} from '../../../src/core/path-rules/rule-files.js'

describe('ancestorDirectories', () => {
  it('lists the root, then each directory down to the file', () => {
    expect(ancestorDirectories('src/api/user.ts')).toEqual(['', 'src', 'src/api'])
    expect(ancestorDirectories('README.md')).toEqual([''])
  })
})

describe('ruleFileCandidates', () => {
  it('reads both names in every ancestor once, the repository-wide files first', () => {
    const { paths, leftOut } = ruleFileCandidates(
      ['src/api/user.ts', 'src/api/order.ts', 'src/db/pool.ts', 'README.md'],
      []
    )
    expect(paths).toEqual([
      'AGENTS.md',
      'CLAUDE.md',
      '.github/copilot-instructions.md',
      'src/AGENTS.md',
      'src/CLAUDE.md',
      'src/api/AGENTS.md',
      'src/api/CLAUDE.md',
      'src/db/AGENTS.md',
      'src/db/CLAUDE.md'
    ])
    expect(leftOut).toEqual([])
  })

  it('takes from the listing only instructions files, in path order', () => {
    const { paths } = ruleFileCandidates(
      ['a.ts'],
      [
        '.github/instructions/ts.instructions.md',
        '.github/instructions/README.md',
        '.github/instructions/api/db.instructions.md',
        '.github/instructions/../workflows/x.instructions.md',
        '.github/instructions/.instructions.md',
        'docs/other.instructions.md',
        '.github/instructions/ts.instructions.md'
      ]
    )
    expect(paths).toEqual([
      'AGENTS.md',
      'CLAUDE.md',
      '.github/copilot-instructions.md',
      '.github/instructions/api/db.instructions.md',
      '.github/instructions/ts.instructions.md'
    ])
  })

  it('skips changed paths that are not plain repository paths', () => {
    const { paths } = ruleFileCandidates(['../etc/passwd', 'a//b.ts', './x/y.ts'], [])
    expect(paths).toEqual(['AGENTS.md', 'CLAUDE.md', '.github/copilot-instructions.md'])
  })

  it('bounds the reads, cutting the directories governing the fewest changed files', () => {
    // A deep directory with five changed files, and 60 shallower ones with one each.
    const files = [
      ...Array.from({ length: 5 }, (_, i) => `wide/inner/f${i}.ts`),
      ...Array.from({ length: 60 }, (_, i) => `pkg/m${String(i).padStart(2, '0')}/index.ts`)
    ]
    const { paths, leftOut } = ruleFileCandidates(files, [])
    expect(paths).toHaveLength(MAX_RULE_FILES)
    expect(paths.slice(3, 9)).toEqual([
      'pkg/AGENTS.md',
      'pkg/CLAUDE.md',
      'wide/AGENTS.md',
      'wide/CLAUDE.md',
      'wide/inner/AGENTS.md',
      'wide/inner/CLAUDE.md'
    ])
    expect(paths).toContain('pkg/m00/AGENTS.md')
    expect(leftOut).toContain('pkg/m59/CLAUDE.md')
    expect(paths.length + leftOut.length).toBe(3 + 2 * (3 + 60))
  })

  it('reads at most MAX_INSTRUCTIONS_FILES instructions files and names the rest', () => {
    const listing = Array.from(
      { length: MAX_INSTRUCTIONS_FILES + 2 },
      (_, i) => `.github/instructions/r${String(i).padStart(2, '0')}.instructions.md`
    )
    const { paths, leftOut } = ruleFileCandidates(['src/a.ts'], listing)
    expect(paths.filter((path) => path.endsWith('.instructions.md'))).toHaveLength(
      MAX_INSTRUCTIONS_FILES
    )
    expect(leftOut).toEqual(listing.slice(MAX_INSTRUCTIONS_FILES))
    expect(paths.slice(-2)).toEqual(['src/AGENTS.md', 'src/CLAUDE.md'])
  })
})
