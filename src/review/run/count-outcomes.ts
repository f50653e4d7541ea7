/**
 * The end of a run with team memory (a full review or a threads-only run):
 * this PR's settled threads counted into its outcomes comment in the memory
 * issue (written unless it is a dry run), and the repository's outcome rates
 * over the last 90 days, from the outcomes read at the start of the run plus
 * this run's, for the job summary. Counting never costs the review: its
 * failure only warns.
 */
import { getErrorMessage } from '../../core/errors/error-message.js'
import type { ThreadState } from '../../core/memory/run-state.js'
import { outcomeEntries } from '../../core/team-memory/outcome-entries.js'
import { outcomeRates, type OutcomeRates } from '../../core/team-memory/outcome-rates.js'
import type { ReviewEngineDeps } from '../../ports/review-engine.js'
import type { TeamMemory } from '../memory/team-memory.js'

export interface CountOutcomesInput {
  /** undefined or without a store: team memory is off, or was refused. */
  readonly memory: TeamMemory | undefined
  readonly pr: number
  /** Every thread of the PR as the run leaves it. */
  readonly threads: readonly ThreadState[]
  readonly deps: Pick<ReviewEngineDeps, 'log' | 'now'>
}

/** The rates for the job summary; undefined without a usable team memory. */
export async function countOutcomes(input: CountOutcomesInput): Promise<OutcomeRates | undefined> {
  const { memory, pr, deps } = input
  if (memory === undefined || !memory.writable) return undefined
  try {
    const now = deps.now()
    const recorded = await memory.recordOutcomes(pr, outcomeEntries(input.threads, now))
    const others = memory.outcomes.filter((block) => block.pr !== pr)
    return outcomeRates([recorded.block, ...others], now)
  } catch (error) {
    deps.log.warning(`Counting the outcomes of PR #${pr} failed: ${getErrorMessage(error)}`)
    return undefined
  }
}
