/**
 * The CLI as one file, built from src/cli/cli-entry.ts with esbuild once per
 * test file. A child process of it starts in well under a CPU-second; one of
 * `tsx src/cli/cli-entry.ts` loads and transforms the whole src/ graph again
 * in every child (about 4 CPU-seconds each). The file is built from the
 * sources under test, never taken from dist/.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ENTRY = fileURLToPath(new URL('../../src/cli/cli-entry.ts', import.meta.url))

/** Packages bundled as CommonJS call `require`; an ES module has none of its own. */
const REQUIRE_BANNER =
  "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);"

let built: Promise<{ readonly file: string; readonly dir: string }> | undefined

async function buildOnce(): Promise<{ readonly file: string; readonly dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'rmcb-cli-'))
  const file = join(dir, 'cli.mjs')
  await build({
    entryPoints: [ENTRY],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: { js: REQUIRE_BANNER },
    logLevel: 'error'
  })
  return { file, dir }
}

/** The path of the built CLI; the first call builds it. */
export async function cliBundle(): Promise<string> {
  built ??= buildOnce()
  return (await built).file
}

/** Removes the built CLI (afterAll). */
export async function removeCliBundle(): Promise<void> {
  if (built === undefined) return
  const { dir } = await built
  built = undefined
  await rm(dir, { recursive: true, force: true })
}
