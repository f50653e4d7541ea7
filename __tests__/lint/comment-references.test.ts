// Comments state their rules themselves. A pointer to a document the
// repository does not hold ("seed 002 §4.2", "DESIGN.md", "GITHUB-FACTS.md",
// "the design document") leaves the reader with nothing to check against.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO = fileURLToPath(new URL('../../', import.meta.url))
const THIS_FILE = fileURLToPath(import.meta.url)
const SCANNED_FOLDERS = ['src', '__tests__', 'bench', 'scripts', 'prompts', 'eslint']
const SCANNED_FILES = ['action.yml', 'README.md', 'AGENTS.md', 'eslint.config.mjs']
const TEXT_FILE = /\.(ts|mts|mjs|js|md|ya?ml|json)$/

/** Ways of pointing at the planning documents that live outside the repository. */
const OUTSIDE_REFERENCES: readonly RegExp[] = [
  /\bseeds? 0\d\d\b/i,
  /\bthe seed's\b/i,
  // An issue's numbered items and must-shows live in the tracker, not here.
  /\bissue \d+, (item|part) \d/i,
  /\bmust-show \d/i,
  /\b(DESIGN|[A-Z]+-FACTS)\.md\b/,
  /\bdesign doc(ument)?\b/i,
  /\bsee the design\b/i,
  // Section signs, except after an RFC number ("RFC 9110 §7.6.1" is public).
  /(?<!RFC \d+ )§/
]

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path)
    return TEXT_FILE.test(entry.name) && path !== THIS_FILE ? [path] : []
  })
}

function outsideReferences(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .flatMap((line, index) =>
      OUTSIDE_REFERENCES.some((pattern) => pattern.test(line))
        ? [`${relative(REPO, path)}:${index + 1}: ${line.trim()}`]
        : []
    )
}

describe('references to documents outside the repository', () => {
  const files = [
    ...SCANNED_FOLDERS.flatMap((folder) => filesUnder(join(REPO, folder))),
    ...SCANNED_FILES.map((name) => join(REPO, name))
  ]

  it('scans the sources, tests, prompts and docs', () => {
    expect(files).toContain(join(REPO, 'src', 'core', 'memory', 'rmcoc.ts'))
    expect(files).toContain(join(REPO, 'prompts', 'system.md'))
  })

  it('recognises each kind of reference', () => {
    const samples = [
      'seed 002 §4.2',
      "in the seed's order",
      'see GITHUB-FACTS.md',
      'per DESIGN.md',
      'the names of the design document',
      '§3.1 says',
      'the checkout guard (issue 10, item 9)',
      'Must-show 5 and 6 of the review'
    ]
    for (const sample of samples) {
      expect(OUTSIDE_REFERENCES.some((pattern) => pattern.test(sample))).toBe(true)
    }
    expect(OUTSIDE_REFERENCES.some((pattern) => pattern.test('(RFC 9110 §7.6.1)'))).toBe(false)
  })

  it('finds none: every comment states its rule itself', () => {
    expect(files.flatMap(outsideReferences)).toEqual([])
  })
})
