/**
 * The job summary of a run with several reviewer models: one row per
 * reviewer with its status, model requests, tokens and dollars, each one's
 * pass table, and the total over all of them.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { writeJobSummary, type JobSummaryInput } from '../../src/action/job-summary.js'
import { findingRows } from '../../src/action/job-summary-findings.js'
import { stagedFinding } from '../core/state-fixtures.js'
import { reviewerRows } from '../../src/action/job-summary-reviewers.js'
import type { PassMetrics, ReviewerReport } from '../../src/core/reports/run-report.js'

const pass = (number: number, extra: Partial<PassMetrics> = {}): PassMetrics => ({
  number,
  completed: true,
  durationMs: 1000,
  inputTokens: 1000,
  outputTokens: 100,
  costUsd: 0.01,
  requests: 3,
  ...extra
})

const reviewers: ReviewerReport[] = [
  { model: 'fake/primary', primary: true, passes: [1, 2, 3, 4].map((n) => pass(n)) },
  {
    model: 'fake/second<b>',
    primary: false,
    failure: 'the model could not be used: 401 <invalid> key',
    passes: [pass(1, { completed: false, requests: 1, inputTokens: 50, costUsd: 0, note: 'x' })]
  }
]

describe('reviewerRows', () => {
  it('sums each reviewer over its passes and names the failed one with its reason, escaped', () => {
    expect(reviewerRows(reviewers)).toEqual([
      ['<code>fake/primary</code> (primary)', 'completed', '12', '4000', '400', '$0.04'],
      [
        '<code>fake/second&lt;b&gt;</code>',
        'failed: the model could not be used: 401 &lt;invalid&gt; key',
        '1',
        '50',
        '100',
        '$0.00'
      ]
    ])
  })
})

describe('findingRows with several reviewers', () => {
  it('names the models of a finding several raised, and only then', () => {
    const rows = findingRows({
      verdict: { verdict: 'approve', reasons: [] },
      prCommentPosted: true,
      stage: [
        stagedFinding('F1', { score: 8, reviewers: ['fake/primary', 'fake/second'] }),
        stagedFinding('F2', { score: 6, line: 40, reviewers: ['fake/second'] })
      ],
      placements: { F1: 'line', F2: 'line' },
      refused: [],
      resolvedThreads: [],
      passes: []
    })
    expect(rows.map((r) => r[3])).toEqual([
      'Finding F1 (raised by fake/primary, fake/second)',
      'Finding F2'
    ])
  })
})

describe('writeJobSummary with several reviewers', () => {
  let dir: string
  let file: string
  const previous = process.env.GITHUB_STEP_SUMMARY

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'job-summary-reviewers-'))
    file = join(dir, 'summary.md')
    await writeFile(file, '')
    process.env.GITHUB_STEP_SUMMARY = file
  })

  afterAll(async () => {
    if (previous === undefined) delete process.env.GITHUB_STEP_SUMMARY
    else process.env.GITHUB_STEP_SUMMARY = previous
    await rm(dir, { recursive: true, force: true })
  })

  it('writes the reviewers table, one pass table each, and the total of all', async () => {
    const input: JobSummaryInput = {
      verdict: { verdict: 'approve', reasons: ['nothing open'] },
      prCommentPosted: false,
      stage: [],
      placements: {},
      refused: [],
      resolvedThreads: [],
      passes: reviewers.flatMap((r) => r.passes),
      reviewers
    }
    await writeJobSummary(input)
    const text = await readFile(file, 'utf8')
    expect(text).toContain('<h3>Reviewers</h3>')
    expect(text).toContain(
      '<td><code>fake/primary</code> (primary)</td><td>completed</td><td>12</td><td>4000</td><td>400</td><td>$0.04</td>'
    )
    expect(text).toContain('<h4>Passes of fake/primary</h4>')
    expect(text).toContain('<h4>Passes of fake/second&lt;b&gt;</h4>')
    expect(text).not.toContain('<h3>Passes</h3>')
    // The total covers both reviewers: 4 + 1 passes, 4050 input tokens.
    expect(text).toContain('<td><strong>Total</strong></td><td>5 passes</td>')
    expect(text).toContain('<td>4050</td>')
  })
})
