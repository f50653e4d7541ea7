/**
 * The run's verdict, from consensus rules that rank by score: a human reviewer
 * with authority who requests changes, or a posted finding at 5-8, means
 * request_changes; a posted finding at 9-10 means needs_major_work;
 * otherwise approve.
 *
 * The rules apply in this order: a human CHANGES_REQUESTED decides
 * first (request_changes, the humans are already on it), then the scores.
 * Every rule that fired is still listed in the reasons, so a 9-10 is never
 * hidden from the summary.
 */
import { normalizeLogin } from '../names/login.js'
import type { PullRequestReviewData } from '../pull-request/pr-data.js'

export type Verdict = 'approve' | 'request_changes' | 'needs_major_work'

/** Associations whose CHANGES_REQUESTED counts: people with a say in the repository. */
export const AUTHORITATIVE_ASSOCIATIONS: readonly string[] = ['OWNER', 'MEMBER', 'COLLABORATOR']

export interface VerdictInput {
  readonly reviews: readonly PullRequestReviewData[]
  /** Final scores of the findings actually posted in this run (inline or in the summary). */
  readonly postedScores: readonly number[]
}

export interface VerdictDecision {
  readonly verdict: Verdict
  /** Every rule that fired, most severe first; one "no blocking..." line for approve. */
  readonly reasons: readonly string[]
}

/**
 * States that set a reviewer's standing. A later COMMENTED review does not
 * lift a CHANGES_REQUESTED on GitHub, and PENDING reviews are not submitted.
 */
const STANDING_STATES = new Set(['APPROVED', 'CHANGES_REQUESTED', 'DISMISSED'])

/** Each human reviewer's latest standing review, by normalized login. */
function latestStandingReviews(
  reviews: readonly PullRequestReviewData[]
): Map<string, PullRequestReviewData> {
  const latest = new Map<string, PullRequestReviewData>()
  for (const review of reviews) {
    if (review.author === null || review.author.isBot) continue
    if (!STANDING_STATES.has(review.state) || review.submittedAt === null) continue
    const login = normalizeLogin(review.author.login)
    const previous = latest.get(login)
    // ISO timestamps compare as strings; on a tie the later entry (API order) wins.
    if (previous === undefined || (previous.submittedAt ?? '') <= review.submittedAt) {
      latest.set(login, review)
    }
  }
  return latest
}

/** Logins of authoritative humans whose standing review is CHANGES_REQUESTED. */
export function humanChangeRequesters(reviews: readonly PullRequestReviewData[]): string[] {
  return [...latestStandingReviews(reviews).values()]
    .filter(
      (review) =>
        review.state === 'CHANGES_REQUESTED' &&
        AUTHORITATIVE_ASSOCIATIONS.includes(review.authorAssociation)
    )
    .map((review) => `${review.author?.login ?? 'unknown'} (${review.authorAssociation})`)
}

function describeScores(scores: readonly number[], band: string): string {
  const highest = Math.max(...scores)
  const noun = scores.length === 1 ? 'finding' : 'findings'
  return `${scores.length} posted ${noun} scored ${band} (highest ${highest})`
}

export function decideVerdict(input: VerdictInput): VerdictDecision {
  const critical = input.postedScores.filter((score) => score >= 9)
  const important = input.postedScores.filter((score) => score >= 5 && score <= 8)
  const requesters = humanChangeRequesters(input.reviews)
  const reasons: string[] = []
  if (critical.length > 0) reasons.push(describeScores(critical, '9-10'))
  if (requesters.length > 0) reasons.push(`changes requested by ${requesters.join(', ')}`)
  if (important.length > 0) reasons.push(describeScores(important, '5-8'))
  if (requesters.length > 0) return { verdict: 'request_changes', reasons }
  if (critical.length > 0) return { verdict: 'needs_major_work', reasons }
  if (reasons.length > 0) return { verdict: 'request_changes', reasons }
  return {
    verdict: 'approve',
    reasons: [
      'no posted finding scored 5 or more and no owner, member or collaborator requested changes'
    ]
  }
}
