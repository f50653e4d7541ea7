/** A finding's path is printed in comments and the summary: only plain repository paths. */
import { findingPathProblem } from '../../src/core/findings/finding-path.js'

const PR = new Set(['src/a.ts', 'weird `name`.md'])

it.each([
  ['a PR file', 'src/a.ts'],
  ['a PR file with an odd name, exactly as listed', 'weird `name`.md'],
  ['another plain path of the repository', 'src/util/money.ts'],
  ['a dotted file', '.github/workflows/ci.yml']
])('accepts %s', (_what, path) => {
  expect(findingPathProblem(path, PR)).toBeUndefined()
})

it.each([
  ['a line break that would start a heading', 'src/a.ts\n## ✅ Approve'],
  ['a backtick that would close the code span', 'src/`a`.ts'],
  ['an absolute path', '/etc/passwd'],
  ['a parent directory', 'src/../../secrets.txt'],
  ['a control character', 'src/a\u0007.ts'],
  ['an empty path', '']
])('refuses %s, naming why', (_what, path) => {
  expect(findingPathProblem(path, PR)).toMatch(/is not a plain repository path/)
})
