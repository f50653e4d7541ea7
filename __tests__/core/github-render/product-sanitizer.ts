/**
 * The product's ways from model text to a posted body, the only place the
 * harness names them: `sanitizeText` for a fragment, and a complete bot
 * comment (sanitizeComment around formatBotComment, as a finding's comment
 * is built, the block's model text sanitized with sanitizeText as
 * findingBlock does).
 */
import { formatBotComment } from '../../../src/core/memory/rmcoc.js'
import { BOT_MARKER } from '../../../src/core/names/marker.js'
import { sanitizeComment, sanitizeText } from '../../../src/core/text-safety/sanitize.js'
import type { BotCommentEnd } from './html-oracle.js'

export type Mode = 'text' | 'comment'
export const MODES: readonly Mode[] = ['text', 'comment']

export interface Sanitized {
  readonly body: string
  /** For a bot comment: the end it must render with. */
  readonly end?: BotCommentEnd
}

const MARKER_TEXT = BOT_MARKER.replace(/^<!--/, '').replace(/-->$/, '')

function clip(text: string, max: number, fallback: string): string {
  const trimmed = text.trim().slice(0, max).trim()
  return trimmed === '' ? fallback : trimmed
}

function botComment(text: string): Sanitized {
  const block = {
    kind: 'finding',
    finding: clip(sanitizeText(text.split('\n')[0] ?? ''), 500, 'A finding'),
    assessment: clip(sanitizeText(text.split('\n').at(-1) ?? ''), 4000, 'An assessment'),
    score: 7,
    id: 'f-1'
  } as const
  const body = sanitizeComment({ text, compose: (t) => formatBotComment(t, block) })
  return { body, end: { json: JSON.stringify(block), marker: MARKER_TEXT } }
}

export function sanitizeFor(mode: Mode, text: string): Sanitized {
  return mode === 'text' ? { body: sanitizeText(text) } : botComment(text)
}
