/**
 * Signals to a whole process group. opencode is spawned detached, so its pid
 * is also its process group id and `kill(-pgid)` reaches every child it
 * started. Shared by ManagedOpenCodeServer and the post step.
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
