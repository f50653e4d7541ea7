/**
 * A rebuilt thread's status and, once resolved, how it was closed: from the
 * bot's last status-bearing reply, GitHub's resolved flag and who set it.
 */
import { normalizeLogin } from '../names/login.js'
import type { ReviewThreadData } from '../pull-request/pr-data.js'
import type { ReplyKind, Resolution, ThreadStatus } from './rmcoc.js'

/**
 * How a bot reply that set RESOLVED closed the thread. A resolution block, or
 * the legacy heading without a block, means the code was fixed.
 */
export function resolutionOf(kind: ReplyKind | undefined): Resolution {
  if (kind === 'concession') return 'conceded'
  if (kind === 'developers-call') return 'developers-call'
  return 'fixed'
}

/**
 * The PR's author cannot close the bot's finding (or an escalation) alone by
 * clicking "Resolve conversation": that would silence it for good. A thread
 * GitHub shows resolved by the author, while the bot's last word was not a
 * resolution, keeps the bot's status. Anyone else resolving it (a reviewer)
 * settles it; an unknown resolver counts as someone else.
 */
export function authorSilenced(
  thread: ReviewThreadData,
  lastBotStatus: ThreadStatus | undefined,
  prAuthor: string | undefined
): boolean {
  if (prAuthor === undefined || lastBotStatus === 'RESOLVED') return false
  const by = thread.resolvedBy
  return by !== undefined && by !== null && normalizeLogin(by) === normalizeLogin(prAuthor)
}

export interface StatusInput {
  readonly githubResolved: boolean
  readonly lastBotStatus: ThreadStatus | undefined
  readonly lastBotKind: ReplyKind | undefined
  readonly developerBeforeLastBot: boolean
  /** GitHub names who resolved it (a person; an App's resolution names nobody). */
  readonly resolverKnown: boolean
}

/**
 * RESOLVED when GitHub says so or the bot resolved/conceded; ESCALATED when
 * the bot escalated; DISPUTED when a developer pushed back and the bot's last
 * word maintains its position; PENDING otherwise. A thread the bot reopened
 * (a regression) stays open while GitHub names no resolver: unresolving may
 * have been refused to the token; a person who resolved it since settles it.
 */
export function threadStatus(input: StatusInput): ThreadStatus {
  const { lastBotStatus } = input
  if (input.githubResolved && (input.lastBotKind !== 'reopening' || input.resolverKnown)) {
    return 'RESOLVED'
  }
  if (lastBotStatus === 'DISPUTED') return input.developerBeforeLastBot ? 'DISPUTED' : 'PENDING'
  return lastBotStatus ?? 'PENDING'
}
