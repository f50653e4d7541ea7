/**
 * What a local run must undo when the developer interrupts it (Ctrl-C): the
 * opencode sidecar runs in its own process group, so the terminal's SIGINT
 * never reaches it, and a killed process runs no `finally`. Each resource
 * registers its clean-up while it exists; the command's signal handler runs
 * them all (newest first) before it exits.
 */
import { getErrorMessage } from '../core/errors/error-message.js'

type Cleanup = () => Promise<unknown>

const pending: Cleanup[] = []

/** Registers `cleanup`; the returned function unregisters it (call it once the resource is gone). */
export function onInterrupt(cleanup: Cleanup): () => void {
  pending.push(cleanup)
  return () => {
    const at = pending.lastIndexOf(cleanup)
    if (at >= 0) pending.splice(at, 1)
  }
}

/** Runs every registered clean-up, newest first; a failing one is reported and the rest still run. */
export async function runInterruptCleanups(warn: (message: string) => void): Promise<number> {
  const cleanups = pending.splice(0).reverse()
  for (const cleanup of cleanups) {
    try {
      await cleanup()
    } catch (error) {
      warn(`clean-up after the interrupt failed: ${getErrorMessage(error)}`)
    }
  }
  return cleanups.length
}

/** Clean-ups waiting for an interrupt (tests check that a finished run left none). */
export function pendingInterruptCleanups(): number {
  return pending.length
}
