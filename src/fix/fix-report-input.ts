/**
 * What the fix report shows of a loop: its commits, the findings fixed (no
 * longer open after the review of the commit holding the fix), rejected
 * (with the fixer's reason), stuck (with the round they were claimed fixed
 * in) and deferred, and each round's verification.
 */
import type { FixReportInput } from '../core/fixing/fix-report.js'
import type { FixCandidate, FixerUsage } from '../core/fixing/fix-types.js'
import type { FixLoopResult, FixRoundRecord } from './fix-loop-result.js'

function candidateIn(round: FixRoundRecord, id: string): FixCandidate | undefined {
  return round.given.find((candidate) => candidate.id === id)
}

/** Fixes of committed rounds that did not stay open. */
function fixedOf(result: FixLoopResult): FixReportInput['fixed'] {
  const open = new Set(result.open.map((candidate) => candidate.id))
  return result.rounds.flatMap((round) =>
    round.commit === undefined
      ? []
      : (round.answer?.fixed ?? []).flatMap((fixed) => {
          const candidate = candidateIn(round, fixed.findingId)
          return candidate === undefined || open.has(candidate.id)
            ? []
            : [{ candidate, description: fixed.description, round: round.round }]
        })
  )
}

function rejectedOf(result: FixLoopResult): FixReportInput['rejected'] {
  return result.rounds.flatMap((round) =>
    (round.answer?.rejected ?? []).flatMap((rejected) => {
      const candidate = candidateIn(round, rejected.findingId)
      return candidate === undefined ? [] : [{ candidate, reason: rejected.reason }]
    })
  )
}

/** Each stuck finding with the last round that claimed it fixed. */
function stuckOf(result: FixLoopResult): FixReportInput['stuck'] {
  return result.stuck.map((candidate) => {
    const claimed = result.rounds.filter((round) =>
      (round.answer?.fixed ?? []).some((fixed) => fixed.findingId === candidate.id)
    )
    return { candidate, round: claimed.at(-1)?.round ?? 0 }
  })
}

function sum(result: FixLoopResult, of: (usage: FixerUsage) => number): number {
  return result.rounds.reduce((total, round) => total + (round.usage ? of(round.usage) : 0), 0)
}

export function fixReportInput(result: FixLoopResult, maxRounds: number): FixReportInput {
  return {
    status: result.status,
    rounds: result.rounds.length,
    maxRounds,
    note: result.reason,
    usage: {
      inputTokens: sum(result, (u) => u.inputTokens),
      outputTokens: sum(result, (u) => u.outputTokens),
      costUsd: sum(result, (u) => u.costUsd)
    },
    commits: result.rounds.flatMap((round) =>
      round.commit === undefined ? [] : [{ round: round.round, ...round.commit }]
    ),
    fixed: fixedOf(result),
    rejected: rejectedOf(result),
    stuck: stuckOf(result),
    deferred: result.deferred,
    verification: result.rounds.map((round) => ({
      round: round.round,
      results: round.verification
    }))
  }
}
