/**
 * runRecordFromCheckRun: the run record read from the bot's completed check
 * run, recognised by any configured bot App, and a forged, unfinished,
 * unmarked, malformed or mismatched check run ignored, naming why.
 */
import { BOT_MARKER } from '../../src/core/names/marker.js'
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import { runRecordFromCheckRun } from '../../src/core/memory/run-record-reader.js'
import {
  BOT_LOGINS,
  checkRun,
  COUNTS,
  FINDING,
  sha,
  summaryBody,
  summaryRecord
} from './state-fixtures.js'

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
