/**
 * What the SARIF file describes after a full review: this run's published
 * findings and the earlier ones still open, each once, under an identity the
 * next run gives the same finding.
 */
import type { PostedFinding, SummaryFinding } from '../../src/core/summary/summary.js'
import type { ThreadState } from '../../src/core/memory/run-state.js'
import { stillOpenFindings, type StillOpenInput } from '../../src/review/publishing/still-open.js'
import { summaryRecordId } from '../../src/review/publishing/summary-records.js'
import { stagedFinding } from '../core/state-fixtures.js'

const HEAD = 'c0ffee'.padEnd(40, '1')
const AT = '2026-11-23T09:15:00.000Z'

function earlier(
  id: string,
  status: ThreadState['status'],
  extra: Partial<ThreadState> = {}
): ThreadState {
  return {
    id,
    root_comment_id: 500,
    file: 'src/old.ts',
    line: 4,
    status,
    score: 7,
    assessment: { id: 'F1', finding: `Old ${id}`, assessment: 'Why.', score: 7 },
    developer_replies: [],
    github_resolved: status === 'RESOLVED',
    is_outdated: false,
    rejected_rebuttals: 0,
    ...extra
  }
}

const posted = (id: string, extra: Partial<PostedFinding> = {}): PostedFinding => ({
  id,
  path: 'src/app.ts',
  line: 12,
  score: 8,
  finding: `Finding ${id}`,
  placement: 'line',
  ...extra
})

const inSummary = (id: string): SummaryFinding => ({
  id,
  path: 'src/far.ts',
  line: 90,
  score: 6,
  finding: `Finding ${id}`,
  assessment: 'Why.',
  reason: 'not-in-diff'
})

function input(extra: Partial<StillOpenInput>): StillOpenInput {
  return {
    stage: [],
    published: { posted: [], inSummary: [] },
    threads: [],
    headSha: HEAD,
    reviewedAt: AT,
    ...extra
  }
}

it('this run: posted findings by thread, summary-only ones by their run-record id, with categories', () => {
  const found = stillOpenFindings(
    input({
      stage: [
        stagedFinding('F1', { category: 'correctness' }),
        stagedFinding('F2', { category: 'performance' })
      ],
      published: {
        posted: [posted('F1', { fingerprint: 'F1@900' })],
        inSummary: [inSummary('F2')]
      }
    })
  )
  expect(found).toEqual([
    {
      fingerprint: 'F1@900',
      file: 'src/app.ts',
      line: 12,
      score: 8,
      category: 'correctness',
      finding: 'Finding F1'
    },
    {
      fingerprint: summaryRecordId(HEAD, AT, 'F2'),
      file: 'src/far.ts',
      line: 90,
      score: 6,
      category: 'performance',
      finding: 'Finding F2'
    }
  ])
})

it('earlier findings: open threads and records stay, resolved ones do not', () => {
  const found = stillOpenFindings(
    input({
      threads: [
        earlier('PRRT_pending', 'PENDING', { root_comment_id: 501 }),
        earlier('PRRT_disputed', 'DISPUTED', { root_comment_id: 502, line: null }),
        earlier('PRRT_escalated', 'ESCALATED', {
          root_comment_id: 503,
          assessment: { finding: 'No id in an old block', assessment: 'Why.', score: 7 }
        }),
        earlier('PRRT_fixed', 'RESOLVED', { root_comment_id: 504 }),
        earlier('summary:abc1234-20261120-F3', 'PENDING', { origin: 'summary', root_comment_id: 0 })
      ]
    })
  )
  // Same score and file: the file-level one first, then by line, then as listed.
  expect(found.map((f) => [f.fingerprint, f.line])).toEqual([
    ['F1@502', null],
    ['F1@501', 4],
    ['comment@503', 4],
    ['abc1234-20261120-F3', 4]
  ])
})

it('a finding this run reopened in its old thread is listed once, under the thread', () => {
  const thread = earlier('PRRT_old', 'RESOLVED', { root_comment_id: 777 })
  const found = stillOpenFindings(
    input({
      stage: [stagedFinding('F4', { reopens: 'PRRT_old', category: 'correctness' })],
      // publish names the reopened thread by its root comment and first id
      published: { posted: [posted('F4', { fingerprint: 'F1@777' })], inSummary: [] },
      threads: [{ ...thread, status: 'PENDING' }]
    })
  )
  expect(found.map((f) => f.fingerprint)).toEqual(['F1@777'])
  expect(found[0]?.category).toBe('correctness')
})

it('most severe first; a stage finding that was not published (suppressed) is no open finding', () => {
  const found = stillOpenFindings(
    input({
      stage: [stagedFinding('S1', { state: 'suppressed', score: 3 }), stagedFinding('F1')],
      published: {
        posted: [posted('F1', { fingerprint: 'F1@1', score: 6 })],
        inSummary: []
      },
      threads: [earlier('PRRT_a', 'PENDING', { score: 9, root_comment_id: 2 })]
    })
  )
  expect(found.map((f) => [f.fingerprint, f.score])).toEqual([
    ['F1@2', 9],
    ['F1@1', 6]
  ])
})
