import { FIX_REPORT_STATUSES } from '../../src/core/memory/fix-report-block.js'
import {
  blockStatus,
  formatBotComment,
  parseRmcoc,
  type FixReportBlock
} from '../../src/core/memory/rmcoc.js'
import { latestRunRecord } from '../../src/core/memory/run-record-reader.js'
import { BOT_LOGINS, BOT_REST, issueComment } from './state-fixtures.js'

const block: FixReportBlock = {
  kind: 'fix-report',
  status: 'converged',
  rounds: 2,
  commits: ['a'.repeat(40), 'b'.repeat(40)],
  fixed: ['F1@12', 'comment@40'],
  rejected: ['F2@13'],
  stuck: []
}

describe('the fix-report rmcoc block', () => {
  it.each(FIX_REPORT_STATUSES)('round-trips with status %s', (status) => {
    const parsed = parseRmcoc(formatBotComment('Report.', { ...block, status }))
    expect(parsed).toEqual({ ok: true, block: { ...block, status } })
  })

  it.each<[string, Partial<FixReportBlock> | Record<string, unknown>, string]>([
    ['an unknown status', { status: 'done' }, 'status'],
    ['more than 3 rounds', { rounds: 4 }, 'rounds'],
    ['a commit that is no SHA', { commits: ['main'] }, 'commits[0]'],
    ['an id without its comment', { fixed: ['F1'] }, 'fixed[0]'],
    ['an id with a space', { stuck: ['F 1@2'] }, 'stuck[0]']
  ])('refuses %s, naming the field', (_name, change, field) => {
    const body = '```rmcoc\n' + JSON.stringify({ ...block, ...change }) + '\n```'
    const parsed = parseRmcoc(body)
    expect(parsed.ok).toBe(false)
    expect(parsed.ok ? '' : parsed.detail).toContain(field)
  })

  it('announces no thread status', () => {
    expect(blockStatus(block)).toBeUndefined()
  })

  it('is not taken for the run record', () => {
    const comment = issueComment(
      BOT_REST,
      formatBotComment('Report.', block),
      '2026-03-01T00:00:00Z'
    )
    const lookup = latestRunRecord([comment], BOT_LOGINS)
    expect(lookup.record).toBeUndefined()
    expect(lookup.ignored[0]?.reason).toContain('"fix-report" block, not a summary')
  })
})
