/**
 * Ctrl-C during a review: the sidecar lives in its own process group and
 * never sees the terminal's signal, so the command stops it (and removes the
 * run's checkout and lock) before it exits with the shell's code for the
 * signal. Signals that arrive while that runs are ignored: a wrapper such as
 * npx or tsx relays the terminal's signal, so the command often gets it
 * twice, and exiting then would leave the sidecar running. The clean-up is
 * bounded (a sidecar that ignores SIGTERM gets SIGKILL after a few seconds).
 */
import { runInterruptCleanups } from '../local/interrupt-cleanups.js'
import { COMMAND } from './cli-usage.js'

/** 128 + the signal number, as shells report a command a signal ended. */
const SIGNAL_EXIT: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = { SIGINT: 130, SIGTERM: 143 }

export function installInterruptHandler(stderr: NodeJS.WritableStream): void {
  let stopping = false
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      stderr.write(`${COMMAND}: ${signal}: stopping the review agent…\n`)
      void runInterruptCleanups((message) => stderr.write(`${COMMAND}: ${message}\n`)).finally(() =>
        process.exit(SIGNAL_EXIT[signal])
      )
    })
  }
}
