/**
 * One run per branch at a time: a lock held by a running process refuses a
 * second run, a lock left by a process that is gone is taken over with a
 * warning, and a released lock leaves nothing behind.
 */
import { spawnSync } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lockState } from '../../src/local/local-lock.js'
import { LocalUsageError } from '../../src/local/local-usage-error.js'

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-lock-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

it('holds the lock with its process id and leaves nothing once released', async () => {
  const state = join(dir, 'state', 'feature.json')
  const lock = await lockState(state, 'branch feature')
  expect(lock.warnings).toEqual([])
  expect(await readFile(`${state}.lock`, 'utf8')).toBe(`${process.pid}\n`)
  await lock.release()
  expect(await readdir(join(dir, 'state'))).toEqual([])
  await (await lockState(state, 'branch feature')).release()
})

it('refuses while a running process holds the lock', async () => {
  const state = join(dir, 'feature.json')
  const first = await lockState(state, 'branch feature')
  const second = lockState(state, 'branch feature')
  await expect(second).rejects.toThrow(LocalUsageError)
  await expect(lockState(state, 'branch feature')).rejects.toThrow(
    `another review or dismissal of branch feature is running (process ${process.pid} holds ${state}.lock)`
  )
  await first.release()
})

it('takes over a lock whose process is gone, and says so', async () => {
  const state = join(dir, 'feature.json')
  const gone = spawnSync(process.execPath, ['-e', '0']).pid
  await writeFile(`${state}.lock`, `${gone}\n`)
  const lock = await lockState(state, 'branch feature')
  expect(lock.warnings).toEqual([
    `A lock left by a run that is gone (process ${gone}) was taken over: ${state}.lock.`
  ])
  expect(await readFile(`${state}.lock`, 'utf8')).toBe(`${process.pid}\n`)
  await lock.release()
})
