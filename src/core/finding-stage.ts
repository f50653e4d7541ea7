/**
 * The findings of one run, staged pass by pass and published once after
 * pass 4. The stage enforces the policy the tools promise, whatever the
 * model does: the score threshold (suppressed findings are kept and counted,
 * never posted), security promotion, score elevation only for combinations
 * of enough suppressed findings, and dedupe against open threads and against
 * what this run already staged. Nothing the agent submits is lost: every
 * submission ends staged, suppressed, duplicate or rejected with a reason.
 */
import { isDuplicate, type DedupeItem } from './dedupe.js'
import { decideScore, type CombinedPart, type ScoringPolicy } from './scoring.js'
import type { ThreadState } from './threads.js'

export interface FindingInput {
  readonly file: string
  readonly line: number
  /** Human-readable comment body (sanitized later, when published). */
  readonly body: string
  readonly finding: string
  readonly assessment: string
  readonly score: number
  readonly category?: string | undefined
  /** Ids of staged or suppressed findings this one combines (pass 4 consolidation). */
  readonly combines?: readonly string[] | undefined
}

export type FindingState = 'staged' | 'suppressed' | 'withdrawn' | 'combined'

export interface StagedFinding extends Omit<FindingInput, 'combines' | 'score'> {
  /** "F1", "F2", ... for staged findings, "S1", ... for suppressed ones. */
  readonly id: string
  readonly pass: number
  /** Final score (after promotion; changed by a re-score in consolidation). */
  score: number
  /** The model's score before promotion. */
  baseScore: number
  readonly promoted: boolean
  readonly elevated: boolean
  readonly combines: readonly string[]
  state: FindingState
  /** Why it was withdrawn / which finding absorbed it. */
  note?: string
}

export type StageResult =
  | {
      readonly kind: 'staged'
      readonly id: string
      readonly score: number
      readonly reason: string
    }
  | {
      readonly kind: 'suppressed'
      readonly id: string
      readonly score: number
      readonly reason: string
    }
  | {
      readonly kind: 'duplicate'
      readonly reason: string
      /** Open thread (GraphQL id) or staged finding id it repeats. */
      readonly duplicateOf: string
    }
  | { readonly kind: 'rejected'; readonly reason: string }

export interface StageCounts {
  readonly submitted: number
  readonly staged: number
  readonly suppressed: number
  readonly duplicates: number
  readonly rejected: number
  readonly withdrawn: number
  readonly combined: number
}

const OPEN = new Set(['PENDING', 'DISPUTED', 'ESCALATED'])

export class FindingStage {
  private readonly findings: StagedFinding[] = []
  private readonly openThreads: readonly ThreadState[]
  private nextStaged = 1
  private nextSuppressed = 1
  private duplicates = 0
  private rejected = 0

  constructor(
    private readonly policy: ScoringPolicy,
    threads: readonly ThreadState[]
  ) {
    // Resolved threads may be raised again if the problem came back.
    this.openThreads = threads.filter((thread) => OPEN.has(thread.status))
  }

  submit(pass: number, input: FindingInput): StageResult {
    const combines = [...new Set((input.combines ?? []).map((id) => id.trim().toUpperCase()))]
    const parts: CombinedPart[] = []
    for (const id of combines) {
      const part = this.find(id)
      if (part === undefined || (part.state !== 'staged' && part.state !== 'suppressed')) {
        this.rejected += 1
        return {
          kind: 'rejected',
          reason: `combines: "${id}" is not a staged or suppressed finding of this run (known ids: ${this.liveIds()}).`
        }
      }
      parts.push({ id, score: part.score, suppressed: part.state === 'suppressed' })
    }
    // A merge is checked too (tracked issues are never raised again), but not
    // against the findings it replaces.
    const duplicate = this.duplicateOf(input, new Set(combines))
    if (duplicate !== undefined) {
      this.duplicates += 1
      return {
        kind: 'duplicate',
        duplicateOf: duplicate,
        reason: `Duplicate of ${duplicate} (same file, nearby line, same finding); not staged again.`
      }
    }
    const decision = decideScore(
      { score: input.score, pass, category: input.category, combines: parts },
      this.policy
    )
    if (decision.kind === 'rejected') {
      this.rejected += 1
      return { kind: 'rejected', reason: decision.reason }
    }
    const suppressed = decision.kind === 'suppressed'
    const id = suppressed ? `S${this.nextSuppressed++}` : `F${this.nextStaged++}`
    const { combines: _ignored, ...rest } = input
    this.findings.push({
      ...rest,
      id,
      pass,
      score: decision.score,
      baseScore: decision.baseScore,
      promoted: decision.promoted,
      elevated: decision.kind === 'accepted' && decision.elevated,
      combines,
      state: suppressed ? 'suppressed' : 'staged'
    })
    for (const partId of combines) {
      const part = this.find(partId)!
      part.state = 'combined'
      part.note = `combined into ${id}`
    }
    return {
      kind: suppressed ? 'suppressed' : 'staged',
      id,
      score: decision.score,
      reason: decision.reason
    }
  }

  /** Pass 4: take a staged finding back. */
  withdraw(id: string, reason: string): { ok: true } | { ok: false; reason: string } {
    const finding = this.find(id)
    if (finding === undefined || finding.state !== 'staged') {
      return {
        ok: false,
        reason: `"${id}" is not a staged finding (staged: ${this.liveIds('staged')}).`
      }
    }
    finding.state = 'withdrawn'
    finding.note = reason
    return { ok: true }
  }

  /** Pass 4: re-score a staged finding; the threshold applies again (elevation does not). */
  rescore(id: string, score: number): StageResult {
    const finding = this.find(id)
    if (finding === undefined || finding.state !== 'staged') {
      return {
        kind: 'rejected',
        reason: `"${id}" is not a staged finding (staged: ${this.liveIds('staged')}).`
      }
    }
    const highest = Math.max(finding.baseScore, ...this.partScores(finding))
    if (score > highest && !finding.elevated) {
      return {
        kind: 'rejected',
        reason: `Re-scoring ${id} from ${finding.baseScore} up to ${score} is an elevation; combine suppressed findings instead.`
      }
    }
    const decision = decideScore(
      { score, pass: finding.pass, category: finding.category },
      this.policy
    )
    if (decision.kind === 'rejected') return { kind: 'rejected', reason: decision.reason }
    finding.score = decision.score
    finding.baseScore = decision.baseScore
    if (decision.kind === 'suppressed') {
      finding.state = 'suppressed'
      finding.note = `re-scored to ${decision.score} in consolidation`
      return { kind: 'suppressed', id, score: decision.score, reason: decision.reason }
    }
    return { kind: 'staged', id, score: decision.score, reason: decision.reason }
  }

  /** Findings to publish, most severe first. */
  publishable(): StagedFinding[] {
    return this.findings.filter((f) => f.state === 'staged').sort((a, b) => b.score - a.score)
  }

  all(): readonly StagedFinding[] {
    return this.findings
  }

  counts(): StageCounts {
    const by = (state: FindingState) => this.findings.filter((f) => f.state === state).length
    return {
      submitted: this.findings.length + this.duplicates + this.rejected,
      staged: by('staged'),
      suppressed: by('suppressed'),
      duplicates: this.duplicates,
      rejected: this.rejected,
      withdrawn: by('withdrawn'),
      combined: by('combined')
    }
  }

  private find(id: string): StagedFinding | undefined {
    return this.findings.find((f) => f.id === id.trim().toUpperCase())
  }

  private partScores(finding: StagedFinding): number[] {
    return finding.combines.map((id) => this.find(id)?.score ?? 0)
  }

  private liveIds(only?: FindingState): string {
    const ids = this.findings
      .filter((f) =>
        only === undefined ? f.state === 'staged' || f.state === 'suppressed' : f.state === only
      )
      .map((f) => f.id)
    return ids.length === 0 ? 'none' : ids.join(', ')
  }

  private duplicateOf(input: FindingInput, replaced: ReadonlySet<string>): string | undefined {
    const candidate: DedupeItem = { path: input.file, line: input.line, finding: input.finding }
    const thread = isDuplicate(candidate, this.openThreads, (t) => ({
      path: t.file,
      line: t.line,
      finding: t.assessment.finding
    }))
    if (thread !== undefined) return `thread ${thread.id}`
    const live = this.findings.filter((f) => f.state === 'staged' && !replaced.has(f.id))
    const staged = isDuplicate(candidate, live, (f) => ({
      path: f.file,
      line: f.line,
      finding: f.finding
    }))
    return staged === undefined ? undefined : `finding ${staged.id}`
  }
}
