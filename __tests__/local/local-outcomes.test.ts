/**
 * Local mode's outcomes: a branch's settled findings counted once into its
 * state file (a dismissed finding as dismissed), and every branch's read
 * back for `stats` without touching a file it cannot read.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import { dismiss, openFindings } from '../../src/local/local-findings.js'
import { countLocalOutcomes, readLocalOutcomes } from '../../src/local/local-outcomes.js'
import {
  emptyState,
  loadState,
  saveState,
  statePathFor,
  STATE_DIR,
  StateStore,
  type LocalState
} from '../../src/local/local-state-file.js'

const BOT = 'github-actions[bot]'
const AT = '2026-01-02T03:04:05.000Z'
let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-outcomes-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function comment(id: number, login: string, body: string, line: number) {
  return {
    id,
    nodeId: `LC_${id}`,
    author: { login, isBot: login === BOT },
    body,
    createdAt: AT,
    path: 'src/a.ts',
    line,
    originalLine: line
  }
}

/** A bot finding on `line`; `fixed`: the bot resolved it as fixed. */
function withFinding(
  state: LocalState,
  rootId: number,
  line: number,
  score: number,
  fixed = false
) {
  const root = formatBotComment(`Finding ${rootId}. Details.`, {
    kind: 'finding',
    finding: `Finding ${rootId}`,
    assessment: 'Because.',
    score,
    category: 'Correctness',
    id: `F${rootId}`
  })
  const resolved = formatBotComment('✅ **Issue Resolved**\n\nFixed in the head.', {
    kind: 'resolution',
    status: 'RESOLVED'
  })
  state.threads.push({
    id: `LT_${rootId}`,
    isResolved: fixed,
    resolvedBy: fixed ? BOT : null,
    isOutdated: false,
    path: 'src/a.ts',
    line,
    originalLine: line,
    comments: [
      comment(rootId, BOT, root, line),
      ...(fixed ? [comment(rootId + 1, BOT, resolved, line)] : [])
    ]
  })
  state.lastId = Math.max(state.lastId, rootId + 1)
}

it('counts fixed and dismissed findings once each; an open one not at all', async () => {
  const state = emptyState(BOT)
  withFinding(state, 1, 10, 4)
  withFinding(state, 3, 20, 8, true)
  withFinding(state, 5, 30, 6)
  const path = join(dir, 'state.json')
  const store = new StateStore(path, state)
  const [, toDismiss] = openFindings(state).sort((a, b) => b.score - a.score)
  await dismiss(store, {
    id: toDismiss!.id,
    reason: 'Not an issue here.',
    developer: 'dana',
    now: new Date(AT)
  })
  expect(countLocalOutcomes(state, new Date('2026-02-01T00:00:00.000Z'))).toBe(2)
  const outcomes = state.outcomes.map((e) => [e.thread, e.outcome, e.category, e.band])
  expect(outcomes).toEqual(
    expect.arrayContaining([
      ['LT_3', 'fixed', 'correctness', '7-8'],
      ['LT_1', 'dismissed', 'correctness', '1-4']
    ])
  )
  expect(outcomes).toHaveLength(2)
  const first = [...state.outcomes]
  expect(countLocalOutcomes(state, new Date('2026-03-01T00:00:00.000Z'))).toBe(0)
  expect(state.outcomes).toEqual(first)
  await saveState(path, state)
  expect((await loadState(path)).state?.outcomes).toEqual(first)
})

it('reads every branch’s outcomes; a file it cannot read is named and left alone', async () => {
  const entry = { thread: 'LT_1', outcome: 'fixed', category: 'style', band: '5-6', settled_at: AT }
  const one = { ...emptyState(BOT), outcomes: [entry as LocalState['outcomes'][number]] }
  const two = {
    ...emptyState(BOT),
    outcomes: [{ ...one.outcomes[0]!, outcome: 'dismissed' as const }]
  }
  await saveState(statePathFor(dir, 'feat/one'), one)
  await saveState(statePathFor(dir, 'main'), two)
  const broken = join(dir, STATE_DIR, 'broken.json')
  await writeFile(broken, '{ nope')
  const read = await readLocalOutcomes(dir)
  expect(read.branches).toBe(2)
  expect(read.blocks.map((b) => b.entries.map((e) => e.outcome))).toEqual([
    ['fixed'],
    ['dismissed']
  ])
  expect(new Set(read.blocks.map((b) => b.pr)).size).toBe(2)
  expect(read.warnings).toEqual([expect.stringContaining(broken)])
  expect((await readdir(join(dir, STATE_DIR))).sort()).toEqual([
    'broken.json',
    'feat%2Fone.json',
    'main.json'
  ])
})

it('a repository without local state has no outcomes', async () => {
  expect(await readLocalOutcomes(dir)).toEqual({ blocks: [], branches: 0, warnings: [] })
})
