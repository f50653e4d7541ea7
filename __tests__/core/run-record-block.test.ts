import {
  MAX_UNTAUGHT_THREADS,
  RMCOC_MAX_BYTES,
  formatBotComment,
  parseRmcoc
} from '../../src/core/memory/rmcoc.js'
import { blockBytes, summaryBlock } from '../../src/core/summary/run-record-block.js'
import { composeSummaryComment } from '../../src/core/summary/summary.js'
import { MAX_COMMENT_CHARS } from '../../src/core/text-safety/sanitize.js'
import { busy, inSummaryFindings, longRecords } from './summary-fixtures.js'

const findingsOf = (block: ReturnType<typeof summaryBlock>) => block.findings ?? []

describe('summaryBlock: the records fit RMCOC_MAX_BYTES without losing one', () => {
  it('keeps records whole while they fit', () => {
    const records = longRecords(10)
    const block = summaryBlock({ ...busy, records })
    expect(findingsOf(block)).toEqual(records)
  })

  it('shortens assessments to 300 characters first, findings untouched', () => {
    const records = longRecords(40)
    const block = summaryBlock({ ...busy, records })
    expect(blockBytes(block)).toBeLessThanOrEqual(RMCOC_MAX_BYTES)
    expect(findingsOf(block).map((r) => r.finding)).toEqual(records.map((r) => r.finding))
    for (const record of findingsOf(block)) {
      expect(record.assessment?.length).toBeLessThanOrEqual(300)
      expect(record.assessment?.length).toBeGreaterThan(250)
    }
  })

  it('150 records: every one kept (id, place, score, status), assessments dropped, findings shortened', () => {
    const records = longRecords(150)
    const block = summaryBlock({ ...busy, records })
    expect(blockBytes(block)).toBeLessThanOrEqual(RMCOC_MAX_BYTES)
    expect(findingsOf(block)).toHaveLength(150)
    findingsOf(block).forEach((record, i) => {
      const { finding: _f, assessment: _a, ...identity } = records[i]!
      expect(record).toMatchObject(identity)
      expect(record.assessment).toBeUndefined()
      expect(record.finding.length).toBeLessThanOrEqual(200)
      expect(record.finding.startsWith(`Record ${i}: `)).toBe(true)
    })
    // The block as posted parses back to the same record.
    expect(parseRmcoc(formatBotComment('', block))).toEqual({ ok: true, block })
  })

  it('150 records and 200 findings that could not go inline: the comment keeps both within the cap', () => {
    const input = {
      ...busy,
      inSummary: inSummaryFindings(200, (i) => `A${i} `.padEnd(1500, 'x ')),
      records: longRecords(150)
    }
    const body = composeSummaryComment(input)
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS)
    const parsed = parseRmcoc(body)
    expect(parsed.ok && parsed.block.kind === 'summary' && parsed.block.findings).toHaveLength(150)
    for (const f of input.inSummary) expect(body).toContain(`\`${f.id}\` \`${f.path}:${f.line}\``)
  })

  it('leaves the findings field out when the caller gives no records', () => {
    expect(summaryBlock(busy)).not.toHaveProperty('findings')
    expect(summaryBlock({ ...busy, records: [] }).findings).toEqual([])
  })

  it("keeps a record's category (sanitized, at most 40 characters) so later runs report it under the same rule", () => {
    const secret = 'ghs_categorySecretToken0001'
    const [plain, leaky, blank] = longRecords(3).map((record, i) => ({
      ...record,
      category: ['correctness', `security ${secret}`, '   '][i]
    }))
    const block = summaryBlock({ ...busy, records: [plain!, leaky!, blank!] }, [secret])
    const categories = findingsOf(block).map((r) => r.category)
    expect(categories[0]).toBe('correctness')
    expect(categories[1]).not.toContain(secret)
    expect(categories[1]?.length).toBeLessThanOrEqual(40)
    expect(categories[2]).toBeUndefined()
    // The block stays valid, category included.
    const parsed = parseRmcoc(formatBotComment('Summary', block))
    expect(
      parsed.ok && parsed.block.kind === 'summary' && parsed.block.findings?.[0]?.category
    ).toBe('correctness')
  })
})

describe('summaryBlock: the threads whose teaching did not complete', () => {
  it('names each thread id once, at most MAX_UNTAUGHT_THREADS, and parses back', () => {
    const ids = Array.from({ length: MAX_UNTAUGHT_THREADS + 5 }, (_, i) => `PRRT_${i}`)
    const block = summaryBlock({ ...busy, untaughtThreads: ['PRRT_0', ...ids] })
    expect(block.untaught_threads).toEqual(ids.slice(0, MAX_UNTAUGHT_THREADS))
    expect(parseRmcoc(formatBotComment('', block))).toEqual({ ok: true, block })
  })

  it('leaves out what is not a thread id, and the field when none is left', () => {
    const block = summaryBlock({ ...busy, untaughtThreads: ['PRRT_1', 'a b', '<x>'] })
    expect(block.untaught_threads).toEqual(['PRRT_1'])
    expect(summaryBlock({ ...busy, untaughtThreads: ['a b'] })).not.toHaveProperty(
      'untaught_threads'
    )
  })

  it('a block naming a thread that is no thread id is not a run record', () => {
    const block = { ...summaryBlock(busy), untaught_threads: ['"quoted"'] }
    const parsed = parseRmcoc(`\`\`\`rmcoc\n${JSON.stringify(block)}\n\`\`\``)
    expect(parsed).toMatchObject({ ok: false, reason: 'invalid-schema' })
    expect(!parsed.ok && parsed.detail).toContain('untaught_threads')
  })
})
