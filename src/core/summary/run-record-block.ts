/**
 * The run record: the summary rmcoc block (head and base reviewed, when,
 * full or incremental, counts, and the summary-only findings with their
 * status) that the next run reads back from the check run or the summary
 * comment.
 *
 * The findings are the only memory of what was published without a thread,
 * so none is ever dropped to make the block fit RMCOC_MAX_BYTES (a larger
 * block is ignored unread). Their texts shrink instead, step by step:
 * assessments first (the finding, file and line are what dedupe and
 * regressions match on), then the finding texts.
 */
import {
  MAX_UNTAUGHT_THREADS,
  RMCOC_MAX_BYTES,
  type SummaryBlock,
  type SummaryRecord
} from '../memory/rmcoc.js'
import { THREAD_ID_PATTERN } from '../memory/rmcoc-fields.js'

/** What signing adds to a block at most (a `"sig"` member of 64 hex digits, indented). */
export const SIGNATURE_RESERVE_BYTES = 128
import { sanitizeText } from '../text-safety/sanitize.js'
import type { SummaryInput } from './summary-input.js'

/** Longest finding and assessment the schema admits. */
const FINDING_MAX = 500
const ASSESSMENT_MAX = 1000

interface RecordTrim {
  /** 0 drops the assessment. */
  readonly assessment: number
  readonly finding: number
}

/** Each step is tried in turn until the block fits. */
const TRIM_STEPS: readonly RecordTrim[] = [
  { assessment: ASSESSMENT_MAX, finding: FINDING_MAX },
  { assessment: 300, finding: FINDING_MAX },
  { assessment: 0, finding: FINDING_MAX },
  { assessment: 0, finding: 200 },
  { assessment: 0, finding: 100 },
  { assessment: 0, finding: 50 }
]

/** At most `max` characters, never splitting a surrogate pair; the cut is marked. */
function clip(text: string, max: number): string {
  const trimmed = text.trim()
  if (trimmed.length <= max) return trimmed
  let cut = max - 2
  const code = trimmed.charCodeAt(cut - 1)
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1
  return `${trimmed.slice(0, cut).trimEnd()} …`
}

/** Model text in the block is sanitized like the comment text (the block is posted too). */
function cleanRecord(record: SummaryRecord, secrets: readonly string[]): SummaryRecord {
  const finding = sanitizeText(record.finding, { secrets }).trim()
  const assessment =
    record.assessment === undefined ? '' : sanitizeText(record.assessment, { secrets }).trim()
  const category =
    record.category === undefined ? '' : clip(sanitizeText(record.category, { secrets }), 40)
  const { assessment: _dropped, category: _raw, ...rest } = record
  return {
    ...rest,
    finding: finding === '' ? '(no text)' : finding,
    ...(assessment === '' ? {} : { assessment }),
    ...(category === '' ? {} : { category })
  }
}

function trimRecord(record: SummaryRecord, trim: RecordTrim): SummaryRecord {
  const { assessment, ...rest } = record
  return {
    ...rest,
    finding: clip(record.finding, trim.finding),
    ...(assessment === undefined || trim.assessment === 0
      ? {}
      : { assessment: clip(assessment, trim.assessment) })
  }
}

/** UTF-8 bytes of the block as formatBotComment writes it. */
export function blockBytes(block: SummaryBlock): number {
  return new TextEncoder().encode(JSON.stringify(block, null, 2)).length
}

/** The untaught threads the record can name: thread ids, each once, at most MAX_UNTAUGHT_THREADS. */
function untaughtThreads(input: SummaryInput): string[] {
  const ids = new Set(input.untaughtThreads ?? [])
  return [...ids].filter((id) => THREAD_ID_PATTERN.test(id)).slice(0, MAX_UNTAUGHT_THREADS)
}

function baseBlock(input: SummaryInput): SummaryBlock {
  const untaught = untaughtThreads(input)
  return {
    kind: 'summary',
    head_sha: input.headSha,
    ...(input.prNumber === undefined ? {} : { pr: input.prNumber }),
    ...(input.baseRef === undefined ? {} : { base_ref: input.baseRef }),
    ...(input.incompleteSince === undefined
      ? {}
      : {
          incomplete: true as const,
          ...(input.incompleteSince.reviewedHead === null
            ? {}
            : { reviewed_head_sha: input.incompleteSince.reviewedHead })
        }),
    ...(input.baseSha === undefined ? {} : { base_sha: input.baseSha }),
    ...(input.reviewedAt === undefined ? {} : { reviewed_at: input.reviewedAt }),
    ...(input.scope === undefined ? {} : { scope: input.scope.kind }),
    ...(untaught.length === 0 ? {} : { untaught_threads: untaught }),
    counts: {
      // Every finding published this run, inline or in the summary (as the verdict counts them).
      posted: input.posted.length + input.inSummary.length,
      suppressed: input.counts.suppressed,
      resolved: input.counts.threadsResolved + input.counts.threadsConceded,
      pending: input.openThreads.pending,
      disputed: input.openThreads.disputed,
      escalated: input.openThreads.escalated
    }
  }
}

/**
 * The run record, within `maxBytes` (at most RMCOC_MAX_BYTES) when the
 * trimming steps can make it fit; otherwise at its shortest, which
 * formatBotComment refuses only when even that is over RMCOC_MAX_BYTES
 * (hundreds of records with very long paths).
 */
export function summaryBlock(
  input: SummaryInput,
  secrets: readonly string[] = [],
  maxBytes: number = RMCOC_MAX_BYTES
): SummaryBlock {
  const base = baseBlock(input)
  if (input.records === undefined) return base
  const records = input.records.map((r) => cleanRecord(r, secrets))
  // Room for the signature a state_key adds after composing (`"sig": "<64 hex>"`).
  const limit = Math.min(maxBytes, RMCOC_MAX_BYTES - SIGNATURE_RESERVE_BYTES)
  let block = base
  for (const trim of TRIM_STEPS) {
    block = { ...base, findings: records.map((r) => trimRecord(r, trim)) }
    if (blockBytes(block) <= limit) return block
  }
  return block
}
