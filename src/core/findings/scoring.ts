/**
 * The scoring policy the tools enforce (the rubric's implementation
 * guidance 2, 4, 5 and 6 in prompts/system.md), so filtering does not depend on the model's
 * goodwill. Each decision carries a reason written for the model: the tool
 * sends it back verbatim, so the model knows what happened and why.
 */

export const MIN_SCORE = 1
export const MAX_SCORE = 10
/** Guidance 4: a security finding in a PII / financial repository gains this much. */
export const SECURITY_PROMOTION = 2
/** The pass whose security findings are promoted (the Security Pass). */
export const SECURITY_PASS = 3

/** Guidance 2 of the rubric, quoted in every elevation rejection. */
export const SILENT_DEFAULT_RULE =
  'The "Silent" Default: if you identify multiple Level 2 issues but the threshold is 5, you must not bundle them into a single comment just to be "helpful". Remain silent.'

export interface ScoringPolicy {
  readonly problemScoreThreshold: number
  readonly scoreElevationThreshold: number
  /** The repository handles PII or financial data (see sensitivity.ts). */
  readonly securitySensitive: boolean
}

/** A finding a combined finding replaces, as the tool recorded it. */
export interface CombinedPart {
  readonly id: string
  /** Its final score. */
  readonly score: number
  /** True when it was suppressed (below the threshold) rather than staged. */
  readonly suppressed: boolean
}

export interface ScoreRequest {
  /** The score the model gave, 1-10. */
  readonly score: number
  /** The pass the finding is raised in (1-4), or the pass of the finding being re-scored. */
  readonly pass: number
  /** Free-form category; "security" (any case) marks a security finding. */
  readonly category?: string | undefined
  /** Findings this one combines; absent or empty for an ordinary finding. */
  readonly combines?: readonly CombinedPart[] | undefined
}

export type ScoreDecision =
  | {
      readonly kind: 'accepted'
      /** Final score, after promotion. */
      readonly score: number
      /** The model's score (what rmcoc calls base_score). */
      readonly baseScore: number
      readonly promoted: boolean
      readonly elevated: boolean
      readonly reason: string
    }
  | {
      readonly kind: 'suppressed'
      readonly score: number
      readonly baseScore: number
      readonly promoted: boolean
      readonly reason: string
    }
  | {
      /** Refused outright: neither staged nor counted as suppressed. */
      readonly kind: 'rejected'
      /** The highest score the combined finding may carry without elevation. */
      readonly maxScore: number
      readonly reason: string
    }

export class ScoreRangeError extends RangeError {
  constructor(what: string, value: number) {
    super(`${what} must be an integer from ${MIN_SCORE} to ${MAX_SCORE}, got ${value}`)
    this.name = 'ScoreRangeError'
  }
}

function assertScore(what: string, value: number): void {
  if (!Number.isInteger(value) || value < MIN_SCORE || value > MAX_SCORE) {
    throw new ScoreRangeError(what, value)
  }
}

export function isSecurityCategory(category: string | undefined): boolean {
  return category?.trim().toLowerCase() === 'security'
}

/** Guidance 4: +2 (capped at 10) for Security Pass findings in a sensitive repository. */
export function promoteScore(
  request: Pick<ScoreRequest, 'score' | 'pass' | 'category'>,
  securitySensitive: boolean
): { readonly score: number; readonly promoted: boolean } {
  const applies =
    securitySensitive && request.pass === SECURITY_PASS && isSecurityCategory(request.category)
  if (!applies) return { score: request.score, promoted: false }
  const score = Math.min(MAX_SCORE, request.score + SECURITY_PROMOTION)
  return { score, promoted: score !== request.score }
}

function uniqueParts(parts: readonly CombinedPart[]): CombinedPart[] {
  const byId = new Map<string, CombinedPart>()
  for (const part of parts) byId.set(part.id, part)
  return [...byId.values()]
}

/**
 * Guidance 6: a combined finding may score above all its parts only when it
 * combines at least score_elevation_threshold suppressed findings.
 */
function checkElevation(
  request: ScoreRequest,
  threshold: number
): { readonly elevated: boolean; readonly rejection?: ScoreDecision } {
  const parts = uniqueParts(request.combines ?? [])
  if (parts.length === 0) return { elevated: false }
  parts.forEach((part) => assertScore(`score of combined finding ${part.id}`, part.score))
  const highest = Math.max(...parts.map((part) => part.score))
  if (request.score <= highest) return { elevated: false }
  const suppressed = parts.filter((part) => part.suppressed)
  if (suppressed.length >= threshold) return { elevated: true }
  const ids = suppressed.map((part) => part.id).join(', ')
  const counted = `${suppressed.length} suppressed finding${suppressed.length === 1 ? '' : 's'}${ids === '' ? '' : ` (${ids})`}`
  return {
    elevated: false,
    rejection: {
      kind: 'rejected',
      maxScore: highest,
      reason:
        `Score elevation rejected: this finding scores ${request.score}, above its highest part (${highest}), ` +
        `but combines only ${counted}; elevation needs at least ${threshold} (score_elevation_threshold). ` +
        `${SILENT_DEFAULT_RULE} Submit it again with a score of ${highest} or lower, or drop it.`
    }
  }
}

/** The whole policy for one finding: elevation check, promotion, threshold. */
export function decideScore(request: ScoreRequest, policy: ScoringPolicy): ScoreDecision {
  assertScore('score', request.score)
  const elevation = checkElevation(request, policy.scoreElevationThreshold)
  if (elevation.rejection !== undefined) return elevation.rejection
  const { score, promoted } = promoteScore(request, policy.securitySensitive)
  const notes: string[] = []
  if (elevation.elevated) {
    notes.push(
      `elevated above its parts because it combines at least ${policy.scoreElevationThreshold} suppressed findings`
    )
  }
  if (promoted) {
    notes.push(
      `promoted from ${request.score} to ${score} (+${SECURITY_PROMOTION}) as a Security Pass finding in a repository that handles PII or financial data; base_score keeps ${request.score}`
    )
  }
  const detail = notes.length === 0 ? '' : ` (${notes.join('; ')})`
  const base = { score, baseScore: request.score, promoted }
  if (score < policy.problemScoreThreshold) {
    return {
      kind: 'suppressed',
      ...base,
      reason:
        `Suppressed: final score ${score}${detail} is below problem_score_threshold ${policy.problemScoreThreshold}, ` +
        'so it will not be posted; it is counted in the run summary. Do not raise its score to get it posted.'
    }
  }
  return {
    kind: 'accepted',
    ...base,
    elevated: elevation.elevated,
    reason: `Accepted at score ${score}${detail}.`
  }
}
