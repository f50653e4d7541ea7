/**
 * The issue where the bot keeps the team's memory: its title, its body and
 * the hidden markers that tell it apart. The bot counts an issue as its own
 * only when the bot created it AND its body carries both markers; an issue
 * with the same title by anyone else is ignored.
 */
import { BOT_MARKER } from './marker.js'

/** Hidden marker that makes one of the bot's issues its memory issue. */
export const MEMORY_ISSUE_MARKER = '<!-- review-my-code-bot:memory-issue -->'

export const MEMORY_ISSUE_TITLE = 'review-my-code-bot team memory'

/** The memory issue's body: what it is, how to make the bot forget, and the markers. */
export function memoryIssueBody(): string {
  return [
    'This issue is where review-my-code-bot keeps what the team taught it.',
    '',
    'Each comment below is one learning: a rule the team gave while settling a review thread,',
    'with where it applies and who taught it. Later reviews read these comments and do not',
    'raise the same finding again (security findings and the most severe ones are still',
    'raised, with the learning shown next to them).',
    '',
    'To make the bot forget a learning, delete its comment.',
    '',
    'The bot also keeps one outcomes comment per pull request: how each of its findings there',
    'ended (fixed, conceded, left to the developer’s call, dismissed, escalated), counted once.',
    '',
    BOT_MARKER,
    MEMORY_ISSUE_MARKER
  ].join('\n')
}

/** True when `body` carries the bot's marker and the memory-issue marker. */
export function isMemoryIssueBody(body: string | null | undefined): boolean {
  return body != null && body.includes(BOT_MARKER) && body.includes(MEMORY_ISSUE_MARKER)
}
