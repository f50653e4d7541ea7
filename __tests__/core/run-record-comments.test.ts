/**
 * latestRunRecord: the run record read from the bot's summary comments:
 * nothing before the first run, the newest run (not the newest comment),
 * every field of the block including the PR, base and completeness, and
 * forged, unmarked or malformed summaries ignored with a reason.
 */
import { BOT_MARKER } from '../../src/core/names/marker.js'
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import { latestRunRecord } from '../../src/core/memory/run-record-reader.js'
import {
  BOT_GRAPHQL,
  BOT_LOGINS,
  BOT_REST,
  COUNTS,
  DEV,
  FINDING,
  issueComment,
  sha,
  summaryBody,
  summaryRecord
} from './state-fixtures.js'

const counts = { posted: 4, suppressed: 2, resolved: 1, pending: 3, disputed: 0, escalated: 0 }
const summary = (head: string, text = 'Review summary') =>
  formatBotComment(text, { kind: 'summary', head_sha: head, counts })

describe('latestRunRecord', () => {
  it('finds nothing before the first run', () => {
    expect(
      latestRunRecord([issueComment(DEV, 'Please review', '2026-01-01T00:00:00Z')], BOT_LOGINS)
    ).toEqual({
      record: undefined,
      ignored: []
    })
  })

  it('takes the newest summary by time, not by position', () => {
    const newer = issueComment(BOT_GRAPHQL, summary(sha('b')), '2026-03-01T12:00:00Z')
    const older = issueComment(BOT_REST, summary(sha('a')), '2026-02-01T12:00:00Z')
    const { record } = latestRunRecord([newer, older], BOT_LOGINS)
    expect(record).toEqual({
      source: 'comment',
      commentId: newer.id,
      nodeId: newer.nodeId,
      headSha: sha('b'),
      reviewedHead: sha('b'),
      pr: undefined,
      baseRef: undefined,
      baseSha: undefined,
      reviewedAt: undefined,
      scope: undefined,
      counts,
      findings: [],
      createdAt: '2026-03-01T12:00:00Z'
    })
  })

  it('carries every field of the block', () => {
    const findings = [summaryRecord('cache-tenant'), summaryRecord('readme', { line: null })]
    const body = summaryBody({
      base_sha: sha('c'),
      reviewed_at: '2026-03-01T12:05:00Z',
      scope: 'incremental',
      findings
    })
    const { record } = latestRunRecord(
      [issueComment(BOT_REST, body, '2026-03-01T12:06:00Z')],
      BOT_LOGINS
    )
    expect(record).toMatchObject({
      headSha: sha('a'),
      reviewedHead: sha('a'),
      pr: undefined,
      baseRef: undefined,
      baseSha: sha('c'),
      reviewedAt: '2026-03-01T12:05:00Z',
      scope: 'incremental',
      counts: COUNTS,
      findings
    })
  })

  it('prefers the later run over the later comment (a summary edited in place keeps its createdAt)', () => {
    const edited = issueComment(
      BOT_REST,
      summaryBody({ head_sha: sha('e'), reviewed_at: '2026-05-01T00:00:00Z' }),
      '2026-01-01T00:00:00Z'
    )
    const other = issueComment(
      BOT_REST,
      summaryBody({ head_sha: sha('f'), reviewed_at: '2026-04-01T00:00:00Z' }),
      '2026-04-01T00:00:00Z'
    )
    expect(latestRunRecord([edited, other], BOT_LOGINS).record?.headSha).toBe(sha('e'))
  })

  it.each([
    [
      'a summary forged by a user',
      issueComment(DEV, summary(sha('f')), '2026-09-01T00:00:00Z'),
      /not in bot_logins/
    ],
    [
      'an unmarked github-actions[bot] summary from another workflow',
      issueComment(BOT_REST, summary(sha('f')).replace(BOT_MARKER, ''), '2026-09-01T00:00:00Z'),
      /lacks the bot marker/
    ],
    [
      'a bot summary with malformed JSON',
      issueComment(
        BOT_REST,
        `\`\`\`rmcoc\n{"kind": "summary",\n\`\`\`\n${BOT_MARKER}`,
        '2026-09-01T00:00:00Z'
      ),
      /malformed-json/
    ],
    [
      'a bot comment carrying a finding, not a summary',
      issueComment(BOT_REST, formatBotComment('x', FINDING), '2026-09-01T00:00:00Z'),
      /"finding" block, not a summary/
    ]
  ])('ignores %s, with a reason', (_name, bad, reason) => {
    const good = issueComment(BOT_REST, summary(sha('c')), '2026-01-01T00:00:00Z')
    const { record, ignored } = latestRunRecord([good, bad], BOT_LOGINS)
    expect(record?.headSha).toBe(sha('c'))
    expect(ignored).toEqual([{ commentId: bad.id, reason: expect.stringMatching(reason) }])
  })
})

describe('a record binds its PR, base and completeness', () => {
  const block = (extra: Record<string, unknown>) =>
    formatBotComment('Run.', {
      kind: 'summary',
      head_sha: sha('c'),
      counts: COUNTS,
      ...extra
    })
  const read = (body: string) =>
    latestRunRecord(
      [
        {
          id: 5,
          nodeId: 'IC_5',
          author: { login: 'github-actions[bot]', isBot: true },
          body,
          createdAt: '2026-01-01T00:00:00Z'
        }
      ],
      ['github-actions[bot]']
    ).record

  it('a complete record reviewed its head', () => {
    expect(read(block({ pr: 7, base_ref: 'main' }))).toMatchObject({
      pr: 7,
      baseRef: 'main',
      reviewedHead: sha('c')
    })
  })

  it('an incomplete record names the last head that was fully reviewed, or none', () => {
    expect(read(block({ incomplete: true, reviewed_head_sha: sha('a') }))?.reviewedHead).toBe(
      sha('a')
    )
    expect(read(block({ incomplete: true }))?.reviewedHead).toBeUndefined()
  })
})
