/**
 * One local review (or dismissal) of a branch at a time: two at once would
 * each write the whole state file, and the one that finished last would
 * silently drop the other's findings. The lock is a file beside the state
 * file holding the owner's process id, created exclusively. A lock whose
 * process is gone (a killed run) is taken over, with a warning.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { LocalUsageError } from './local-usage-error.js'

export interface HeldLock {
  /** Warnings for the developer, e.g. a stale lock that was taken over. */
  readonly warnings: readonly string[]
  release(): Promise<void>
}

/** Whether a process with id `pid` is running (one we may not signal still is). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function create(path: string): Promise<boolean> {
  try {
    const handle = await open(path, 'wx', 0o600)
    await handle.writeFile(`${process.pid}\n`)
    await handle.close()
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/** Takes the lock of the state file `statePath`; LocalUsageError while another run holds it. */
export async function lockState(statePath: string, what: string): Promise<HeldLock> {
  const path = `${statePath}.lock`
  await mkdir(dirname(path), { recursive: true })
  const warnings: string[] = []
  const held: HeldLock = { warnings, release: () => rm(path, { force: true }) }
  if (await create(path)) return held
  const owner = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10)
  if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
    throw new LocalUsageError(
      `another review or dismissal of ${what} is running (process ${owner} holds ${path}); wait for it, or delete that file if no such run is going on`
    )
  }
  await rm(path, { force: true })
  if (!(await create(path))) {
    throw new LocalUsageError(`another review or dismissal of ${what} just started (${path})`)
  }
  warnings.push(
    `A lock left by a run that is gone (process ${Number.isNaN(owner) ? 'unknown' : owner}) was taken over: ${path}.`
  )
  return held
}
