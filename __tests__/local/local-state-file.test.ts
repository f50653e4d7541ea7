/**
 * The state file: one per branch under the git common dir, written
 * atomically, and a corrupt one backed up byte for byte and reported, never
 * silently dropped.
 */
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  emptyState,
  loadState,
  saveState,
  statePathFor,
  type LocalState
} from '../../src/local/local-state-file.js'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-state-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const AT = new Date('2026-03-04T05:06:07.089Z')

function sampleState(): LocalState {
  const state = emptyState('github-actions[bot]')
  state.lastId = 3
  state.issueComments.push({
    id: 3,
    nodeId: 'LC_3',
    author: { login: 'github-actions[bot]', isBot: true },
    body: 'summary',
    createdAt: AT.toISOString()
  })
  return state
}

it('names one file per branch under <common dir>/review-my-code-bot, distinct for look-alike branch names', () => {
  const paths = ['feat/x', 'feat_x', 'feat%2Fx', 'main'].map((b) => statePathFor('/repo/.git', b))
  expect(paths[3]).toBe('/repo/.git/review-my-code-bot/main.json')
  expect(new Set(paths).size).toBe(4)
  for (const path of paths) expect(path.startsWith('/repo/.git/review-my-code-bot/')).toBe(true)
  expect(paths[0]).not.toContain('feat/x')
})

it('saves and loads the state; no file means no state', async () => {
  const path = statePathFor(dir, 'feature')
  expect(await loadState(path)).toEqual({ state: undefined, warnings: [] })
  await saveState(path, sampleState())
  expect(await loadState(path)).toEqual({ state: sampleState(), warnings: [] })
})

it('writes atomically: the old file stays whole when a write fails, and no temp file is left behind', async () => {
  const path = statePathFor(dir, 'feature')
  await saveState(path, sampleState())
  const before = await readFile(path, 'utf8')
  const broken = { ...sampleState(), lastId: -1 }
  await expect(saveState(path, broken)).rejects.toThrow(`could not write the state file ${path}`)
  expect(await readFile(path, 'utf8')).toBe(before)
  expect(await readdir(join(dir, 'review-my-code-bot'))).toEqual(['feature.json'])
})

it.each([
  ['not JSON', '{"version": 1, "threads": ['],
  ['JSON of the wrong shape', JSON.stringify({ version: 1, botLogin: '', threads: 'none' })]
])(
  'a corrupt state file (%s) is kept as a backup with its bytes, reported, and read as no state',
  async (_kind, text) => {
    const path = statePathFor(dir, 'feature')
    await mkdir(join(dir, 'review-my-code-bot'), { recursive: true })
    await writeFile(path, text)
    const loaded = await loadState(path, () => AT)
    const backup = `${path}.corrupt-${AT.toISOString()}`
    expect(loaded.state).toBeUndefined()
    expect(loaded.warnings).toHaveLength(1)
    expect(loaded.warnings[0]).toContain(path)
    expect(loaded.warnings[0]).toContain(`kept as ${backup}`)
    expect(await readFile(backup, 'utf8')).toBe(text)
    expect(await readdir(join(dir, 'review-my-code-bot'))).toEqual([
      `feature.json.corrupt-${AT.toISOString()}`
    ])
  }
)

it('names the field that makes a state file invalid', async () => {
  const path = statePathFor(dir, 'feature')
  await mkdir(join(dir, 'review-my-code-bot'), { recursive: true })
  await writeFile(path, JSON.stringify({ ...sampleState(), lastId: 'three' }))
  const loaded = await loadState(path, () => AT)
  expect(loaded.warnings[0]).toContain('lastId: expected number; received "three"')
})
