/**
 * What the pass-prompt tests share: the full-review scope, three prior
 * threads (pending, disputed, resolved) and `fencedAfter`, which reads the
 * fenced block under a label.
 */
import { expect } from '@jest/globals'
import type { PriorThread } from '../../src/review/prompts/prompts.js'
import type { ReviewScope } from '../../src/review/scope/change-since.js'

export const FULL: ReviewScope = {
  kind: 'full',
  reason: 'first review: no earlier run recorded one'
}

/** The body lines of the fenced block that follows the line matching `label`. */
export function fencedAfter(prompt: string, label: RegExp): string[] {
  const lines = prompt.split('\n')
  const start = lines.findIndex((line) => label.test(line))
  expect(start).toBeGreaterThanOrEqual(0)
  const fence = /^`{3,}/.exec(lines[start + 1] ?? '')?.[0]
  expect(fence).toBeDefined()
  const end = lines.findIndex((line, i) => i > start + 1 && line === fence)
  expect(end).toBeGreaterThan(start + 1)
  return lines.slice(start + 2, end)
}

export const threads: PriorThread[] = [
  {
    id: 'PRRT_kwDOA1',
    file: 'src/export.ts',
    line: 12,
    status: 'PENDING',
    score: 7,
    assessment: { finding: 'Empty export list crashes the writer' },
    developer_replies: []
  },
  {
    id: 'PRRT_kwDOA2',
    file: 'src/auth.ts',
    line: null,
    status: 'DISPUTED',
    score: 8,
    assessment: { finding: 'Admin check is bypassed' },
    developer_replies: [{ author: 'dev', body: 'The gateway checks it.', timestamp: '2024-05-01' }]
  },
  {
    id: 'PRRT_kwDOA3',
    file: 'src/old.ts',
    line: 3,
    status: 'RESOLVED',
    score: 6,
    assessment: { finding: 'Double map' },
    developer_replies: [{ author: 'dev', body: 'settled talk', timestamp: '2024-04-01' }]
  }
]
