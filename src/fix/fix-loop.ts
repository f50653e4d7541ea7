/**
 * The fix loop: rounds of fix, verify, commit and review of the commit, at
 * most `maxRounds`. A finding the fixer reported fixed that is still open
 * after the review of its commit is stuck, and one it rejected stays with a
 * person: neither is given to the fixer again. The loop ends converged (no
 * open finding left at or above the threshold), with only set-aside findings
 * left (manual intervention required), at the round cap, or at the first
 * round that could not push.
 */
import {
  selectFixCandidates,
  toCandidate,
  type FixCandidates,
  type FixSource
} from '../core/fixing/fix-candidates.js'
import { decideAfterRound } from '../core/fixing/fix-outcome.js'
import type { FixStatus } from '../core/fixing/fix-types.js'
import {
  afterReReview,
  EMPTY_FIX_HISTORY,
  stuckIds,
  type FixHistory
} from '../core/fixing/stuck-findings.js'
import type { FixLoopDeps, PatchedCopy } from '../ports/fix-loop.js'
import type { FixLoopResult, FixRoundRecord } from './fix-loop-result.js'
import { runFixRound } from './fix-round.js'

export interface FixLoopOptions {
  /** The head the review before the loop reviewed: the first round starts from it. */
  readonly reviewedHead: string
  /** Its tree: the checkout the review read. */
  readonly checkout: string
  /** 1-3. */
  readonly maxRounds: number
  /** Findings scored below this are not fixed (the review's threshold). */
  readonly minScore: number
  readonly repoConfigPath: string
  /** Exact values of the run's secrets: never written into a commit message. */
  readonly secrets: readonly string[]
}

interface LoopState {
  head: string
  /** The tree of `head`: the checkout, then the copy the last round committed. */
  directory: string
  /** That copy, disposed of once the next round made its own or the loop ends. */
  committed?: PatchedCopy
  history: FixHistory
  left: FixCandidates
  readonly rounds: FixRoundRecord[]
}

const REASONS: Record<FixStatus, string> = {
  converged: 'Converged: no open finding at or above the threshold is left.',
  manual_intervention_required:
    'Manual intervention required: the findings left were reported fixed and raised again, or the fixer left them to a person.',
  round_cap: 'Stopped at the round cap with findings still open.',
  nothing_to_fix: 'Nothing to fix: no open finding at or above the threshold.',
  verification_failed: 'Verification failed.',
  branch_moved: 'The branch moved.',
  refused: 'Refused.'
}

function result(state: LoopState, status: FixStatus, reason = REASONS[status]): FixLoopResult {
  const { left } = state
  return {
    status,
    reason,
    rounds: state.rounds,
    stuck: left.stuck,
    open: [...left.toFix, ...left.deferred, ...left.rejected, ...left.stuck],
    deferred: left.deferred
  }
}

/** The findings of the bot's state, split for the next round. */
function split(
  threads: readonly FixSource[],
  history: FixHistory,
  options: FixLoopOptions
): FixCandidates {
  const rejectedIds = new Set(history.rounds.flatMap((round) => round.rejected))
  return selectFixCandidates({
    threads,
    minScore: options.minScore,
    stuckIds: stuckIds(history),
    rejectedIds
  })
}

/** One round, its commit reviewed and the state read again; the loop's end, or undefined. */
async function round(
  deps: FixLoopDeps,
  options: FixLoopOptions,
  state: LoopState,
  number: number
): Promise<FixLoopResult | undefined> {
  deps.log.info(`Fix round ${number}: ${state.left.toFix.length} finding(s) for the fixer.`)
  const end = await runFixRound(deps, {
    round: number,
    head: state.head,
    directory: state.directory,
    candidates: state.left.toFix,
    repoConfigPath: options.repoConfigPath,
    secrets: options.secrets
  })
  await state.committed?.dispose()
  delete state.committed
  state.rounds.push(end.record)
  if (end.kind === 'stopped') return result(state, end.status, end.reason)
  state.committed = end.copy
  await deps.reReview({ head: end.head, before: state.head, directory: end.copy.directory })
  state.head = end.head
  state.directory = end.copy.directory
  const threads = await deps.openFindings()
  const answer = end.record.answer ?? { fixed: [], rejected: [] }
  const stillOpen = new Set(
    threads.filter((thread) => thread.status === 'PENDING').map((thread) => toCandidate(thread).id)
  )
  state.history = afterReReview(state.history, {
    round: number,
    claimedFixed: answer.fixed.map((fixed) => fixed.findingId),
    rejected: answer.rejected.map((rejected) => rejected.findingId),
    stillOpen
  })
  state.left = split(threads, state.history, options)
  const decision = decideAfterRound({
    round: number,
    maxRounds: options.maxRounds,
    left: state.left
  })
  return decision.next === 'stop' ? result(state, decision.status) : undefined
}

export async function runFixLoop(
  deps: FixLoopDeps,
  options: FixLoopOptions
): Promise<FixLoopResult> {
  const state: LoopState = {
    head: options.reviewedHead,
    directory: options.checkout,
    history: EMPTY_FIX_HISTORY,
    left: split(await deps.openFindings(), EMPTY_FIX_HISTORY, options),
    rounds: []
  }
  const first = decideAfterRound({ round: 0, maxRounds: options.maxRounds, left: state.left })
  if (first.next === 'stop') return result(state, first.status)
  try {
    for (let number = 1; ; number++) {
      const done = await round(deps, options, state, number)
      if (done !== undefined) return done
    }
  } finally {
    await state.committed?.dispose()
  }
}
