/**
 * The command ships with the package: package.json's bin names the file the
 * package script builds from src/cli/cli-entry.ts, and that entry starts with a
 * shebang (ncc keeps it), so npx and an installed bin can run it.
 */
import { readFile } from 'node:fs/promises'

const read = (path: string) => readFile(new URL(`../../${path}`, import.meta.url), 'utf8')

it('bin points at the bundle the package script builds, whose entry has a shebang', async () => {
  const pkg = JSON.parse(await read('package.json'))
  expect(pkg.bin).toEqual({ 'review-my-code-bot': 'dist/cli/index.js' })
  expect(pkg.scripts.package).toContain(
    'ncc build src/cli/cli-entry.ts -o dist/cli --source-map --license licenses.txt'
  )
  expect((await read('src/cli/cli-entry.ts')).startsWith('#!/usr/bin/env node\n')).toBe(true)
})
