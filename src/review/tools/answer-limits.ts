/**
 * Caps on what one run writes in earlier threads: one answer (reply or
 * resolution) per thread, a total per run, and in a threads-only run only
 * the thread that was replied in. A reply flood (or a model in a loop) never
 * becomes a bot flood; each refusal tells the model why.
 */
import type { ThreadState } from '../../core/memory/run-state.js'
import type { ToolAck } from '../../ports/review-tools.js'
import type { ThreadOutcome } from './thread-outcomes.js'

/** Replies and resolutions per run, at most. */
export const DEFAULT_MAX_THREAD_ACTIONS = 30

export class AnswerLimits {
  /** Threads whose answer is being written now (a reservation against the caps). */
  private readonly inFlight = new Set<string>()
  /** Threads the agent could not answer because the run's cap was reached. */
  readonly capRefused = new Set<string>()

  constructor(
    private readonly cap: number,
    /** A threads-only run: the one thread that may be answered. */
    private readonly onlyThread: string | undefined
  ) {}

  /**
   * Runs `answer` for `thread` if the caps allow it. The slot is taken before
   * the first await, so tool calls that arrive together cannot all pass.
   */
  async run(
    thread: ThreadState,
    outcomes: readonly ThreadOutcome[],
    answer: (thread: ThreadState) => Promise<ToolAck>
  ): Promise<ToolAck> {
    this.check(thread, outcomes)
    this.inFlight.add(thread.id)
    try {
      return await answer(thread)
    } finally {
      this.inFlight.delete(thread.id)
    }
  }

  /** Replies and resolutions this run may still write. */
  remaining(outcomes: readonly ThreadOutcome[]): number {
    return Math.max(0, this.cap - outcomes.length - this.inFlight.size)
  }

  private check(thread: ThreadState, outcomes: readonly ThreadOutcome[]): void {
    const only = this.onlyThread
    if (only !== undefined && thread.id !== only) {
      throw new Error(
        `This run only answers the reply in thread ${only}; leave thread ${thread.id} for the next review.`
      )
    }
    if (this.inFlight.has(thread.id) || outcomes.some((o) => o.thread.id === thread.id)) {
      throw new Error(
        `You already answered thread ${thread.id} in this run; one reply per thread per run.`
      )
    }
    if (this.remaining(outcomes) === 0) {
      this.capRefused.add(thread.id)
      throw new Error(
        `This run already wrote ${this.cap} thread replies and resolutions, its cap; leave the remaining threads for the next run.`
      )
    }
  }
}
