import {
  composeCheckRunOutput,
  composeFailedOutput,
  composeStartedOutput
} from '../../src/core/reports/check-run-output.js'
import { BOT_MARKER } from '../../src/core/names/marker.js'
import { parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { REDACTED } from '../../src/core/text-safety/sanitize.js'
import { summaryBlock } from '../../src/core/summary/run-record-block.js'
import type { SummaryInput } from '../../src/core/summary/summary.js'
import { busy, inSummaryFindings, longRecords, quiet } from './summary-fixtures.js'

const input: SummaryInput = {
  ...busy,
  baseSha: 'b'.repeat(40),
  reviewedAt: '2026-03-01T12:00:00Z',
  scope: { kind: 'full', reason: 'first review of this pull request' },
  records: longRecords(3)
}

describe('composeCheckRunOutput', () => {
  it.each<[SummaryInput['verdict']['verdict'], string, string]>([
    ['approve', 'success', '✅ Approve'],
    ['request_changes', 'neutral', '🟠 Request changes'],
    ['needs_major_work', 'neutral', '🔴 Needs major work']
  ])(
    '%s with fail_on never: conclusion %s, titled with the verdict',
    (verdict, conclusion, title) => {
      const out = composeCheckRunOutput({ ...input, verdict: { verdict, reasons: ['r'] } })
      expect(out.conclusion).toBe(conclusion)
      expect(out.title).toBe(title)
    }
  )

  it('fail_on decides the failure: request_changes fails a request_changes verdict', () => {
    const verdict = { verdict: 'request_changes' as const, reasons: ['r'] }
    expect(composeCheckRunOutput({ ...input, verdict }, [], 'request_changes').conclusion).toBe(
      'failure'
    )
    expect(composeCheckRunOutput({ ...input, verdict }, [], 'needs_major_work').conclusion).toBe(
      'neutral'
    )
  })

  it('an approve from a review that did not finish is neutral, not success', () => {
    const out = composeCheckRunOutput({
      ...input,
      verdict: { verdict: 'approve', reasons: ['r'] },
      consolidationIncomplete: true
    })
    expect(out.conclusion).toBe('neutral')
  })

  it('text is the record and the marker, and parses back to the same record', () => {
    const out = composeCheckRunOutput(input)
    expect(out.text.startsWith('```rmcoc\n')).toBe(true)
    expect(out.text.endsWith(BOT_MARKER)).toBe(true)
    expect(parseRmcoc(out.text)).toEqual({ ok: true, block: summaryBlock(input) })
  })

  it('summary is the run’s markdown (scope, findings) with no history and no record', () => {
    const out = composeCheckRunOutput(input)
    expect(out.summary).toContain('## OpenCode review: 🟠 Request changes')
    expect(out.summary).toContain('Full review: first review of this pull request.')
    expect(out.summary).toContain('`src/a.ts:12`: Unchecked null')
    expect(out.summary).not.toContain('```rmcoc')
    expect(out.summary).not.toContain(BOT_MARKER)
    expect(out.summary).not.toContain('<!-- opencode-review:')
  })

  it('sanitizes model text in the summary and the record', () => {
    const secret = 'check-secret-0a1b2c3d4e'
    const out = composeCheckRunOutput(
      {
        ...input,
        passes: [{ number: 1, summary: `Saw ${secret}, ask @octocat`, completed: true }],
        records: [{ ...longRecords(1)[0]!, finding: `Uses ${secret}` }]
      },
      [secret]
    )
    expect(out.summary + out.text).not.toContain(secret)
    expect(out.summary).toContain('@\u2060octocat')
    expect(out.text).toContain(`Uses ${REDACTED}`)
  })

  it('stays within GitHub’s 65,535 characters per field with long findings and 150 records', () => {
    const out = composeCheckRunOutput({
      ...quiet,
      passes: [1, 2, 3, 4].map((number) => ({
        number,
        summary: 'Long pass prose. '.repeat(400),
        completed: true
      })),
      inSummary: inSummaryFindings(200, (i) => `A${i} `.padEnd(1500, 'x ')),
      records: longRecords(150)
    })
    expect(out.summary.length).toBeLessThanOrEqual(65_535)
    expect(out.text.length).toBeLessThanOrEqual(65_535)
    expect(out.summary).toContain('`S199`')
  })
})

describe('the outputs of a running and a failed review', () => {
  it('in progress: says so, names the head and links the workflow run', () => {
    const out = composeStartedOutput(
      'c0ffee'.padEnd(40, '1'),
      'https://github.com/o/r/actions/runs/7'
    )
    expect(out.title).toBe('Review in progress')
    expect(out.summary).toContain('`c0ffee111111`')
    expect(out.summary).toContain('(https://github.com/o/r/actions/runs/7)')
  })

  it('failed: the reason, sanitized, with the run link and no record', () => {
    const secret = 'failed-secret-0a1b2c3d4e'
    const out = composeFailedOutput(
      `Review failed: the model said ${secret} to @octocat`,
      'https://github.com/o/r/actions/runs/7',
      'never',
      [secret]
    )
    expect(out.title).toBe('Review could not complete')
    expect(out.summary).toContain('Review failed: the model said')
    expect(out.summary).not.toContain(secret)
    expect(out.summary).toContain('@\u2060octocat')
    expect(out.summary).toContain('(https://github.com/o/r/actions/runs/7)')
    expect(out.text).toBe('')
  })

  it.each([
    ['never', 'neutral'],
    ['request_changes', 'failure'],
    ['needs_major_work', 'failure']
  ] as const)('failed with fail_on %s: %s', (failOn, conclusion) => {
    expect(composeFailedOutput('x', 'https://u', failOn).conclusion).toBe(conclusion)
  })
})
