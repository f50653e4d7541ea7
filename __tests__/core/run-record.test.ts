import { BOT_MARKER } from '../../src/core/marker.js'
import { formatBotComment } from '../../src/core/rmcoc.js'
import { latestRunRecord } from '../../src/core/run-record.js'
import { BOT_GRAPHQL, BOT_LOGINS, BOT_REST, DEV, FINDING, issueComment } from './state-fixtures.js'

const sha = (c: string) => c.repeat(40)
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
      commentId: newer.id,
      nodeId: newer.nodeId,
      headSha: sha('b'),
      counts,
      createdAt: '2026-03-01T12:00:00Z'
    })
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
