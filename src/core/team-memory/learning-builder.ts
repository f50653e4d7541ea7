/**
 * A learning block from a teaching thread and the rule the model wrote for
 * it. The rule is cleaned (rule-text.ts); the scope is the finding's
 * directory (scope-glob.ts) and its category; the id is derived from the
 * source thread and the rule, so building it twice gives the same id.
 */
import { createHash } from 'node:crypto'
import { formatZodIssues } from '../errors/zod-issues.js'
import { learningBlock } from '../memory/learning-block.js'
import type { LearningBlock } from '../memory/rmcoc.js'
import type { LearningCandidate } from './learning-candidates.js'
import { cleanRuleText } from './rule-text.js'
import { scopeGlobFor } from './scope-glob.js'

export class LearningInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LearningInputError'
  }
}

export interface LearningInput {
  readonly candidate: LearningCandidate
  /** The model's one-sentence rule. */
  readonly rule: string
  readonly now: Date
  /** Where the thread is on GitHub, when known. */
  readonly url?: string
  /** Local mode: the branch the finding was dismissed on. */
  readonly branch?: string
}

/**
 * "L-" and the first 10 hex digits of SHA-256 over the source PR, thread and
 * rule (and the branch, locally: every branch is pull request 1 there).
 */
export function learningId(pr: number, thread: string, rule: string, branch?: string): string {
  const source = branch === undefined ? `${pr}\n${thread}` : `${pr}\n${thread}\n${branch}`
  const digest = createHash('sha256').update(`${source}\n${rule}`).digest('hex')
  return `L-${digest.slice(0, 10)}`
}

/** Throws LearningInputError naming the field, the value received and what was expected. */
export function buildLearning(input: LearningInput): LearningBlock {
  const { candidate, now } = input
  const rule = cleanRuleText(input.rule)
  if (rule === '') {
    throw new LearningInputError(
      `learning.rule: expected one sentence with readable text; received ${JSON.stringify(input.rule.slice(0, 80))}`
    )
  }
  if (Number.isNaN(now.getTime())) {
    throw new LearningInputError(
      'learning.created_at: expected a valid date; received an invalid Date'
    )
  }
  const block = {
    kind: 'learning',
    id: learningId(candidate.pr, candidate.thread, rule, input.branch),
    rule,
    scope: { path: scopeGlobFor(candidate.file), category: candidate.category },
    finding: candidate.finding.trim().slice(0, 500),
    source: {
      pr: candidate.pr,
      thread: candidate.thread,
      ...(input.url === undefined ? {} : { url: input.url }),
      ...(input.branch === undefined ? {} : { branch: input.branch })
    },
    taught_by: candidate.taughtBy,
    via: candidate.via,
    created_at: now.toISOString()
  }
  const parsed = learningBlock.safeParse(block)
  if (!parsed.success) {
    const issues = formatZodIssues(parsed.error.issues, block, { root: 'learning' })
    throw new LearningInputError(
      `invalid learning: ${issues.map((i) => `learning.${i}`).join('; ')}`
    )
  }
  return parsed.data
}
