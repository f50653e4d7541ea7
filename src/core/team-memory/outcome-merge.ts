/**
 * A pull request's outcomes block with a run's new entries merged in. A
 * thread already counted is not counted again, and its entry stays as it
 * was first counted (a thread reopened and settled otherwise keeps its first
 * outcome). Past MAX_OUTCOME_ENTRIES, further threads are not counted.
 */
import { formatZodIssues } from '../errors/zod-issues.js'
import { MAX_OUTCOME_ENTRIES, outcomesBlock, type OutcomeEntry } from '../memory/outcomes-block.js'
import type { OutcomesBlock } from '../memory/rmcoc.js'

export interface OutcomesMerge {
  readonly block: OutcomesBlock
  /** The entries counted for the first time; none means the block is unchanged. */
  readonly added: readonly OutcomeEntry[]
  /** New threads left uncounted because the block is full. */
  readonly overflow: number
}

export class OutcomesInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OutcomesInputError'
  }
}

/** Throws OutcomesInputError when `existing` is another PR's block or an entry is invalid. */
export function mergeOutcomes(
  existing: OutcomesBlock | undefined,
  pr: number,
  entries: readonly OutcomeEntry[]
): OutcomesMerge {
  if (existing !== undefined && existing.pr !== pr) {
    throw new OutcomesInputError(
      `outcomes.pr: expected the block of PR #${pr}; received the block of PR #${existing.pr}`
    )
  }
  const kept = [...(existing?.entries ?? [])]
  const counted = new Set(kept.map((entry) => entry.thread))
  const added: OutcomeEntry[] = []
  let overflow = 0
  for (const entry of entries) {
    if (counted.has(entry.thread)) continue
    counted.add(entry.thread)
    if (kept.length >= MAX_OUTCOME_ENTRIES) {
      overflow += 1
      continue
    }
    kept.push(entry)
    added.push(entry)
  }
  const block = { kind: 'outcomes', pr, entries: kept }
  const parsed = outcomesBlock.safeParse(block)
  if (!parsed.success) {
    const issues = formatZodIssues(parsed.error.issues, block, { root: 'outcomes' })
    throw new OutcomesInputError(
      `invalid outcomes: ${issues.map((i) => `outcomes.${i}`).join('; ')}`
    )
  }
  return { block: parsed.data, added, overflow }
}
