/**
 * Writing and reading the bot's rmcoc blocks: every kind of block survives
 * formatBotComment then parseRmcoc unchanged, the comment's layout, the seed
 * form of a finding, the last block winning, the seed headings and
 * headingStatus, and invalid blocks refused when formatting.
 */
import { BOT_MARKER } from '../../src/core/names/marker.js'
import {
  ESCALATED_HEADING,
  formatBotComment,
  headingStatus,
  parseRmcoc,
  RESOLVED_HEADING,
  RmcocFormatError,
  type RmcocBlock
} from '../../src/core/memory/rmcoc.js'
import { counts, SHA } from './rmcoc-fixtures.js'

describe('formatBotComment / parseRmcoc round trip', () => {
  const blocks: Array<[string, RmcocBlock]> = [
    ['minimal finding', { kind: 'finding', finding: 'f', assessment: 'a', score: 1 }],
    [
      'finding with every field',
      {
        kind: 'finding',
        finding: 'Race on cache refresh',
        assessment: 'Two requests can refresh at once and "overwrite" each other.\n```js\nx()\n```',
        score: 8,
        category: 'logic',
        base_score: 5,
        id: 'F-src/cache.ts:12'
      }
    ],
    ['concession', { kind: 'concession', status: 'RESOLVED' }],
    ['partial concession', { kind: 'concession', status: 'PENDING' }],
    ['rebuttal', { kind: 'rebuttal', status: 'DISPUTED' }],
    ['resolution', { kind: 'resolution', status: 'RESOLVED' }],
    ['escalation', { kind: 'escalation', status: 'ESCALATED' }],
    ['follow-up', { kind: 'follow-up', status: 'PENDING' }],
    ["developer's call", { kind: 'developers-call', status: 'RESOLVED' }],
    ['reopening', { kind: 'reopening', status: 'PENDING' }],
    ['summary', { kind: 'summary', head_sha: SHA, counts }],
    [
      'summary with every field',
      {
        kind: 'summary',
        head_sha: SHA,
        base_sha: 'c'.repeat(40),
        reviewed_at: '2026-03-01T12:00:00.000Z',
        scope: 'incremental',
        findings: [
          {
            id: 'cache-tenant',
            file: 'src/cache.ts',
            line: 30,
            finding: 'Cache key ignores the tenant id',
            assessment: 'Tenants read each other’s rows.',
            score: 7,
            status: 'RESOLVED',
            resolution: 'fixed'
          },
          {
            id: 'readme',
            file: 'README.md',
            line: null,
            finding: 'Setup steps are out of date',
            score: 5,
            status: 'PENDING'
          }
        ],
        counts
      }
    ],
    [
      'summary with a local-offset time',
      { kind: 'summary', head_sha: SHA, reviewed_at: '2026-03-01T14:00:00+02:00', counts }
    ],
    ['summary on a sha256 repo', { kind: 'summary', head_sha: 'b'.repeat(64), counts }]
  ]

  it.each(blocks)('%s parses back to the same block', (_name, block) => {
    const body = formatBotComment('Human-readable text.', block)
    const parsed = parseRmcoc(body)
    expect(parsed).toEqual({ ok: true, block })
    // Formatting what was parsed gives the identical comment.
    expect(formatBotComment('Human-readable text.', parsed.ok ? parsed.block : block)).toBe(body)
  })

  it('lays a comment out as body, ---, fenced block, marker', () => {
    const body = formatBotComment('  Explain.  ', {
      kind: 'finding',
      finding: 'f',
      assessment: 'a',
      score: 4
    })
    expect(body).toBe(
      [
        'Explain.',
        '---',
        '```rmcoc\n{\n  "kind": "finding",\n  "finding": "f",\n  "assessment": "a",\n  "score": 4\n}\n```',
        BOT_MARKER
      ].join('\n\n')
    )
  })

  it('reads the seed form of a finding (no kind) as a finding', () => {
    const seedComment = [
      'The loop never ends when the list is empty.',
      '',
      '---',
      '',
      '```rmcoc',
      '{',
      '  "finding": "Brief description of what was found",',
      '  "assessment": "Detailed analysis of why this is an issue",',
      '  "score": 7',
      '}',
      '```'
    ].join('\r\n')
    expect(parseRmcoc(seedComment)).toEqual({
      ok: true,
      block: {
        kind: 'finding',
        finding: 'Brief description of what was found',
        assessment: 'Detailed analysis of why this is an issue',
        score: 7
      }
    })
  })

  it('takes the last block, so a block quoted in the text cannot stand in for it', () => {
    const quoted = '```rmcoc\n{"kind":"resolution","status":"RESOLVED"}\n```'
    const body = formatBotComment(`You wrote:\n\n${quoted}`, {
      kind: 'rebuttal',
      status: 'DISPUTED'
    })
    expect(parseRmcoc(body)).toEqual({ ok: true, block: { kind: 'rebuttal', status: 'DISPUTED' } })
  })

  it('puts the seed headings on resolutions and escalations, once', () => {
    const resolved = formatBotComment('Fixed in abc.', { kind: 'resolution', status: 'RESOLVED' })
    expect(resolved.startsWith(`${RESOLVED_HEADING}\n\nFixed in abc.`)).toBe(true)
    const escalated = formatBotComment(`${ESCALATED_HEADING}\n\nA human decides.`, {
      kind: 'escalation',
      status: 'ESCALATED'
    })
    expect(escalated.split(ESCALATED_HEADING)).toHaveLength(2)
    const rebuttal = formatBotComment('Still a problem.', { kind: 'rebuttal', status: 'DISPUTED' })
    expect(headingStatus(rebuttal)).toBeUndefined()
  })

  it.each([
    ['score 11', { kind: 'finding', finding: 'f', assessment: 'a', score: 11 }],
    [
      'base_score above score',
      { kind: 'finding', finding: 'f', assessment: 'a', score: 3, base_score: 6 }
    ],
    ['rebuttal that resolves', { kind: 'rebuttal', status: 'RESOLVED' }],
    [
      'assessment too long',
      { kind: 'finding', finding: 'f', assessment: 'x'.repeat(4001), score: 5 }
    ]
  ])('refuses to format an invalid block: %s', (_name, block) => {
    expect(() => formatBotComment('x', block as RmcocBlock)).toThrow(RmcocFormatError)
  })
})

describe('headingStatus', () => {
  it.each([
    [`${RESOLVED_HEADING}\n\nThe null check was added.`, 'RESOLVED'],
    [`### ${RESOLVED_HEADING}`, 'RESOLVED'],
    [`${ESCALATED_HEADING}\n\nWe disagree; a maintainer should decide.`, 'ESCALATED'],
    [`Some preamble.\n\n${ESCALATED_HEADING}`, 'ESCALATED'],
    [`> ${RESOLVED_HEADING}`, undefined],
    [`\`\`\`\n${RESOLVED_HEADING}\n\`\`\``, undefined],
    [`~~~md\n${ESCALATED_HEADING}\n~~~`, undefined],
    [`\`\`\`\n\`\`\`js\n${RESOLVED_HEADING}\n\`\`\``, undefined],
    [`~~~~\n~~~\n~~~~\n${RESOLVED_HEADING}`, 'RESOLVED'],
    ['Issue Resolved', undefined],
    ['✅ Issue Resolved', undefined],
    ['I think this is ✅ **Issue Resolved** now', undefined]
  ])('%j -> %s', (body, status) => {
    expect(headingStatus(body)).toBe(status)
  })
})
