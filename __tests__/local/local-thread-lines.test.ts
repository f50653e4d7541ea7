/**
 * Local threads follow the code from head to head: lines inserted above
 * move a thread, a changed line outdates it (followHead), and movedLine's
 * rule for one line across a diff's hunks.
 */
import { rm } from 'node:fs/promises'
import { followHead, movedLine, parseHunks } from '../../src/local/local-thread-lines.js'
import { loadState, StateStore } from '../../src/local/local-state-file.js'
import { commitFiles, lines, makeLocalRepo } from '../support/local-repo.js'
import { gatewayOn } from './local-gateway-fixture.js'

let dir = ''

afterEach(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true })
  dir = ''
})

it('threads follow the code: lines inserted above move a thread, a changed line outdates it', async () => {
  dir = await makeLocalRepo({ 'src/a.ts': 'one\n' })
  const head = await commitFiles(dir, { 'src/a.ts': lines('line', 10) })
  const first = await gatewayOn(dir)
  const post = (line: number) =>
    first.gateway.postLineComment(head, { path: 'src/a.ts', line, body: `at ${line}` })
  await post(3)
  await post(8)
  await first.gateway.postFileComment(head, 'src/a.ts', 'on the file')
  const moved = lines('line', 10)
    .replace('line 1\n', 'line 0\nline 0.5\nline 1\n')
    .replace('line 8\n', 'line 8 changed\n')
  await commitFiles(dir, { 'src/a.ts': moved })
  const later = await gatewayOn(dir)
  const store = new StateStore(first.store.path, first.store.state)
  await followHead(later.git.at(later.branch.toplevel), store, later.branch.headSha)
  const saved = (await loadState(store.path)).state
  expect(
    saved?.threads.map((t) => [t.comments[0]?.body, t.line, t.originalLine, t.isOutdated])
  ).toEqual([
    ['at 3', 5, 3, false],
    ['at 8', null, 8, true],
    ['on the file', null, null, false]
  ])
})

it('movedLine: insertions before shift a line, a change on it outdates it, later hunks leave it', () => {
  const hunks = parseHunks(
    ['@@ -2,0 +3,2 @@', '+x', '+y', '@@ -5,2 +7,1 @@', '-a', '-b', '+c', '@@ -9 +10 @@'].join('\n')
  )
  expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((line) => movedLine(hunks, line))).toEqual([
    1,
    2,
    5,
    6,
    null,
    null,
    8,
    9,
    null,
    11
  ])
})
