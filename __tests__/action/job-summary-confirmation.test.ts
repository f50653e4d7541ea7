import { findingRows } from '../../src/action/job-summary-findings.js'
import { passRows } from '../../src/action/job-summary-passes.js'
import type { JobSummaryInput } from '../../src/core/reports/run-report.js'
import { stagedFinding } from '../core/state-fixtures.js'

const input = (stage: JobSummaryInput['stage']): JobSummaryInput => ({
  verdict: { verdict: 'approve', reasons: ['none'] },
  prCommentPosted: false,
  stage,
  placements: { F2: 'line' },
  refused: [],
  resolvedThreads: [],
  passes: []
})

describe('the job summary of confirmation', () => {
  it('lists a refuted finding as refuted, and says how each confirmed one came out', () => {
    const rows = findingRows(
      input([
        stagedFinding('F1', {
          score: 9,
          state: 'refuted',
          finding: 'b overflows',
          confirmation: { outcome: 'refuted', basis: 'agreed', note: 'both confirmers refuted it' }
        }),
        stagedFinding('F2', {
          score: 10,
          finding: 'a leaks',
          confirmation: { outcome: 'unconfirmed', basis: 'split', note: 'they disagreed' }
        })
      ])
    )
    expect(rows).toEqual([
      ['src/app.ts:12', '10', 'posted inline', 'a leaks (unconfirmed: they disagreed)'],
      ['src/app.ts:12', '9', 'refuted', 'b overflows (refuted: both confirmers refuted it)']
    ])
  })

  it('shows the model requests of the confirmation row', () => {
    const [row] = passRows([
      {
        number: 5,
        label: 'confirmation',
        completed: true,
        durationMs: 1500,
        inputTokens: 200,
        outputTokens: 20,
        costUsd: 0.04,
        requests: 8
      }
    ])
    expect(row?.slice(0, 2)).toEqual(['confirmation', 'completed (8 model requests)'])
  })
})
