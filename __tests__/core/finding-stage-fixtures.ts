/**
 * What the FindingStage tests share: the policy (threshold 5, elevation 5,
 * not security-sensitive), a finding on src/payments.ts and an earlier
 * thread on the same problem two lines below, each with overrides.
 */
import { type FindingInput } from '../../src/core/findings/finding-shapes.js'
import type { ThreadState } from '../../src/core/memory/run-state.js'

export const policy = {
  problemScoreThreshold: 5,
  scoreElevationThreshold: 5,
  securitySensitive: false
}

export function finding(overrides: Partial<FindingInput> = {}): FindingInput {
  return {
    file: 'src/payments.ts',
    line: 10,
    body: 'Explanation',
    finding: 'Refund total ignores partial captures',
    assessment: 'Refunds exceed the captured amount.',
    score: 7,
    ...overrides
  }
}

export function thread(
  status: ThreadState['status'],
  overrides: Partial<ThreadState> = {}
): ThreadState {
  return {
    id: 'PRRT_1',
    root_comment_id: 1,
    file: 'src/payments.ts',
    line: 11,
    status,
    score: 7,
    assessment: { finding: 'Refund total ignores partial captures', assessment: 'x', score: 7 },
    developer_replies: [],
    github_resolved: status === 'RESOLVED',
    is_outdated: false,
    rejected_rebuttals: 0,
    ...overrides
  }
}
