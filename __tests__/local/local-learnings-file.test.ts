/**
 * The local learnings file on disk: kept once per id, capped with the
 * oldest dropped, forgotten by id (an unknown id names the known ones), a
 * corrupt file backed up and reported, and no write while another process
 * holds its lock.
 */
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import {
  addLocalLearning,
  forgetLocalLearning,
  learningsPathFor,
  MAX_LOCAL_LEARNINGS,
  readLocalLearnings
} from '../../src/local/local-learnings.js'
import { lockState } from '../../src/local/local-lock.js'
import { learning } from '../core/team-memory/team-fixtures.js'

let dir = ''
let path = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'learnings-'))
  path = learningsPathFor(dir)
})
afterEach(async () => rm(dir, { recursive: true, force: true }))

const nth = (n: number) => learning({ id: `L-${n.toString(16).padStart(10, '0')}` })

it('lives in a folder of its own, never among the branches’ state files', () => {
  expect(path).toBe(join(dir, 'review-my-code-bot', 'team', 'learnings.json'))
})

it('a missing file is no learnings; an added one is kept once, oldest first', async () => {
  expect(await readLocalLearnings(path)).toEqual({ learnings: [], warnings: [] })
  await addLocalLearning(path, nth(1))
  await addLocalLearning(path, nth(2))
  await addLocalLearning(path, nth(1))
  expect((await readLocalLearnings(path)).learnings).toEqual([nth(1), nth(2)])
  expect(await readdir(dirname(path))).toEqual(['learnings.json'])
})

it(`keeps at most ${MAX_LOCAL_LEARNINGS}, dropping the oldest`, async () => {
  const full = Array.from({ length: MAX_LOCAL_LEARNINGS }, (_, i) => nth(i + 1))
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, JSON.stringify({ version: 1, learnings: full }))
  await addLocalLearning(path, nth(MAX_LOCAL_LEARNINGS + 1))
  const kept = (await readLocalLearnings(path)).learnings
  expect(kept).toHaveLength(MAX_LOCAL_LEARNINGS)
  expect(kept[0]).toEqual(nth(2))
  expect(kept.at(-1)).toEqual(nth(MAX_LOCAL_LEARNINGS + 1))
})

it('forgets by id; an unknown id names the ids it knows and changes nothing', async () => {
  await addLocalLearning(path, nth(1))
  await addLocalLearning(path, nth(2))
  await expect(forgetLocalLearning(path, 'L-ffffffffff')).rejects.toThrow(
    `no learning "L-ffffffffff": the learnings are: ${nth(1).id}, ${nth(2).id}`
  )
  expect(await forgetLocalLearning(path, ` ${nth(1).id} `)).toEqual(nth(1))
  expect((await readLocalLearnings(path)).learnings).toEqual([nth(2)])
  await forgetLocalLearning(path, nth(2).id)
  await expect(forgetLocalLearning(path, nth(2).id)).rejects.toThrow(
    'no learning is kept in this repository'
  )
})

it('a corrupt file is kept as a backup and reported, then read as no learnings', async () => {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, 'not json')
  const read = await readLocalLearnings(path, () => new Date('2026-11-27T10:00:00.000Z'))
  const backup = `${path}.corrupt-2026-11-27T10:00:00.000Z`
  expect(read.learnings).toEqual([])
  expect(read.warnings).toEqual([
    expect.stringContaining(`The learnings file ${path} could not be read (not JSON:`)
  ])
  expect(read.warnings[0]).toContain(`it was kept as ${backup}`)
  expect(await readFile(backup, 'utf8')).toBe('not json')
})

it('writes nothing while another process holds its lock', async () => {
  const held = await lockState(path, 'the team learnings')
  try {
    // The test's own process holds it, so it is a live owner.
    await expect(addLocalLearning(path, nth(1))).rejects.toThrow('the team learnings is running')
  } finally {
    await held.release()
  }
  expect((await readLocalLearnings(path)).learnings).toEqual([])
})
