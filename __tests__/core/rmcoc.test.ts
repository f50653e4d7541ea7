import { BOT_MARKER } from '../../src/core/names/marker.js'
import {
  ESCALATED_HEADING,
  formatBotComment,
  headingStatus,
  parseRmcoc,
  RESOLVED_HEADING,
  RMCOC_MAX_BYTES,
  RmcocFormatError,
  type RmcocBlock
} from '../../src/core/memory/rmcoc.js'

const SHA = 'a'.repeat(40)
const counts = { posted: 3, suppressed: 1, resolved: 2, pending: 1, disputed: 0, escalated: 0 }

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

describe('parseRmcoc ignores what is not a valid block, with a reason', () => {
  const wrap = (json: string) => `text\n\n---\n\n\`\`\`rmcoc\n${json}\n\`\`\`\n\n${BOT_MARKER}`
  const record = (extra: Record<string, unknown> = {}) => ({
    id: 'r1',
    file: 'a.ts',
    line: 3,
    finding: 'f',
    score: 5,
    status: 'PENDING',
    ...extra
  })
  const summaryJson = (extra: Record<string, unknown>) =>
    JSON.stringify({ kind: 'summary', head_sha: SHA, counts, ...extra })

  it.each([
    ['no block at all', 'Just a comment.', 'no-block'],
    [
      'a block of another language',
      '```json\n{"finding":"f","assessment":"a","score":5}\n```',
      'no-block'
    ],
    ['truncated JSON', wrap('{"finding": "f", "assessment": "a", "score": 5'), 'malformed-json'],
    [
      'JSON with a trailing comma',
      wrap('{"finding": "f", "assessment": "a", "score": 5,}'),
      'malformed-json'
    ],
    ['an array', wrap('[1, 2]'), 'invalid-schema'],
    ['a string', wrap('"RESOLVED"'), 'invalid-schema'],
    ['null', wrap('null'), 'invalid-schema'],
    ['score 0', wrap('{"finding": "f", "assessment": "a", "score": 0}'), 'invalid-schema'],
    ['score 7.5', wrap('{"finding": "f", "assessment": "a", "score": 7.5}'), 'invalid-schema'],
    [
      'score as a string',
      wrap('{"finding": "f", "assessment": "a", "score": "9"}'),
      'invalid-schema'
    ],
    ['missing assessment', wrap('{"finding": "f", "score": 5}'), 'invalid-schema'],
    ['empty finding', wrap('{"finding": "  ", "assessment": "a", "score": 5}'), 'invalid-schema'],
    ['unknown kind', wrap('{"kind": "approval", "status": "RESOLVED"}'), 'invalid-schema'],
    ['unknown status', wrap('{"kind": "resolution", "status": "DONE"}'), 'invalid-schema'],
    [
      'escalation that stays pending',
      wrap('{"kind": "escalation", "status": "PENDING"}'),
      'invalid-schema'
    ],
    [
      'summary with a short sha',
      wrap(`{"kind": "summary", "head_sha": "abc123", "counts": ${JSON.stringify(counts)}}`),
      'invalid-schema'
    ],
    [
      "developer's call that stays pending",
      wrap('{"kind": "developers-call", "status": "PENDING"}'),
      'invalid-schema'
    ],
    [
      'reopening that resolves',
      wrap('{"kind": "reopening", "status": "RESOLVED"}'),
      'invalid-schema'
    ],
    [
      'summary with a reviewed_at that is not a date-time',
      wrap(summaryJson({ reviewed_at: 'yesterday' })),
      'invalid-schema'
    ],
    ['summary with an unknown scope', wrap(summaryJson({ scope: 'partial' })), 'invalid-schema'],
    ['summary with a short base_sha', wrap(summaryJson({ base_sha: 'abc' })), 'invalid-schema'],
    [
      'summary record with an unknown status',
      wrap(summaryJson({ findings: [record({ status: 'OPEN' })] })),
      'invalid-schema'
    ],
    [
      'summary record with an unknown resolution',
      wrap(summaryJson({ findings: [record({ resolution: 'wontfix' })] })),
      'invalid-schema'
    ],
    [
      'summary record on line 0',
      wrap(summaryJson({ findings: [record({ line: 0 })] })),
      'invalid-schema'
    ],
    [
      'summary record with an id holding a space',
      wrap(summaryJson({ findings: [record({ id: 'a b' })] })),
      'invalid-schema'
    ],
    [
      'summary with 201 records',
      wrap(
        summaryJson({ findings: Array.from({ length: 201 }, (_, i) => record({ id: `r${i}` })) })
      ),
      'invalid-schema'
    ],
    [
      'summary with negative counts',
      wrap(
        `{"kind": "summary", "head_sha": "${SHA}", "counts": ${JSON.stringify({ ...counts, posted: -1 })}}`
      ),
      'invalid-schema'
    ]
  ])('%s', (_name, body, reason) => {
    const parsed = parseRmcoc(body)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) {
      expect(parsed.reason).toBe(reason)
      expect(parsed.detail).not.toBe('')
    }
  })

  it('names the field that failed', () => {
    const parsed = parseRmcoc(wrap('{"finding": "f", "assessment": "a", "score": 12}'))
    expect(parsed.ok === false && parsed.detail).toMatch(/^score: .*; received 12$/)
    const nested = parseRmcoc(wrap(summaryJson({ findings: [record(), record({ score: 0 })] })))
    expect(nested.ok === false && nested.detail).toMatch(/^findings\[1\]\.score: .*; received 0$/)
  })

  it('reads a run record written before base_sha, reviewed_at, scope and findings existed', () => {
    expect(parseRmcoc(wrap(summaryJson({})))).toEqual({
      ok: true,
      block: { kind: 'summary', head_sha: SHA, counts }
    })
  })

  it('accepts a block of exactly RMCOC_MAX_BYTES (48 KiB) and ignores one byte more, unparsed', () => {
    expect(RMCOC_MAX_BYTES).toBe(48 * 1024)
    const base = '{"finding": "f", "assessment": "a", "score": 5, "pad": ""}'
    const padding = 'x'.repeat(RMCOC_MAX_BYTES - base.length)
    const atLimit = base.replace('""', `"${padding}"`)
    expect(atLimit.length).toBe(RMCOC_MAX_BYTES)
    expect(parseRmcoc(wrap(atLimit)).ok).toBe(true)
    const over = parseRmcoc(wrap(base.replace('""', `"${padding}x"`)))
    expect(over).toMatchObject({ ok: false, reason: 'oversized' })
  })

  it('has room for a run record carrying 100 summary-only findings (over 16 KiB)', () => {
    const findings = Array.from({ length: 100 }, (_, i) =>
      record({
        id: `finding-${i}`,
        file: `src/module-${i}/handler.ts`,
        finding: `Handler ${i} retries the request without a backoff or a limit`,
        assessment: 'A failing upstream turns every call into a tight retry loop.'
      })
    )
    const json = summaryJson({ findings })
    expect(json.length).toBeGreaterThan(16 * 1024)
    const parsed = parseRmcoc(wrap(json))
    expect(parsed.ok && parsed.block.kind === 'summary' && parsed.block.findings).toHaveLength(100)
  })

  it('measures the limit in UTF-8 bytes, not characters', () => {
    const euros = '€'.repeat(17000) // 17,000 characters (under the limit), 51,000 bytes (over it)
    const parsed = parseRmcoc(wrap(`{"finding": "f", "assessment": "${euros}", "score": 5}`))
    expect(parsed).toMatchObject({ ok: false, reason: 'oversized' })
  })

  it('ignores, without throwing, a block that would poison a prototype', () => {
    const parsed = parseRmcoc(
      wrap('{"__proto__": {"score": 10}, "finding": "f", "assessment": "a"}')
    )
    expect(parsed).toMatchObject({ ok: false, reason: 'invalid-schema' })
    expect(({} as Record<string, unknown>).score).toBeUndefined()
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
