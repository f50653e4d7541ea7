/**
 * Ctrl-C during a review: the sidecar lives in its own process group and
 * never sees the terminal's signal, so the command stops it (and removes the
 * run's checkout and lock) before it exits with the shell's code for the
 * signal. A second Ctrl-C while that runs exits at once.
 */
import { runInterruptCleanups } from '../local/interrupt-cleanups.js'
import { COMMAND } from './cli-usage.js'

/** 128 + the signal number, as shells report a command a signal ended. */
const SIGNAL_EXIT: Readonly<Record<'SIGINT' | 'SIGTERM', number>> = { SIGINT: 130, SIGTERM: 143 }

export function installInterruptHandler(stderr: NodeJS.WritableStream): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      process.once(signal, () => process.exit(SIGNAL_EXIT[signal]))
      stderr.write(`${COMMAND}: ${signal}: stopping the review agent…\n`)
      void runInterruptCleanups((message) => stderr.write(`${COMMAND}: ${message}\n`)).finally(() =>
        process.exit(SIGNAL_EXIT[signal])
      )
    })
  }
}
