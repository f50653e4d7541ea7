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
import { planPublication, type PlannedInline } from '../../core/findings/publication.js'
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
  const posted: PostedFinding[] = [...reopened.posted]
  const inSummary: SummaryFinding[] = plan.toSummary.map((entry) =>
    toSummary(entry.finding, entry.reason)
  )
  const placements: Record<string, 'line' | 'file' | 'summary'> = {}
  for (const entry of plan.toSummary) placements[entry.finding.id] = 'summary'
  for (const entry of reopened.posted) placements[entry.id] = 'line'

  const record = (item: PlannedInline, placement: CommentPlacement) => {
    if (placement.placed === 'summary') {
      inSummary.push(toSummary(item.finding, 'rejected-by-github'))
      placements[item.findingId] = 'summary'
      return
    }
    placements[item.findingId] = placement.placed
    posted.push({
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

  const onLines = plan.inline.filter(
    (item) => !item.comment.fileLevel && item.comment.line !== undefined
  )
  if (onLines.length > 0) {
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
      record(item, review.placements[index] ?? { placed: 'summary', reason: 'no placement' })
    })
  }
  for (const item of plan.inline.filter((i) => !onLines.includes(i))) {
    record(
      item,
      await input.gateway.postFileComment(input.headSha, item.comment.path, item.comment.body)
    )
  }
  return { posted, inSummary, placements }
}
