/**
 * How a new finding relates to the findings of earlier runs (review threads
 * and summary-only records alike), whatever their status. A finding that is
 * still tracked, escalated, or was settled by a decision (conceded, the
 * developer's call, dismissed by a person) is never raised again: repeating
 * it would reopen an argument someone already closed. A finding resolved as
 * FIXED that shows up again is a regression: it is raised, in the old
 * thread, so the history stays in one place.
 */
import { isDuplicate, type DedupeItem } from './dedupe.js'
import type { ThreadState } from '../memory/run-state.js'

export type EarlierMatch =
  /** Not raised again; `label` names the earlier finding, `reason` says why for the model. */
  | { readonly kind: 'repeat'; readonly label: string; readonly reason: string }
  /** Raised again: the earlier finding (`thread.id`) is to be reopened. */
  | { readonly kind: 'regression'; readonly thread: ThreadState; readonly label: string }

/** How the model and the logs name an earlier finding. */
export function earlierLabel(thread: ThreadState): string {
  // A summary-only finding has no thread; its id ("summary:<id>") says so.
  return thread.origin === 'summary' ? thread.id : `thread ${thread.id}`
}

/** Resolved as fixed, or resolved without a known reason (treated as fixed: raising is safer). */
function isRegressionCandidate(thread: ThreadState): boolean {
  return thread.status === 'RESOLVED' && (thread.resolution ?? 'fixed') === 'fixed'
}

function repeatReason(thread: ThreadState, label: string): string {
  switch (thread.status) {
    case 'ESCALATED':
      return `Matches ${label}, escalated to human review in an earlier run: it awaits their decision and is not raised again.`
    case 'RESOLVED':
      switch (thread.resolution) {
        case 'conceded':
          return `Matches ${label}, conceded in an earlier run: not raised again.`
        case 'developers-call':
          return `Matches ${label}, resolved as the developer's call in an earlier run: not raised again.`
        default:
          return `Matches ${label}, dismissed by a person in an earlier run: not raised again.`
      }
    default:
      return `Duplicate of ${label} (same file, nearby line, same finding), still ${thread.status}: not staged again.`
  }
}

/** A rebuilt thread as dedupe sees it. */
export function threadDedupeItem(thread: ThreadState): DedupeItem {
  return { path: thread.file, line: thread.line, finding: thread.assessment.finding }
}

/**
 * The earlier finding the candidate repeats, or undefined. A match that
 * refuses wins over a regression: when a fixed thread and a still-open one
 * both match, the open one already tracks the problem.
 */
export function matchEarlier(
  candidate: DedupeItem,
  earlier: readonly ThreadState[]
): EarlierMatch | undefined {
  const refusing = isDuplicate(
    candidate,
    earlier.filter((t) => !isRegressionCandidate(t)),
    threadDedupeItem
  )
  if (refusing !== undefined) {
    const label = earlierLabel(refusing)
    return { kind: 'repeat', label, reason: repeatReason(refusing, label) }
  }
  const fixed = isDuplicate(candidate, earlier.filter(isRegressionCandidate), threadDedupeItem)
  return fixed === undefined
    ? undefined
    : { kind: 'regression', thread: fixed, label: earlierLabel(fixed) }
}

/** What the model is told about a regression of `thread`, staged or suppressed. */
export function regressionNote(thread: ThreadState, staged: boolean): string {
  const home =
    thread.origin === 'summary'
      ? 'it had no thread (it was published only in the summary), so it is published as a new finding'
      : 'the old thread will be reopened with this comment instead of a new one'
  const when = staged ? '' : 'if it is ever posted (as part of a combined finding), '
  return `Regression of ${earlierLabel(thread)} (resolved earlier as fixed): ${when}${home}.`
}
