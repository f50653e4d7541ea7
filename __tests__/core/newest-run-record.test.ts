/**
 * newestRunRecord: which of several run records (comment or check run) is
 * the newest: by reviewedAt compared as instants, else by the time of its
 * home, and the later in the list on a full tie.
 */
import { newestRunRecord, type RunRecord } from '../../src/core/memory/run-record-reader.js'
import { COUNTS } from './state-fixtures.js'

describe('newestRunRecord', () => {
  const fromComment = (
    name: string,
    createdAt: string,
    reviewedAt: string | undefined
  ): RunRecord => ({
    source: 'comment',
    commentId: 1,
    nodeId: 'IC_1',
    createdAt,
    headSha: name,
    reviewedHead: name,
    pr: undefined,
    baseRef: undefined,
    baseSha: undefined,
    reviewedAt,
    scope: undefined,
    counts: COUNTS,
    findings: []
  })
  const fromCheck = (
    name: string,
    completedAt: string,
    reviewedAt: string | undefined
  ): RunRecord => ({
    source: 'check-run',
    checkRunId: 2,
    completedAt,
    headSha: name,
    reviewedHead: name,
    pr: undefined,
    baseRef: undefined,
    baseSha: undefined,
    reviewedAt,
    scope: undefined,
    counts: COUNTS,
    findings: []
  })
  const newest = (...records: RunRecord[]) => newestRunRecord(records)?.headSha

  it('is undefined without records', () => {
    expect(newestRunRecord([])).toBeUndefined()
  })

  it('orders by reviewedAt when both have it, whatever the homes say', () => {
    const run2 = fromComment('run2', '2026-01-01T00:00:00Z', '2026-03-02T00:00:00Z')
    const run1 = fromCheck('run1', '2026-03-05T00:00:00Z', '2026-03-01T00:00:00Z')
    expect(newest(run2, run1)).toBe('run2')
    expect(newest(run1, run2)).toBe('run2')
  })

  it('compares instants, not strings, across time zones', () => {
    const utc = fromCheck('utc', '2026-03-01T00:00:00Z', '2026-03-01T11:00:00Z')
    const paris = fromCheck('paris', '2026-03-01T00:00:00Z', '2026-03-01T12:30:00+01:00')
    expect(newest(paris, utc)).toBe('paris')
  })

  it('falls back to the time of the home when one has no reviewedAt', () => {
    const stamped = fromCheck('stamped', '2026-03-01T00:00:00Z', '2026-03-09T00:00:00Z')
    const legacy = fromComment('legacy', '2026-03-02T00:00:00Z', undefined)
    expect(newest(stamped, legacy)).toBe('legacy')
    expect(newest(legacy, stamped)).toBe('legacy')
  })

  it('falls back to the home when reviewedAt ties', () => {
    const comment = fromComment('comment', '2026-03-01T00:00:05Z', '2026-03-01T00:00:00Z')
    const check = fromCheck('check', '2026-03-01T00:00:09Z', '2026-03-01T00:00:00Z')
    expect(newest(check, comment)).toBe('check')
    expect(newest(comment, check)).toBe('check')
  })

  it('prefers the record with reviewedAt when the homes tie', () => {
    const stamped = fromCheck('stamped', '2026-03-01T00:00:00Z', '2026-03-01T00:00:00Z')
    const legacy = fromComment('legacy', '2026-03-01T00:00:00Z', undefined)
    expect(newest(stamped, legacy)).toBe('stamped')
    expect(newest(legacy, stamped)).toBe('stamped')
  })

  it('prefers the record with reviewedAt when a home time is unreadable', () => {
    const stamped = fromCheck('stamped', 'not a time', '2026-03-01T00:00:00Z')
    const legacy = fromComment('legacy', '2026-03-05T00:00:00Z', undefined)
    expect(newest(legacy, stamped)).toBe('stamped')
    expect(newest(stamped, legacy)).toBe('stamped')
  })

  it('takes the later in the list on a full tie', () => {
    const a = fromComment('a', '2026-03-01T00:00:00Z', undefined)
    const b = fromCheck('b', '2026-03-01T00:00:00Z', undefined)
    expect(newest(a, b)).toBe('b')
    expect(newest(b, a)).toBe('a')
  })
})
