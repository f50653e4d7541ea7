/**
 * What happened to earlier findings in this run, and the state as the agent
 * sees it afterwards: `github_get_run_state` reflects the replies and
 * resolutions made in this run, so a later pass never answers a thread twice
 * or argues a point it already conceded.
 */
import type { Resolution } from '../../core/memory/rmcoc.js'
import type { RunState, ThreadState } from '../../core/memory/run-state.js'

/** What happened to an earlier thread in this run. */
export type ThreadAction = 'followed-up' | 'rebutted' | 'conceded' | 'resolved' | 'escalated'

export interface ThreadOutcome {
  readonly thread: ThreadState
  readonly action: ThreadAction
  readonly text: string
  /** How a 'resolved' outcome closed the finding (fixed unless the dispute rule settled it). */
  readonly resolution?: Resolution
}

/** Closing actions: after one, the thread takes no further action in this run. */
export const CLOSING_ACTIONS: ReadonlySet<ThreadAction> = new Set([
  'resolved',
  'conceded',
  'escalated'
])

/** A thread as `github_get_run_state` shows it after this run's actions. */
export type LiveThreadState = ThreadState & {
  /** The bot's action on this thread in this run, if any. */
  readonly answered_in_this_run?: ThreadAction
}

function applyOutcome(thread: ThreadState, outcome: ThreadOutcome): LiveThreadState {
  const base = { ...thread, answered_in_this_run: outcome.action, last_word: 'bot' as const }
  switch (outcome.action) {
    case 'resolved':
      return {
        ...base,
        status: 'RESOLVED',
        github_resolved: true,
        resolution: outcome.resolution ?? 'fixed'
      }
    case 'conceded':
      return { ...base, status: 'RESOLVED', github_resolved: true, resolution: 'conceded' }
    case 'escalated':
      return { ...base, status: 'ESCALATED' }
    case 'rebutted':
      return { ...base, status: 'DISPUTED' }
    case 'followed-up':
      return { ...base, status: 'PENDING' }
  }
}

/** The state after `outcomes` (the latest outcome per thread wins); counts follow the statuses. */
export function liveRunState(state: RunState, outcomes: readonly ThreadOutcome[]): RunState {
  if (outcomes.length === 0) return state
  const latest = new Map(outcomes.map((outcome) => [outcome.thread.id, outcome]))
  const threads = state.threads.map((thread) => {
    const outcome = latest.get(thread.id)
    return outcome === undefined ? thread : applyOutcome(thread, outcome)
  })
  const counts = { PENDING: 0, RESOLVED: 0, DISPUTED: 0, ESCALATED: 0 }
  for (const thread of threads) counts[thread.status] += 1
  return { threads, metadata: { ...state.metadata, status_counts: counts } }
}
