/**
 * The `rmcoc` block: the bot's memory, embedded in every comment it writes
 * (a comment without a valid block is not the bot's). One zod schema defines it;
 * formatting and parsing round-trip. Parsing never throws: anything that is
 * not a valid block comes back as `{ ok: false, reason, detail }` so callers
 * can debug-log why a comment was ignored.
 */
import { z } from 'zod'
import { getErrorMessage } from '../errors/error-message.js'
import { formatZodIssues } from '../errors/zod-issues.js'
import { BOT_MARKER } from '../names/marker.js'
import { fixReportBlock } from './fix-report-block.js'
import { learningBlock } from './learning-block.js'
import { outcomesBlock } from './outcomes-block.js'
import { commitSha, findingId, threadId } from './rmcoc-fields.js'

/**
 * Blocks larger than this (UTF-8 bytes of the JSON) are ignored unread. A
 * run record carries the summary-only findings, so it needs more than a
 * finding's block; a comment body is capped at 65,536 characters anyway.
 */
export const RMCOC_MAX_BYTES = 48 * 1024

export const RESOLVED_HEADING = '✅ **Issue Resolved**'
export const ESCALATED_HEADING = '🔺 **Escalated to Human Review**'

export const THREAD_STATUSES = ['PENDING', 'RESOLVED', 'DISPUTED', 'ESCALATED'] as const
export type ThreadStatus = (typeof THREAD_STATUSES)[number]

export const REPLY_KINDS = [
  'concession',
  'rebuttal',
  'resolution',
  'escalation',
  'follow-up',
  /** The dispute rule resolved the thread without human reviewers: the developer's call. */
  'developers-call',
  /** A finding resolved as fixed came back: the bot reopened its thread. */
  'reopening'
] as const
export type ReplyKind = (typeof REPLY_KINDS)[number]

/**
 * Which status each reply kind may carry. A block that contradicts itself
 * ("rebuttal" that resolves) is not something this bot writes, so it is
 * ignored rather than guessed at.
 */
const STATUSES_BY_KIND: Record<ReplyKind, readonly ThreadStatus[]> = {
  concession: ['RESOLVED', 'PENDING'],
  rebuttal: ['DISPUTED'],
  resolution: ['RESOLVED'],
  escalation: ['ESCALATED'],
  'follow-up': ['PENDING', 'DISPUTED'],
  'developers-call': ['RESOLVED'],
  reopening: ['PENDING']
}

/** How a RESOLVED finding was closed; it decides whether raising it again is refused or a regression. */
export const RESOLUTIONS = ['fixed', 'conceded', 'developers-call', 'dismissed'] as const
export type Resolution = (typeof RESOLUTIONS)[number]

const score = z.number().int().min(1).max(10)

const count = z.number().int().min(0)

/**
 * Who raised a finding when several reviewed: provider/model names, or a
 * discovery run of one (`provider/model run 2/3`).
 */
const reviewerList = z
  .array(
    z
      .string()
      .regex(
        /^[A-Za-z0-9][\w.-]*\/\S+(?: run [1-9]\/[1-9])?$/,
        'must be provider/model, or provider/model run k/n'
      )
      .max(200)
  )
  .min(1)
  .max(10)

const findingBlock = z
  .object({
    kind: z.literal('finding'),
    finding: z.string().trim().min(1).max(500),
    assessment: z.string().trim().min(1).max(4000),
    score,
    category: z.string().trim().min(1).max(40).optional(),
    /** Score before promotion by score elevation; never above `score`. */
    base_score: score.optional(),
    /** Stable id, so later runs and replies can name the finding. */
    id: findingId.optional(),
    /**
     * The reviewer models (provider/model) that raised it, when several
     * reviewed: its agreement. Absent in blocks of single-model runs.
     */
    reviewers: reviewerList.optional(),
    /**
     * The outcome of the two confirmation sessions (confirm_min_score);
     * absent when the finding was not confirmed (below the score, or older).
     */
    confirmation: z.enum(['confirmed', 'unconfirmed']).optional(),
    /** Why, in a sentence or two: the consensus check's explanation, or why not confirmed. */
    confirmation_why: z.string().trim().min(1).max(1000).optional()
  })
  .refine((b) => b.base_score === undefined || b.base_score <= b.score, {
    message: 'base_score must not exceed score',
    path: ['base_score']
  })

const replyBlock = z
  .object({
    kind: z.enum(REPLY_KINDS),
    status: z.enum(THREAD_STATUSES)
  })
  .refine((b) => STATUSES_BY_KIND[b.kind].includes(b.status), {
    message: 'status does not fit kind',
    path: ['status']
  })

/**
 * A finding published only in the summary comment (no thread to hold it):
 * the run record carries it forward, run after run, with its status.
 */
const summaryRecord = z.object({
  id: findingId,
  file: z.string().min(1).max(500),
  /** null for a file-level finding. */
  line: z.number().int().min(1).nullable(),
  finding: z.string().trim().min(1).max(500),
  assessment: z.string().trim().max(1000).optional(),
  score,
  /** As on a thread's finding block: later runs report the finding under the same rule. */
  category: z.string().trim().min(1).max(40).optional(),
  status: z.enum(THREAD_STATUSES),
  resolution: z.enum(RESOLUTIONS).optional(),
  /** As on a thread's finding block: the reviewer models that raised it. */
  reviewers: reviewerList.optional(),
  /** As on a thread's finding block: confirmed, or published unconfirmed. */
  confirmation: z.enum(['confirmed', 'unconfirmed']).optional()
})

/** Most threads a run record names as untaught (those past it are not offered again). */
export const MAX_UNTAUGHT_THREADS = 30

const summaryBlock = z.object({
  kind: z.literal('summary'),
  head_sha: commitSha,
  /** The pull request the record belongs to: a record found on a shared commit may be another PR's. */
  pr: z.number().int().positive().optional(),
  /** The base branch reviewed against: a retargeted PR is reviewed in full again. */
  base_ref: z.string().min(1).max(255).optional(),
  /**
   * The run did not finish every pass: head_sha was not fully reviewed. The
   * next run narrows from `reviewed_head_sha`, the last head that was
   * (absent: none was, review in full).
   */
  incomplete: z.literal(true).optional(),
  reviewed_head_sha: commitSha.optional(),
  /** The base commit the reviewed head was compared with. */
  base_sha: commitSha.optional(),
  /** When the run finished (ISO 8601): orders records kept in several places. */
  reviewed_at: z.iso.datetime({ offset: true }).optional(),
  /** full: the whole PR was reviewed; incremental: only the change since the last reviewed head. */
  scope: z.enum(['full', 'incremental']).optional(),
  /** Summary-only findings, every status (resolved ones too: dedupe and regressions need them). */
  findings: z.array(summaryRecord).max(200).optional(),
  /**
   * Threads offered for teaching whose teaching did not complete (the
   * learnings prompt failed, or the memory write did): the next run offers
   * them once more.
   */
  untaught_threads: z.array(threadId).max(MAX_UNTAUGHT_THREADS).optional(),
  counts: z.object({
    posted: count,
    suppressed: count,
    resolved: count,
    pending: count,
    disputed: count,
    escalated: count
  })
})

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
