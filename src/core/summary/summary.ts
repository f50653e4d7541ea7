/**
 * The PR's one summary comment, edited in place run after run: this run on
 * top (verdict, scope, what happened to findings and threads, the passes'
 * own summaries), the earlier runs folded under it, then the run record
 * (the summary rmcoc block) and the marker. The silence rule: a run with
 * nothing to say posts no new comment.
 *
 * Everything the model wrote (pass summaries, findings, assessments) and the
 * previous body are untrusted: the whole text goes through the one
 * sanitizer, model text is quoted, and earlier runs are defused before they
 * are folded (see summary-history.ts).
 */
import { BOT_MARKER } from '../names/marker.js'
import { formatBotComment } from '../memory/rmcoc.js'
import { MAX_COMMENT_CHARS, sanitizeComment } from '../text-safety/sanitize.js'
import { withHistory } from './summary-fold.js'
import { readEarlierRuns, runLine, type EarlierRuns } from './summary-history.js'
import type { SummaryInput } from './summary-input.js'
import { summaryBlock } from './run-record-block.js'
import { composeRunText, requiredRunChars } from './summary-sections.js'
import { quote, shorten } from './summary-text.js'

export type {
  OpenThreadCounts,
  PassReport,
  PostedFinding,
  ResolvedThreadNote,
  RunCounts,
  SummaryFinding,
  SummaryFindingReason,
  SummaryInput
} from './summary-input.js'
export type { RunScope } from './run-scope.js'
export { summaryBlock } from './run-record-block.js'

/** The record's fences, the `---` before it, the marker and the run line. */
const FRAME_CHARS = 300

/**
 * Silence: no finding posted, moved to the summary or held back by a team
 * learning, no thread changed, no warning. Such a run posts no PR comment;
 * the job summary still reports.
 */
export function shouldPostSummary(input: SummaryInput): boolean {
  const c = input.counts
  const threadChanges =
    c.threadsResolved + c.threadsFollowedUp + c.threadsEscalated + c.threadsConceded
  return (
    input.posted.length > 0 ||
    input.inSummary.length > 0 ||
    threadChanges > 0 ||
    input.resolvedThreads.length > 0 ||
    input.warnings.length > 0 ||
    // A finding a learning held back is said, never dropped silently.
    (c.heldBackByLearnings ?? 0) > 0
  )
}

const NO_HISTORY: EarlierRuns = { runs: [], dropped: 0 }

/**
 * The summary comment: this run's markdown, the earlier runs of
 * `previousBody` (the bot's own earlier summary comment) folded below it,
 * the record and the marker; at most MAX_COMMENT_CHARS in all.
 *
 * Room is shared in this order: the record keeps every summary-only finding
 * (its texts shrink first, leaving the run's findings the room they need at
 * their shortest); this run's findings are never cut; earlier runs take what
 * is left and are dropped whole, oldest first; a cut at the cap loses
 * pass-summary tail only.
 */
export function composeSummaryComment(
  input: SummaryInput,
  secrets: readonly string[] = [],
  previousBody?: string
): string {
  const block = summaryBlock(
    input,
    secrets,
    MAX_COMMENT_CHARS - requiredRunChars(input) - FRAME_CHARS
  )
  const compose = (text: string) => formatBotComment(text, block)
  const room = MAX_COMMENT_CHARS - (compose('x').length - 1)
  const line = runLine({
    head: input.headSha,
    verdict: input.verdict.verdict,
    ...(input.reviewedAt === undefined ? {} : { at: input.reviewedAt })
  })
  const current = `${line}\n\n${composeRunText(input, room - line.length - 2)}`
  const earlier = previousBody === undefined ? NO_HISTORY : readEarlierRuns(previousBody, secrets)
  // Measured as the sanitizer will measure it: mentions wrapped, secrets redacted.
  const fits = (text: string) =>
    sanitizeComment({ text, secrets, structureLines: true, maxChars: Number.MAX_SAFE_INTEGER })
      .length <= room
  const text = withHistory(current, earlier, fits)
  return sanitizeComment({ text, secrets, structureLines: true, compose })
}

/**
 * "The review could not complete": short, marked as the bot's, with no
 * summary block, so it does not count as a reviewed head.
 */
export function composeFailureComment(
  reason: string,
  runUrl: string,
  secrets: readonly string[] = []
): string {
  const text = [
    '## OpenCode review: ⚠️ the review could not complete',
    quote(shorten(reason, 1000)),
    `No findings were published for this run. Details are in [the workflow run](${runUrl}).`
  ].join('\n\n')
  return sanitizeComment({ text, secrets, compose: (t) => `${t}\n\n${BOT_MARKER}` })
}
