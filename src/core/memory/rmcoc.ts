/**
 * The `rmcoc` block: the bot's memory, embedded in every comment it writes
 * (a comment without a valid block is not the bot's). One zod schema, the
 * union of the block kinds (each defined in its own `*-block.ts`), defines
 * it; formatting and parsing round-trip. Parsing never throws: anything that is
 * not a valid block comes back as `{ ok: false, reason, detail }` so callers
 * can debug-log why a comment was ignored.
 */
import { z } from 'zod'
import { getErrorMessage } from '../errors/error-message.js'
import { formatZodIssues } from '../errors/zod-issues.js'
import { BOT_MARKER } from '../names/marker.js'
import { findingBlock } from './finding-block.js'
import { fixReportBlock } from './fix-report-block.js'
import { learningBlock } from './learning-block.js'
import { outcomesBlock } from './outcomes-block.js'
import { REPLY_KINDS, replyBlock, type ThreadStatus } from './reply-block.js'
import { summaryBlock, type summaryRecord } from './summary-block.js'
export { MAX_UNTAUGHT_THREADS } from './summary-block.js'

export {
  REPLY_KINDS,
  RESOLUTIONS,
  THREAD_STATUSES,
  type ReplyKind,
  type Resolution,
  type ThreadStatus
} from './reply-block.js'

/**
 * Blocks larger than this (UTF-8 bytes of the JSON) are ignored unread. A
 * run record carries the summary-only findings, so it needs more than a
 * finding's block; a comment body is capped at 65,536 characters anyway.
 */
export const RMCOC_MAX_BYTES = 48 * 1024

export const RESOLVED_HEADING = '✅ **Issue Resolved**'
export const ESCALATED_HEADING = '🔺 **Escalated to Human Review**'

/**
 * The block schema. A block without `kind` is a finding: that is the form
 * the model writes in its tool calls (`finding`, `assessment`, `score` only).
 */
export const rmcocBlockSchema = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && !('kind' in value)
      ? { ...value, kind: 'finding' }
      : value,
  z.discriminatedUnion('kind', [
    findingBlock,
    replyBlock,
    summaryBlock,
    fixReportBlock,
    learningBlock,
    outcomesBlock
  ])
)

export type RmcocBlock = z.output<typeof rmcocBlockSchema>
export type FindingBlock = z.output<typeof findingBlock>
export type ReplyBlock = z.output<typeof replyBlock>
export type SummaryBlock = z.output<typeof summaryBlock>
export type SummaryCounts = SummaryBlock['counts']
export type SummaryRecord = z.output<typeof summaryRecord>
export type FixReportBlock = z.output<typeof fixReportBlock>
export type LearningBlock = z.output<typeof learningBlock>
export type OutcomesBlock = z.output<typeof outcomesBlock>
/** What formatBotComment accepts: any block, or a finding in the kind-less form. */
export type RmcocBlockInput = RmcocBlock | Omit<FindingBlock, 'kind'>

export type RmcocIgnoreReason = 'no-block' | 'oversized' | 'malformed-json' | 'invalid-schema'

export type RmcocParse =
  | { readonly ok: true; readonly block: RmcocBlock }
  | { readonly ok: false; readonly reason: RmcocIgnoreReason; readonly detail: string }

/** The fenced rmcoc block; the last one in a body counts. */
export const RMCOC_FENCE = /^```rmcoc[ \t]*\r?\n([\s\S]*?)\r?\n```[ \t]*$/gm

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length
}

/** Every problem of a block that is not valid, e.g. `counts.posted: expected number; received "3"`. */
function describeIssues(error: z.ZodError, block: unknown): string {
  return formatZodIssues(error.issues, block, { root: '(block)' }).join('; ')
}

/**
 * Reads the rmcoc block of a comment body. The LAST fenced block counts: the
 * formatter always appends the bot's block after the human-readable text, so
 * anything quoted in that text cannot stand in for it.
 */
export function parseRmcoc(body: string): RmcocParse {
  const matches = [...body.matchAll(RMCOC_FENCE)]
  const last = matches.at(-1)
  if (last === undefined) {
    return { ok: false, reason: 'no-block', detail: 'no ```rmcoc fenced block' }
  }
  const raw = last[1] ?? ''
  const bytes = utf8Bytes(raw)
  if (bytes > RMCOC_MAX_BYTES) {
    return {
      ok: false,
      reason: 'oversized',
      detail: `rmcoc block is ${bytes} bytes, over the ${RMCOC_MAX_BYTES}-byte limit`
    }
  }
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch (error) {
    const detail = `rmcoc block is not JSON: ${getErrorMessage(error)}`
    return { ok: false, reason: 'malformed-json', detail }
  }
  const parsed = rmcocBlockSchema.safeParse(json)
  if (!parsed.success) {
    return { ok: false, reason: 'invalid-schema', detail: describeIssues(parsed.error, json) }
  }
  return { ok: true, block: parsed.data }
}

/** Status a heading line announces, outside quotes and code; the first one wins. */
export function headingStatus(body: string): 'RESOLVED' | 'ESCALATED' | undefined {
  let fence: string | undefined
  for (const line of body.split(/\r?\n/)) {
    const run = /^\s{0,3}(`{3,}|~{3,})(.*)$/.exec(line)
    if (fence !== undefined) {
      // Only a bare run of the same character, at least as long, closes it.
      const mark = run?.[1] ?? ''
      if (mark[0] === fence[0] && mark.length >= fence.length && run?.[2]?.trim() === '') {
        fence = undefined
      }
      continue
    }
    if (run !== null) {
      fence = run[1]
      continue
    }
    const text = line.replace(/^\s{0,3}(?:#{1,6}\s+)?/, '')
    if (text.startsWith(RESOLVED_HEADING)) return 'RESOLVED'
    if (text.startsWith(ESCALATED_HEADING)) return 'ESCALATED'
  }
  return undefined
}

/** True for a reply in a thread (the kinds that carry a thread status). */
export function isReplyBlock(block: RmcocBlock): block is ReplyBlock {
  return (REPLY_KINDS as readonly string[]).includes(block.kind)
}

/** The status a block announces, if it is a reply block. */
export function blockStatus(block: RmcocBlock): ThreadStatus | undefined {
  return isReplyBlock(block) ? block.status : undefined
}

export class RmcocFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RmcocFormatError'
  }
}

/**
 * A bot comment: human-readable body, `---`, the fenced rmcoc block, and the
 * hidden marker. Resolutions and escalations get RESOLVED_HEADING / ESCALATED_HEADING on top
 * when the body does not already carry it. Throws RmcocFormatError when the
 * block is invalid or too large: the tool layer validates its arguments
 * first, so this is a programming error, not input to recover from.
 */
export function formatBotComment(body: string, block: RmcocBlockInput): string {
  const parsed = rmcocBlockSchema.safeParse(block)
  if (!parsed.success) {
    throw new RmcocFormatError(`invalid rmcoc block: ${describeIssues(parsed.error, block)}`)
  }
  const json = JSON.stringify(parsed.data, null, 2)
  const bytes = utf8Bytes(json)
  if (bytes > RMCOC_MAX_BYTES) {
    throw new RmcocFormatError(
      `rmcoc block is ${bytes} bytes, over the ${RMCOC_MAX_BYTES}-byte limit; shorten the assessment`
    )
  }
  const status = blockStatus(parsed.data)
  const heading =
    status === 'RESOLVED' ? RESOLVED_HEADING : status === 'ESCALATED' ? ESCALATED_HEADING : ''
  let text = body.trim()
  if (heading !== '' && headingStatus(text) !== status) {
    text = text === '' ? heading : `${heading}\n\n${text}`
  }
  const parts = text === '' ? [] : [text, '---']
  return [...parts, '```rmcoc\n' + json + '\n```', BOT_MARKER].join('\n\n')
}
