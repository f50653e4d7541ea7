// The project's ESLint config reports file-level import cycles in src/, also
// cycles made only of `import type`. The probe files live in a temporary
// hidden folder inside src/core/names/ for the length of this file's tests:
// tsc and the folder-map tests pass over hidden folders.
import { ESLint, type Linter } from 'eslint'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const REPO = fileURLToPath(new URL('../../', import.meta.url))
const eslint = new ESLint({ cwd: REPO })
let dir = ''
/** Import-cycle messages of each probe file, by file name. */
let messages = new Map<string, Linter.LintMessage[]>()

beforeAll(async () => {
  dir = mkdtempSync(join(REPO, 'src', 'core', 'names', '.lint-cycle-'))
  const files: Record<string, string> = {
    // a.ts ⇄ b.ts through values
    'a.ts': "import { b } from './b.js'\nexport const a = (): number => b() + 1\n",
    'b.ts': "import { a } from './a.js'\nexport const b = (): number => a() - 1\n",
    // c.ts → d.ts → e.ts → c.ts through types only
    'c.ts': "import type { D } from './d.js'\nexport interface C {\n  d?: D\n}\n",
    'd.ts': "import type { E } from './e.js'\nexport type D = E[]\n",
    'e.ts': "import { type C } from './c.js'\nexport type E = C | null\n",
    // f.ts and g.ts both import h.ts: a diamond, no cycle
    'f.ts': "import { h } from './h.js'\nimport { g } from './g.js'\nexport const f = h + g\n",
    'g.ts': "import { h } from './h.js'\nexport const g = h * 2\n",
    'h.ts': 'export const h = 1\n'
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  messages = await cycleMessages()
})

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true })
})

async function cycleMessages(): Promise<Map<string, Linter.LintMessage[]>> {
  const results = await eslint.lintFiles([dir])
  return new Map(
    results.map((result) => [
      basename(result.filePath),
      result.messages.filter((message) => message.ruleId === 'floor-plan/no-import-cycle')
    ])
  )
}

describe('floor-plan/no-import-cycle', () => {
  it('reports two files importing each other, on both sides', async () => {
    expect(messages.get('a.ts')?.map((message) => message.line)).toEqual([1])
    expect(messages.get('b.ts')?.map((message) => message.line)).toEqual([1])
    expect(messages.get('a.ts')?.[0]?.message).toMatch(/a\.ts → .*b\.ts → .*a\.ts/)
  })

  it('reports a cycle made only of type imports, naming every file on it', async () => {
    for (const name of ['c.ts', 'd.ts', 'e.ts']) expect(messages.get(name)).toHaveLength(1)
    expect(messages.get('c.ts')?.[0]?.message).toMatch(/c\.ts → .*d\.ts → .*e\.ts → .*c\.ts/)
  })

  it('accepts a file imported from two sides without a cycle', async () => {
    for (const name of ['f.ts', 'g.ts', 'h.ts']) expect(messages.get(name)).toEqual([])
  })
})
