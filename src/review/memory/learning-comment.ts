/**
 * A learning's comment in the memory issue: what was learned, in prose for
 * the people reading the issue (the rule, where it applies, the PR and
 * thread it came from, who taught it and how), how to make the bot forget
 * it, then the rmcoc block the bot reads back. Sanitized like every other
 * outgoing body.
 */
import type { LearningVia } from '../../core/memory/learning-block.js'
import { formatBotComment, type LearningBlock } from '../../core/memory/rmcoc.js'
import { sanitizeComment } from '../../core/text-safety/sanitize.js'

const HOW: Record<LearningVia, string> = {
  concession: 'the bot conceded the finding after their reason',
  'developers-call': 'the finding was left to the developer’s call after their reason',
  dismissed: 'they dismissed the finding with a reason',
  reaction: 'they gave the finding a thumbs-down'
}

function prose(learning: LearningBlock): string {
  const thread =
    learning.source.url === undefined
      ? `thread ${learning.source.thread}`
      : `[this thread](${learning.source.url})`
  return [
    `**Team learning ${learning.id}**: ${learning.rule}`,
    '',
    `Applies to \`${learning.scope.path}\`, findings of category ${learning.scope.category}.`,
    `Learned in PR #${learning.source.pr}, ${thread}, from ${learning.taught_by}: ${HOW[learning.via]}.`,
    `The finding it came from: ${learning.finding}`,
    '',
    'Later reviews do not raise findings this learning covers (security findings and those scored 9-10 still go out, with the learning shown beside them). To make the bot forget it, delete this comment.'
  ].join('\n')
}

/** The comment body for `learning`; throws SanitizeError when it cannot be made safe. */
export function learningCommentBody(learning: LearningBlock, secrets: readonly string[]): string {
  return sanitizeComment({
    text: prose(learning),
    secrets,
    compose: (text) => formatBotComment(text, learning)
  })
}
