/** Plain-data builders for the team-memory tests. */
import type { LearningBlock } from '../../../src/core/memory/rmcoc.js'
import type { ThreadState } from '../../../src/core/memory/run-state.js'

export function thread(overrides: Partial<ThreadState> = {}): ThreadState {
  return {
    id: 'PRRT_1',
    root_comment_id: 11,
    file: 'src/api/users.ts',
    line: 12,
    status: 'PENDING',
    score: 6,
    assessment: {
      finding: 'The user id is written to the request log',
      assessment: 'Logging identifiers may leak personal data.',
      score: 6,
      category: 'privacy'
    },
    developer_replies: [],
    github_resolved: false,
    is_outdated: false,
    rejected_rebuttals: 0,
    ...overrides
  }
}

export const reply = (author: string, body: string, timestamp = '2026-03-01T10:00:00Z') => ({
  author,
  body,
  timestamp
})

export function learning(overrides: Partial<LearningBlock> = {}): LearningBlock {
  return {
    kind: 'learning',
    id: 'L-0123456789',
    rule: 'Internal user ids may be logged in the API layer; they are not personal data.',
    scope: { path: 'src/api/**', category: 'privacy' },
    finding: 'The user id is written to the request log',
    source: { pr: 7, thread: 'PRRT_1', url: 'https://github.com/o/r/pull/7#discussion_r11' },
    taught_by: 'alice',
    via: 'concession',
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides
  }
}
