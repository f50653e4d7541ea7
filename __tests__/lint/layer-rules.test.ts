// The project's own ESLint config (eslint.config.mjs + eslint/layers.mjs) run
// through ESLint's Node API on probe sources placed inside src/: forbidden
// imports are reported, allowed ones are not.
import { ESLint, type Linter } from 'eslint'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join, relative } from 'node:path'

const REPO = fileURLToPath(new URL('../../', import.meta.url))
const eslint = new ESLint({ cwd: REPO })

/** A real source file of `dir` (under src/), as the `.js` specifier imports name it. */
function someModule(dir: string): string {
  const file = readdirSync(join(REPO, 'src', dir)).find((name) => name.endsWith('.ts'))
  if (file === undefined) throw new Error(`no .ts file in src/${dir}`)
  return file.replace(/\.ts$/, '.js')
}

/** The messages ESLint reports for `text` saved as `path` (not written to disk). */
async function lint(path: string, text: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(text, { filePath: join(REPO, path) })
  if (result === undefined) throw new Error(`no lint result for ${path}`)
  return result.messages
}

function rulesOf(messages: Linter.LintMessage[]): (string | null)[] {
  return messages.map((message) => message.ruleId)
}

describe('layer boundaries', () => {
  it('reports core/ importing review/', async () => {
    const messages = await lint(
      'src/core/names/probe.ts',
      `export * from '../../review/run/${someModule('review/run')}'\n`
    )
    expect(rulesOf(messages)).toEqual(['import-x/no-restricted-paths'])
    expect(messages[0]?.message).toContain('src/core/names/ may import from src/ only')
  })

  it('reports an upward import between core/ folders and between review/ folders', async () => {
    const core = await lint(
      'src/core/findings/probe.ts',
      `export * from '../summary/${someModule('core/summary')}'\n`
    )
    const review = await lint(
      'src/review/scope/probe.ts',
      `export * from '../run/${someModule('review/run')}'\n`
    )
    expect(rulesOf(core)).toEqual(['import-x/no-restricted-paths'])
    expect(rulesOf(review)).toEqual(['import-x/no-restricted-paths'])
  })

  it('reports github/ importing opencode/, a type-only import included', async () => {
    const messages = await lint(
      'src/github/probe.ts',
      `import type { Anything } from '../opencode/${someModule('opencode')}'\nexport type { Anything }\n`
    )
    expect(rulesOf(messages)).toEqual(['import-x/no-restricted-paths'])
  })

  it('reports a type-only import of a fenced package outside its folder', async () => {
    const sdk = await lint(
      'src/review/run/probe.ts',
      "import type { OpencodeClient } from '@opencode-ai/sdk/v2/client'\nexport type { OpencodeClient }\n"
    )
    const octokit = await lint(
      'src/opencode/probe.ts',
      "import type { Octokit } from '@octokit/core'\nexport type { Octokit }\n"
    )
    expect(rulesOf(sdk)).toEqual(['@typescript-eslint/no-restricted-imports'])
    expect(rulesOf(octokit)).toEqual(['@typescript-eslint/no-restricted-imports'])
  })

  it('reports Node I/O modules and the process global in core/', async () => {
    const messages = await lint(
      'src/core/names/probe.ts',
      "import { readFileSync } from 'node:fs'\nexport const home = process.env.HOME ?? readFileSync('x')\n"
    )
    expect(rulesOf(messages)).toEqual(['import-x/no-nodejs-modules', 'no-restricted-globals'])
  })

  it('keeps local/ out of bridge/ (it reaches the tool server through opencode/)', async () => {
    const messages = await lint(
      'src/local/probe.ts',
      "export * from '../bridge/invalid-arguments.js'\nexport * from '../bridge/tools.js'\n"
    )
    expect(messages.map((message) => [message.ruleId, message.line])).toEqual([
      ['import-x/no-restricted-paths', 1],
      ['import-x/no-restricted-paths', 2]
    ])
  })

  it('accepts imports the table allows', async () => {
    const run = await lint(
      'src/review/run/probe.ts',
      [
        `export * from '../../core/findings/${someModule('core/findings')}'`,
        `export * from '../../ports/${someModule('ports')}'`,
        `export * from '../../trigger/${someModule('trigger')}'`,
        `export * from '../passes/${someModule('review/passes')}'`,
        "export * from 'zod'",
        ''
      ].join('\n')
    )
    const github = await lint(
      'src/github/probe.ts',
      "export { retry } from '@octokit/plugin-retry'\nexport * from '../ports/" +
        `${someModule('ports')}'\n`
    )
    expect(run).toEqual([])
    expect(github).toEqual([])
  })
})

/** Every directory under src/ but hidden ones, as 'core/findings', 'github', ... */
function sourceFolders(dir = join(REPO, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const path = join(dir, entry.name)
      return [relative(join(REPO, 'src'), path), ...sourceFolders(path)]
    })
}

describe('the layer table', () => {
  it('governs the imports of every folder under src/', async () => {
    const ungoverned: string[] = []
    for (const folder of sourceFolders()) {
      const config = await eslint.calculateConfigForFile(join(REPO, 'src', folder, 'probe.ts'))
      const [, options] = config.rules['import-x/no-restricted-paths'] ?? []
      const targets = (options?.zones ?? []).map((zone: { target: string }) => zone.target)
      const here = `src/${folder}`
      // A zone targets a folder and what lies under it, or a folder's loose files.
      const governed = targets.some(
        (target: string) =>
          here === target || here.startsWith(`${target}/`) || target === `${here}/*.ts`
      )
      if (!governed) ungoverned.push(folder)
    }
    expect(sourceFolders()).toContain('core/findings')
    expect(ungoverned).toEqual([])
  })
})
