/**
 * The summary-only findings a run record carries forward: stable, unique ids
 * across runs on one head, and never more than the record holds.
 */
import type { SummaryFinding } from '../../src/core/summary/summary.js'
import type { RunState, ThreadState } from '../../src/core/memory/run-state.js'
import { MAX_RECORDS, summaryRecordsAfterRun } from '../../src/review/publishing/summary-records.js'
import { EMPTY_RUN_STATE } from '../core/state-fixtures.js'

const HEAD = 'c0ffee'.padEnd(40, '1')

const inSummary = (id: string): SummaryFinding => ({
  id,
  path: 'src/a.ts',
  line: 3,
  score: 7,
  finding: `Finding ${id}`,
  assessment: 'Why.',
  reason: 'max_comments'
})

function earlierRecord(n: number, status: ThreadState['status']): ThreadState {
  return {
    id: `summary:old-${n}`,
    root_comment_id: 0,
    file: 'src/a.ts',
    line: n,
    status,
    score: 6,
    assessment: { finding: `Old finding ${n}`, assessment: '', score: 6 },
    developer_replies: [],
    github_resolved: status === 'RESOLVED',
    is_outdated: false,
    rejected_rebuttals: 0,
    origin: 'summary',
    ...(status === 'RESOLVED' ? { resolution: 'fixed' as const } : {})
  }
}

const stateWith = (threads: ThreadState[]): RunState => ({ ...EMPTY_RUN_STATE, threads })

it('two runs on one head give their "F1" different ids', () => {
  const first = summaryRecordsAfterRun(
    EMPTY_RUN_STATE,
    [inSummary('F1')],
    HEAD,
    '2026-11-23T06:00:00.000Z'
  )
  const carried = stateWith(
    first.records.map((r) => ({ ...earlierRecord(0, 'PENDING'), id: `summary:${r.id}` }))
  )
  const second = summaryRecordsAfterRun(
    carried,
    [inSummary('F1')],
    HEAD,
    '2026-11-23T07:00:00.000Z'
  )
  const ids = second.records.map((r) => r.id)
  expect(new Set(ids).size).toBe(2)
  expect(ids[1]).toMatch(/^c0ffee1-20261123070000-F1$/)
})

it('a run on the same head at the same second still gets a unique id', () => {
  const at = '2026-11-23T06:00:00.000Z'
  const first = summaryRecordsAfterRun(EMPTY_RUN_STATE, [inSummary('F1')], HEAD, at)
  const carried = stateWith([
    { ...earlierRecord(0, 'PENDING'), id: `summary:${first.records[0]!.id}` }
  ])
  const second = summaryRecordsAfterRun(carried, [inSummary('F1')], HEAD, at)
  expect(new Set(second.records.map((r) => r.id)).size).toBe(2)
})

it('past the cap, the oldest resolved records go first and open ones stay', () => {
  const threads = [
    ...Array.from({ length: 150 }, (_, i) => earlierRecord(i, 'RESOLVED')),
    ...Array.from({ length: 60 }, (_, i) => earlierRecord(1000 + i, 'PENDING'))
  ]
  const result = summaryRecordsAfterRun(
    stateWith(threads),
    [inSummary('F1')],
    HEAD,
    '2026-11-23T06:00:00.000Z'
  )
  expect(result.records).toHaveLength(MAX_RECORDS)
  expect(result.dropped).toBe(11)
  expect(result.records.filter((r) => r.status === 'PENDING')).toHaveLength(61)
  // The oldest resolved ones were dropped, the newest kept.
  expect(result.records.some((r) => r.id === 'old-0')).toBe(false)
  expect(result.records.some((r) => r.id === 'old-149')).toBe(true)
})

it('under the cap nothing is dropped', () => {
  const threads = Array.from({ length: 20 }, (_, i) => earlierRecord(i, 'RESOLVED'))
  const result = summaryRecordsAfterRun(stateWith(threads), [], HEAD, '2026-11-23T06:00:00.000Z')
  expect(result).toMatchObject({ dropped: 0 })
  expect(result.records).toHaveLength(20)
})
