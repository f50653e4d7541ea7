import { BOT_MARKER } from '../../src/core/names/marker.js'
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import {
  latestRunRecord,
  newestRunRecord,
  runRecordFromCheckRun,
  type RunRecord
} from '../../src/core/memory/run-record-reader.js'
import {
  BOT_GRAPHQL,
  BOT_LOGINS,
  BOT_REST,
  checkRun,
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

describe('runRecordFromCheckRun', () => {
  it('reads the record of the bot’s completed check run', () => {
    const findings = [summaryRecord('cache-tenant', { status: 'RESOLVED', resolution: 'fixed' })]
    const check = checkRun({
      text: summaryBody({ reviewed_at: '2026-03-01T11:59:00Z', scope: 'full', findings })
    })
    expect(runRecordFromCheckRun(check, BOT_LOGINS)).toEqual({
      source: 'check-run',
      checkRunId: check.id,
      completedAt: '2026-03-01T12:00:00Z',
      headSha: sha('a'),
      reviewedHead: sha('a'),
      pr: undefined,
      baseRef: undefined,
      baseSha: undefined,
      reviewedAt: '2026-03-01T11:59:00Z',
      scope: 'full',
      counts: COUNTS,
      findings
    })
  })

  it('recognises the App of any configured bot login, with or without "[bot]"', () => {
    const check = checkRun({ appSlug: 'opencode-reviewer' })
    expect(runRecordFromCheckRun(check, BOT_LOGINS)).toMatchObject({ source: 'check-run' })
    expect(runRecordFromCheckRun(check, ['opencode-reviewer'])).toMatchObject({
      source: 'check-run'
    })
  })

  it.each([
    [
      'a check run from another App (a forgery)',
      { appSlug: 'some-other-app' },
      /appSlug "some-other-app" is not one of the bot identities \(github-actions, opencode-reviewer\)/
    ],
    ['a check run of unknown origin', { appSlug: null }, /appSlug null is not one of/],
    [
      'a check run still in progress',
      { status: 'in_progress', completedAt: null },
      /status is "in_progress".*expected "completed"/
    ],
    [
      'a completed check run without a completion time',
      { completedAt: null },
      /completedAt null.*expected "completed" with a completion time/
    ],
    [
      'a check run without the marker',
      { text: summaryBody().replace(BOT_MARKER, '') },
      /lacks the bot marker/
    ],
    ['a check run without text', { text: '' }, /lacks the bot marker/],
    [
      'a check run whose block is not JSON',
      { text: `\`\`\`rmcoc\n{"kind":\n\`\`\`\n${BOT_MARKER}` },
      /malformed-json/
    ],
    [
      'a check run whose block is invalid',
      { text: summaryBody().replace('"posted": 1', '"posted": -1') },
      /invalid-schema: counts\.posted/
    ],
    [
      'a check run carrying a finding',
      { text: formatBotComment('x', FINDING) },
      /"finding" block, expected a summary/
    ],
    [
      'a check run whose block names another head',
      { text: summaryBody({ head_sha: sha('b') }) },
      new RegExp(`head_sha ${sha('b')} differs from the check run's head ${sha('a')}`)
    ]
  ])('ignores %s, naming why', (_name, extra, reason) => {
    const check = checkRun(extra)
    expect(runRecordFromCheckRun(check, BOT_LOGINS)).toEqual({
      ignored: true,
      checkRunId: check.id,
      reason: expect.stringMatching(reason)
    })
  })
})

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
