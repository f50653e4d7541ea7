/**
 * Several reviewer models share one stage. A finding a second reviewer
 * raises again (same file, nearby line, same finding) is not a duplicate to
 * refuse but agreement: ONE finding whose `reviewers` lists every model that
 * raised it. How the parts combine:
 *
 * - The score is the highest any agreeing reviewer's submission was decided
 *   at (each submission passes the threshold and promotion on its own), and
 *   the text is the first reviewer's: the finding is published once.
 * - Agreement never lifts a finding over the threshold: two reviewers who
 *   both scored it below stay suppressed, together. A suppressed finding of
 *   one reviewer that another raises at or above the threshold is staged as
 *   the second reviewer's, listing both, and the suppressed one is folded
 *   into it (state "combined").
 * - A reviewer acts only on findings it raised: it may not withdraw,
 *   re-score or combine another reviewer's. Withdrawing a shared finding
 *   takes back only that reviewer's agreement; re-scoring one is refused
 *   (its score is the highest the reviewers gave).
 *
 * A run with one reviewer names none (`reviewers` stays empty) and behaves
 * exactly as before.
 */
import type { StagedFinding } from './finding-shapes.js'

/** The decision a new submission got (accepted or suppressed), in the fields agreement uses. */
export interface AgreeingDecision {
  readonly score: number
  readonly baseScore: number
}

/** The models that raised a finding (none named in a run with one reviewer). */
export function raisers(finding: Pick<StagedFinding, 'reviewers'>): readonly string[] {
  return finding.reviewers ?? []
}

/** Another reviewer raised `finding`, and `reviewer` did not (yet). */
export function agreesWith(finding: StagedFinding, reviewer: string | undefined): boolean {
  const named = raisers(finding)
  return reviewer !== undefined && named.length > 0 && !named.includes(reviewer)
}

/** Records `reviewer`'s agreement on `finding`; keeps the highest score. Returns the reason for the model. */
export function addAgreement(
  finding: StagedFinding,
  decision: AgreeingDecision,
  reviewer: string
): string {
  const others = raisers(finding).join(', ')
  finding.reviewers = [...raisers(finding), reviewer]
  if (decision.score > finding.score) {
    finding.score = decision.score
    finding.baseScore = decision.baseScore
  }
  const where = finding.state === 'staged' ? 'staged' : 'suppressed (below the threshold)'
  return (
    `Agrees with finding ${finding.id}, which ${others} raised already: it stays ONE finding, ` +
    `now raised by ${finding.reviewers.length} reviewers, ${where} at score ${finding.score} ` +
    '(the highest they gave). Do not submit it again.'
  )
}

/** Why `reviewer` may not act on `finding` (withdraw, re-score, combine); undefined when it may. */
export function ownershipProblem(
  finding: StagedFinding,
  reviewer: string | undefined,
  action: string
): string | undefined {
  if (!agreesWith(finding, reviewer)) return undefined
  return `${finding.id} was raised by another reviewer (${raisers(finding).join(', ')}), not by you: you may not ${action} it.`
}

/**
 * A reviewer withdraws a finding others raised too: only its agreement goes.
 * Returns the note for the model, or undefined when the finding is its alone.
 */
export function withdrawAgreement(
  finding: StagedFinding,
  reviewer: string | undefined
): string | undefined {
  const named = raisers(finding)
  if (reviewer === undefined || named.length < 2) return undefined
  finding.reviewers = named.filter((name) => name !== reviewer)
  return `Your agreement on ${finding.id} is withdrawn; it stays staged, raised by ${finding.reviewers.join(', ')}.`
}

/** Re-scoring a finding several reviewers raised is refused: its score is theirs together. */
export function sharedRescoreProblem(finding: StagedFinding): string | undefined {
  const named = raisers(finding)
  if (named.length < 2) return undefined
  return `${finding.id} was raised by ${named.length} reviewers (${named.join(', ')}): its score is the highest they gave and is not re-scored. Withdraw it if you no longer stand by it (only your agreement goes).`
}

/** What the model hears when its finding absorbs another reviewer's suppressed one. */
export function absorbedNote(absorbed: StagedFinding): string {
  const named = raisers(absorbed)
  return `${named.join(', ')} raised it below the threshold (${absorbed.id}): it is one finding, raised by ${named.length + 1} reviewers.`
}
