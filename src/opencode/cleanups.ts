/**
 * What a start-up has to undo, in reverse order of the steps that made it
 * (sessions, server, network, export). One that fails is logged and the
 * others still run: a review never leaves a sidecar behind because its
 * export could not be deleted.
 */
import { getErrorMessage } from '../core/errors/error-message.js'

export class Cleanups {
  private readonly steps: Array<() => Promise<void>> = []

  constructor(private readonly warn: (message: string) => void) {}

  add(step: () => Promise<void>): void {
    this.steps.push(step)
  }

  /** Runs every step added so far, the last first; the list is empty afterwards. */
  async run(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) {
      try {
        await step()
      } catch (error) {
        this.warn(`cleanup failed: ${getErrorMessage(error)}`)
      }
    }
  }
}
