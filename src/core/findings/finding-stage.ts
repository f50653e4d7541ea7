/**
 * The findings of one run, staged pass by pass and published once after
 * pass 4. The stage enforces the policy the tools promise, whatever the
 * model does: the score threshold (suppressed findings are kept and counted,
 * never posted), security promotion, score elevation only for combinations
 * of enough suppressed findings, and dedupe against every earlier finding
 * (see earlier-findings.ts: a regression of a fixed one is staged to reopen
 * it) and against what this run already staged. Nothing the agent submits is
 * lost: every submission ends staged, suppressed, duplicate or rejected with
 * a reason. With several reviewer models, a finding another reviewer raised
 * already is agreement, not a duplicate (see finding-agreement.ts).
 */
import {
  absorbedNote,
  addAgreement,
  ownershipProblem,
  sharedRescoreProblem,
  withdrawAgreement
} from './finding-agreement.js'
import { absorbedReopening, noveltyOf, type Novelty } from './finding-novelty.js'
import { regressionNote } from './earlier-findings.js'
import {
  decideScore,
  type CombinedPart,
  type ScoreDecision,
  type ScoringPolicy
} from './scoring.js'
import type { ThreadState } from '../memory/run-state.js'
import type { Confirmation } from './confirmation.js'
import type { FindingInput, FindingState, StagedFinding } from './finding-shapes.js'
import { stageCounts, type StageCounts, type StageResult } from './submission-outcome.js'

/** One submission that passed the checks: what the stage records. */
interface Submission {
  readonly pass: number
  readonly input: FindingInput
  readonly decision: Exclude<ScoreDecision, { kind: 'rejected' }>
  readonly novelty: Exclude<Novelty, { kind: 'duplicate' }>
  readonly combines: readonly string[]
  readonly reviewer: string | undefined
}

export class FindingStage {
  private readonly findings: StagedFinding[] = []
  private nextStaged = 1
  private nextSuppressed = 1
  private duplicates = 0
  private rejected = 0
  private agreements = 0

  /** `earlier`: every finding of earlier runs (threads and summary records), any status. */
  constructor(
    private readonly policy: ScoringPolicy,
    private readonly earlier: readonly ThreadState[]
  ) {}

  /** `reviewer`: the model that raised it, when several review (see finding-agreement.ts). */
  submit(pass: number, input: FindingInput, reviewer?: string): StageResult {
    const combines = [...new Set((input.combines ?? []).map((id) => id.trim().toUpperCase()))]
    const parts = this.combinedParts(combines, reviewer)
    if ('problem' in parts) return this.reject(parts.problem)
    // A merge is checked too (tracked issues are never raised again), but not
    // against the findings it replaces.
    const novelty = noveltyOf(input, {
      findings: this.findings,
      earlier: this.earlier,
      combines,
      reviewer
    })
    if (novelty.kind === 'duplicate') {
      this.duplicates += 1
      return novelty
    }
    const decision = decideScore(
      { score: input.score, pass, category: input.category, combines: parts.parts },
      this.policy
    )
    if (decision.kind === 'rejected') return this.reject(decision.reason)
    const submission: Submission = { pass, input, decision, novelty, combines, reviewer }
    return this.agreeWithEarlier(submission) ?? this.stage(submission)
  }

  private reject(reason: string): StageResult {
    this.rejected += 1
    return { kind: 'rejected', reason }
  }

  /** The findings a combination replaces, or why one cannot be combined. */
  private combinedParts(
    combines: readonly string[],
    reviewer: string | undefined
  ): { readonly parts: CombinedPart[] } | { readonly problem: string } {
    const parts: CombinedPart[] = []
    for (const id of combines) {
      const part = this.find(id)
      const problem =
        part === undefined || (part.state !== 'staged' && part.state !== 'suppressed')
          ? `combines: "${id}" is not a staged or suppressed finding of this run (known ids: ${this.liveIds()}).`
          : ownershipProblem(part, reviewer, 'combine')
      if (problem !== undefined || part === undefined) return { problem: problem ?? '' }
      parts.push({ id, score: part.score, suppressed: part.state === 'suppressed' })
    }
    return { parts }
  }

  /**
   * Another reviewer raised it already: their finding gains this reviewer's
   * agreement. Undefined when the submission is staged on its own instead.
   */
  private agreeWithEarlier(submission: Submission): StageResult | undefined {
    const { novelty, decision, reviewer } = submission
    if (novelty.kind !== 'agreement' || reviewer === undefined) return undefined
    const target = novelty.finding
    // A suppressed finding raised at or above the threshold by another reviewer is theirs now.
    if (target.state === 'suppressed' && decision.kind === 'accepted') return undefined
    this.agreements += 1
    const reason = addAgreement(target, decision, reviewer)
    this.combineInto(target.id, submission.combines)
    const kind = target.state === 'staged' ? 'staged' : 'suppressed'
    return { kind, id: target.id, score: target.score, reason }
  }

  /** A finding of its own on the stage, staged or suppressed, absorbing one it agrees with. */
  private stage(submission: Submission): StageResult {
    const { pass, input, decision, novelty, combines, reviewer } = submission
    const absorbed = novelty.kind === 'agreement' ? novelty.finding : undefined
    const reopening = novelty.kind === 'new' ? novelty : absorbedReopening(absorbed)
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
      state: suppressed ? 'suppressed' : 'staged',
      ...(reopening.reopens === undefined ? {} : { reopens: reopening.reopens }),
      reviewers: [...(absorbed?.reviewers ?? []), ...(reviewer === undefined ? [] : [reviewer])]
    })
    this.combineInto(id, [...combines, ...(absorbed === undefined ? [] : [absorbed.id])])
    const note =
      reopening.reopened !== undefined ? regressionNote(reopening.reopened, !suppressed) : undefined
    const agreed = absorbed === undefined ? '' : ` ${absorbedNote(absorbed)}`
    return {
      kind: suppressed ? 'suppressed' : 'staged',
      id,
      score: decision.score,
      reason: (note === undefined ? decision.reason : `${decision.reason} ${note}`) + agreed,
      ...(reopening.reopens === undefined ? {} : { reopens: reopening.reopens })
    }
  }

  private combineInto(id: string, parts: readonly string[]): void {
    for (const partId of parts) {
      const part = this.find(partId)!
      part.state = 'combined'
      part.note = `combined into ${id}`
    }
  }

  /** Pass 4: take a staged finding back. */
  withdraw(
    id: string,
    reason: string,
    reviewer?: string
  ): { ok: true; note?: string } | { ok: false; reason: string } {
    const finding = this.find(id)
    if (finding === undefined || finding.state !== 'staged') {
      return {
        ok: false,
        reason: `"${id}" is not a staged finding (staged: ${this.liveIds('staged')}).`
      }
    }
    const problem = ownershipProblem(finding, reviewer, 'withdraw')
    if (problem !== undefined) return { ok: false, reason: problem }
    const note = withdrawAgreement(finding, reviewer)
    if (note !== undefined) return { ok: true, note }
    finding.state = 'withdrawn'
    finding.note = reason
    return { ok: true }
  }

  /** Pass 4: re-score a staged finding; the threshold applies again (elevation does not). */
  rescore(id: string, score: number, reviewer?: string): StageResult {
    const finding = this.find(id)
    if (finding === undefined || finding.state !== 'staged') {
      return {
        kind: 'rejected',
        reason: `"${id}" is not a staged finding (staged: ${this.liveIds('staged')}).`
      }
    }
    const problem = ownershipProblem(finding, reviewer, 're-score') ?? sharedRescoreProblem(finding)
    if (problem !== undefined) return { kind: 'rejected', reason: problem }
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

  /**
   * Pass 4: a re-scored finding that a team learning covers at its new
   * score is held back, as it would have been refused had it been raised at
   * that score. `reason` names the learning (the stage does not know them).
   */
  holdBack(id: string, reason: string): void {
    const finding = this.find(id)
    if (finding === undefined || (finding.state !== 'staged' && finding.state !== 'suppressed')) {
      throw new Error(`"${id}" is not a staged or suppressed finding (live: ${this.liveIds()}).`)
    }
    finding.state = 'held-back'
    finding.note = reason
  }

  /**
   * After pass 4: the confirmation outcome of a staged finding. Refuted by
   * both confirmers, it leaves the findings to publish; otherwise it is
   * published carrying the outcome.
   */
  confirm(id: string, confirmation: Confirmation): void {
    const finding = this.find(id)
    if (finding === undefined || finding.state !== 'staged') {
      throw new Error(`"${id}" is not a staged finding (staged: ${this.liveIds('staged')}).`)
    }
    finding.confirmation = confirmation
    if (confirmation.outcome === 'refuted') {
      finding.state = 'refuted'
      finding.note = confirmation.note
    }
  }

  /**
   * A confirmed finding's comment, drafted from the confirmed reasoning,
   * replaces the reviewer's text; the score and everything else stay.
   */
  redraft(id: string, body: string): void {
    const finding = this.find(id)
    if (finding?.state !== 'staged' || finding.confirmation?.outcome !== 'confirmed') {
      throw new Error(`"${id}" is not a confirmed staged finding; only those are redrafted.`)
    }
    if (body.trim() === '') throw new Error(`The drafted comment of ${finding.id} is empty.`)
    finding.body = body.trim()
    finding.drafted = true
  }

  /** Findings to publish, most severe first. */
  publishable(): StagedFinding[] {
    return this.findings.filter((f) => f.state === 'staged').sort((a, b) => b.score - a.score)
  }

  all(): readonly StagedFinding[] {
    return this.findings
  }

  counts(): StageCounts {
    const { duplicates, rejected, agreements } = this
    return stageCounts(this.findings, { duplicates, rejected, agreements })
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
}
