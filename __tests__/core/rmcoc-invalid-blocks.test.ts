/**
 * parseRmcoc ignores what is not a valid block, with a reason: no block,
 * malformed JSON, a schema violation (naming the field), an oversized block
 * (measured in UTF-8 bytes), a poisoned prototype; and reads older run
 * records and large ones that fit.
 */
import { BOT_MARKER } from '../../src/core/names/marker.js'
import { parseRmcoc, RMCOC_MAX_BYTES } from '../../src/core/memory/rmcoc.js'
import { counts, SHA } from './rmcoc-fixtures.js'

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
