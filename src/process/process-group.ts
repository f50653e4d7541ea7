/**
 * Signals to a whole process group. opencode is spawned detached, so its pid
 * is also its process group id and `kill(-pgid)` reaches every child it
 * started. Shared by ManagedOpenCodeServer, the post step and the
 * verification commands of fix mode.
 */

function isMissingProcess(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ESRCH'
}

/** Sends `signal` to the group; false when the group no longer exists. */
export function killGroup(pgid: number, signal: NodeJS.Signals): boolean {
  if (!Number.isInteger(pgid) || pgid <= 1) {
    throw new Error(`process group id must be an integer above 1, got ${pgid}`)
  }
  try {
    process.kill(-pgid, signal)
    return true
  } catch (error) {
    if (isMissingProcess(error)) return false
    throw error
  }
}

/** Whether any process of the group is still alive (zombies included). */
export function isGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch (error) {
    if (isMissingProcess(error)) return false
    throw error
  }
}

const POLL_MS = 25

/** Polls until no process of the group is left (or `ms` passed); whether it is gone. */
async function groupGone(pgid: number, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += POLL_MS) {
    if (!isGroupAlive(pgid)) return true
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  return !isGroupAlive(pgid)
}

/**
 * SIGTERM to the group, then SIGKILL to whatever is left of it after
 * `graceMs`; resolves once the group is gone, or `graceMs` after the SIGKILL
 * (a member can linger as a zombie nobody reaps).
 */
export async function stopGroup(pgid: number, graceMs: number): Promise<void> {
  if (!killGroup(pgid, 'SIGTERM')) return
  if (await groupGone(pgid, graceMs)) return
  killGroup(pgid, 'SIGKILL')
  await groupGone(pgid, graceMs)
}
