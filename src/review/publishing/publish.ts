/**
 * Publishes the staged findings once, after pass 4: a regression reopens the
 * thread of the finding it repeats, line comments go as ONE review,
 * file-level comments one by one, and whatever GitHub refuses (or the plan
 * sends there) into the summary. Nothing is dropped.
 */
import { recordedConfirmation } from '../../core/findings/confirmation.js'
import type { StagedFinding } from '../../core/findings/finding-shapes.js'
import { buildDiffIndex } from '../../core/diff/hunks.js'
import { threadFingerprint } from '../../core/findings/open-finding.js'
import type { ChangedFile } from '../../core/pull-request/pr-data.js'
import {
  planPublication,
  type PlannedInline,
  type PublicationPlan
} from '../../core/findings/publication.js'
import type { PostedFinding, SummaryFinding } from '../../core/summary/summary.js'
import type { ThreadState } from '../../core/memory/run-state.js'
import type { CommentPlacement, ReviewGateway } from '../../ports/review-gateway.js'
import { reopenThreads } from './reopen-threads.js'

export interface PublishResult {
  readonly posted: readonly PostedFinding[]
  readonly inSummary: readonly SummaryFinding[]
  /** Where each finding went, by finding id. */
  readonly placements: Readonly<Record<string, 'line' | 'file' | 'summary'>>
}

export interface PublishInput {
  readonly gateway: ReviewGateway
  readonly headSha: string
  readonly files: readonly ChangedFile[]
  readonly findings: readonly StagedFinding[]
  readonly maxComments: number
  readonly secrets: readonly string[]
  /** Earlier findings: a finding that `reopens` one of these threads is posted in it. */
  readonly threads?: readonly ThreadState[]
  readonly warn?: (message: string) => void
}

function toSummary(finding: StagedFinding, reason: SummaryFinding['reason']): SummaryFinding {
  return {
    id: finding.id,
    path: finding.file,
    line: finding.line,
    score: finding.score,
    finding: finding.finding,
    assessment: finding.assessment,
    reason,
    ...(finding.category === undefined ? {} : { category: finding.category }),
    ...(finding.reviewers === undefined || finding.reviewers.length === 0
      ? {}
      : { reviewers: finding.reviewers }),
    ...recordedConfirmation(finding.confirmation)
  }
}

type Placements = Record<string, 'line' | 'file' | 'summary'>

/** Where the findings went, filled in as they are posted. */
interface Ledger {
  readonly posted: PostedFinding[]
  readonly inSummary: SummaryFinding[]
  readonly placements: Placements
}

/** The ledger before anything is posted: the plan's summary findings and the reopened threads. */
function startLedger(plan: PublicationPlan, reopened: readonly PostedFinding[]): Ledger {
  const placements: Placements = {}
  for (const entry of plan.toSummary) placements[entry.finding.id] = 'summary'
  for (const entry of reopened) placements[entry.id] = 'line'
  return {
    posted: [...reopened],
    inSummary: plan.toSummary.map((entry) => toSummary(entry.finding, entry.reason)),
    placements
  }
}

function record(ledger: Ledger, item: PlannedInline, placement: CommentPlacement): void {
  if (placement.placed === 'summary') {
    ledger.inSummary.push(toSummary(item.finding, 'rejected-by-github'))
    ledger.placements[item.findingId] = 'summary'
    return
  }
  ledger.placements[item.findingId] = placement.placed
  ledger.posted.push({
    id: item.findingId,
    path: item.comment.path,
    line: placement.placed === 'line' ? (item.comment.line ?? null) : null,
    score: item.finding.score,
    finding: item.finding.finding,
    placement: placement.placed,
    fingerprint: threadFingerprint(item.findingId, placement.comment.id),
    ...recordedConfirmation(item.finding.confirmation)
  })
}

/** The line comments as ONE review. */
async function postLineReview(
  input: PublishInput,
  onLines: readonly PlannedInline[],
  ledger: Ledger
): Promise<void> {
  if (onLines.length === 0) return
  const review = await input.gateway.postReview(
    input.headSha,
    onLines.map((item) => ({
      path: item.comment.path,
      line: item.comment.line as number,
      side: 'RIGHT' as const,
      body: item.comment.body
    }))
  )
  onLines.forEach((item, index) => {
    // The gateway answers one placement per comment; anything else goes to the summary.
    record(ledger, item, review.placements[index] ?? { placed: 'summary', reason: 'no placement' })
  })
}

/** File-level comments, one by one. */
async function postFileComments(
  input: PublishInput,
  onFiles: readonly PlannedInline[],
  ledger: Ledger
): Promise<void> {
  for (const item of onFiles) {
    const { path, body } = item.comment
    record(ledger, item, await input.gateway.postFileComment(input.headSha, path, body))
  }
}

export async function publishFindings(input: PublishInput): Promise<PublishResult> {
  const reopened = await reopenThreads({
    gateway: input.gateway,
    findings: input.findings,
    threads: input.threads ?? [],
    secrets: input.secrets,
    warn: input.warn ?? (() => undefined)
  })
  const reopenedIds = new Set(reopened.posted.map((p) => p.id))
  const plan = planPublication({
    findings: input.findings.filter((finding) => !reopenedIds.has(finding.id)),
    diff: buildDiffIndex(input.files),
    changedPaths: new Set(input.files.map((file) => file.path)),
    maxComments: input.maxComments,
    secrets: input.secrets
  })
  const ledger = startLedger(plan, reopened.posted)
  const onLines = plan.inline.filter(
    (item) => !item.comment.fileLevel && item.comment.line !== undefined
  )
  await postLineReview(input, onLines, ledger)
  await postFileComments(
    input,
    plan.inline.filter((item) => !onLines.includes(item)),
    ledger
  )
  return ledger
}
