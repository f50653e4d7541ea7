/**
 * The run record the summary comment carries: its counts (conceded threads
 * count as resolved) and its fields (base, scope, time, summary-only
 * records) read back unchanged, with secrets redacted.
 */
import { parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { REDACTED } from '../../src/core/text-safety/sanitize.js'
import {
  summaryBlock,
  composeSummaryComment,
  type SummaryInput
} from '../../src/core/summary/summary.js'
import { HEAD, busy, quiet } from './summary-fixtures.js'

describe('the run record counts', () => {
  it('counts conceded threads as resolved, as the threads_resolved output does', () => {
    const block = summaryBlock({
      ...quiet,
      counts: { ...quiet.counts, threadsResolved: 2, threadsConceded: 1 }
    })
    expect(block.counts.resolved).toBe(3)
  })
})

describe('the run record fields', () => {
  it('writes base, scope, time and the summary-only records, read back unchanged', () => {
    const input: SummaryInput = {
      ...busy,
      baseSha: 'b'.repeat(40),
      reviewedAt: '2026-03-01T12:34:56.000Z',
      scope: { kind: 'incremental', from: 'c'.repeat(40), changedFiles: 2, unchangedFiles: 1 },
      records: [
        {
          id: '0123456789ab-F3',
          file: 'docs/x.md',
          line: 4,
          finding: 'Wrong port documented',
          assessment: 'The docs say 8080.',
          score: 5,
          status: 'PENDING'
        },
        {
          id: 'fedcba987654-F9',
          file: 'README.md',
          line: null,
          finding: 'Stale badge',
          score: 6,
          status: 'RESOLVED',
          resolution: 'fixed'
        }
      ]
    }
    const parsed = parseRmcoc(composeSummaryComment(input))
    expect(parsed).toEqual({
      ok: true,
      block: {
        kind: 'summary',
        head_sha: HEAD,
        base_sha: 'b'.repeat(40),
        reviewed_at: '2026-03-01T12:34:56.000Z',
        scope: 'incremental',
        findings: input.records,
        counts: summaryBlock(input).counts
      }
    })
  })

  it('redacts a secret in a record and keeps the comment postable', () => {
    const secret = 'record-secret-5a4b3c2d1e'
    const body = composeSummaryComment(
      {
        ...busy,
        records: [
          {
            id: 'r1',
            file: 'a.ts',
            line: 1,
            finding: `Leaks ${secret}`,
            assessment: `Also ${secret}`,
            score: 6,
            status: 'PENDING'
          }
        ]
      },
      [secret]
    )
    expect(body).not.toContain(secret)
    const parsed = parseRmcoc(body)
    expect(parsed.ok && parsed.block.kind === 'summary' && parsed.block.findings).toEqual([
      expect.objectContaining({ finding: `Leaks ${REDACTED}`, assessment: `Also ${REDACTED}` })
    ])
  })
})
