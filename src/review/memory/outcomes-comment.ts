/**
 * A pull request's outcomes comment in the memory issue: how its settled
 * findings ended, in a line for the people reading the issue, then the rmcoc
 * `outcomes` block the bot reads back and edits in place on later runs.
 * Sanitized like every other outgoing body.
 */
import { OUTCOMES } from '../../core/memory/outcomes-block.js'
import { formatBotComment, type OutcomesBlock } from '../../core/memory/rmcoc.js'
import { sanitizeComment } from '../../core/text-safety/sanitize.js'

function prose(block: OutcomesBlock): string {
  const counts = OUTCOMES.map((outcome) => ({
    outcome,
    count: block.entries.filter((entry) => entry.outcome === outcome).length
  })).filter((row) => row.count > 0)
  const findings = block.entries.length === 1 ? '1 finding' : `${block.entries.length} findings`
  return [
    `**Outcomes of PR #${block.pr}**: ${findings} settled (${counts.map((row) => `${row.outcome}: ${row.count}`).join(', ')}).`,
    '',
    'The bot counts each settled thread of this pull request once and keeps this comment up to date; the repository’s outcome rates are read from these comments.'
  ].join('\n')
}

/** The comment body for `block`; throws SanitizeError when it cannot be made safe. */
export function outcomesCommentBody(block: OutcomesBlock, secrets: readonly string[]): string {
  return sanitizeComment({
    text: prose(block),
    secrets,
    compose: (text) => formatBotComment(text, block)
  })
}
