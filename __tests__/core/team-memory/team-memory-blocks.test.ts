import {
  blockStatus,
  formatBotComment,
  parseRmcoc,
  RMCOC_MAX_BYTES,
  type OutcomesBlock
} from '../../../src/core/memory/rmcoc.js'
import { MAX_OUTCOME_ENTRIES } from '../../../src/core/memory/outcomes-block.js'
import { learning } from './team-fixtures.js'

const outcomes: OutcomesBlock = {
  kind: 'outcomes',
  pr: 7,
  entries: [
    {
      thread: 'PRRT_1',
      outcome: 'conceded',
      category: 'privacy',
      band: '5-6',
      settled_at: '2026-03-01T10:00:00.000Z'
    },
    {
      thread: 'summary:F3',
      outcome: 'escalated',
      category: 'uncategorized',
      band: '9-10',
      settled_at: '2026-03-02T10:00:00.000Z'
    }
  ]
}

const fenced = (value: unknown) => '```rmcoc\n' + JSON.stringify(value) + '\n```'

function refusal(value: unknown): string {
  const parsed = parseRmcoc(fenced(value))
  return parsed.ok ? 'accepted' : parsed.detail
}

describe('the learning rmcoc block', () => {
  it('round-trips through a bot comment and announces no thread status', () => {
    const block = learning()
    const parsed = parseRmcoc(formatBotComment('Learned.', block))
    expect(parsed).toEqual({ ok: true, block })
    expect(blockStatus(block)).toBeUndefined()
  })

  it('keeps a learning without a url', () => {
    const block = learning({ source: { pr: 7, thread: 'summary:F2' } })
    expect(parseRmcoc(fenced(block))).toEqual({ ok: true, block })
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['an id not derived the usual way', { id: 'L-XYZ' }, 'id'],
    ['a rule over two lines', { rule: 'One.\nTwo.' }, 'rule'],
    ['a rule over 300 characters', { rule: 'x'.repeat(301) }, 'rule'],
    ['an absolute scope path', { scope: { path: '/src/**', category: 'privacy' } }, 'scope.path'],
    [
      'a scope path with a backtick',
      { scope: { path: 'src/`x`/**', category: 'a' } },
      'scope.path'
    ],
    ['an empty category', { scope: { path: 'src/**', category: ' ' } }, 'scope.category'],
    ['a bot as teacher', { taught_by: 'github-actions[bot]' }, 'taught_by'],
    ['an unknown way of teaching', { via: 'vote' }, 'via'],
    ['PR number 0', { source: { pr: 0, thread: 'PRRT_1' } }, 'source.pr'],
    ['a thread id with a space', { source: { pr: 1, thread: 'PRRT 1' } }, 'source.thread'],
    ['a plain-http url', { source: { pr: 1, thread: 'T', url: 'http://x.test/' } }, 'source.url'],
    ['a date that is no date', { created_at: 'yesterday' }, 'created_at']
  ])('refuses %s, naming the field', (_name, change, field) => {
    expect(refusal({ ...learning(), ...change })).toContain(`${field}:`)
  })
})

describe('the outcomes rmcoc block', () => {
  it('round-trips through a bot comment and announces no thread status', () => {
    expect(parseRmcoc(formatBotComment('Outcomes.', outcomes))).toEqual({
      ok: true,
      block: outcomes
    })
    expect(blockStatus(outcomes)).toBeUndefined()
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown outcome', { outcome: 'ignored' }, 'entries[0].outcome'],
    ['a category that is no slug', { category: 'Error Handling' }, 'entries[0].category'],
    ['an unknown band', { band: '3-4' }, 'entries[0].band'],
    ['a time with an offset', { settled_at: '2026-03-01T10:00:00+02:00' }, 'entries[0].settled_at']
  ])('refuses an entry with %s, naming the field', (_name, change, field) => {
    const entries = [{ ...outcomes.entries[0], ...change }]
    expect(refusal({ ...outcomes, entries })).toContain(`${field}:`)
  })

  it('refuses a thread counted twice', () => {
    const entries = [outcomes.entries[0], outcomes.entries[0]]
    expect(refusal({ ...outcomes, entries })).toContain('must count each thread once')
  })

  it(`refuses more than ${MAX_OUTCOME_ENTRIES} entries`, () => {
    const entries = Array.from({ length: MAX_OUTCOME_ENTRIES + 1 }, (_, i) => ({
      ...outcomes.entries[0],
      thread: `T${i}`
    }))
    expect(refusal({ ...outcomes, entries })).toContain('entries:')
  })

  it('stays well under the rmcoc size limit when full of the longest fields', () => {
    const entries = Array.from({ length: MAX_OUTCOME_ENTRIES }, (_, i) => ({
      thread: `T${i}`.padEnd(72, 'x'),
      outcome: 'developers-call' as const,
      category: 'c'.repeat(40),
      band: '9-10' as const,
      settled_at: '2026-03-01T10:00:00.123456789Z'
    }))
    const body = formatBotComment('Outcomes.', { kind: 'outcomes', pr: 999999, entries })
    const json = /```rmcoc\n([\s\S]*?)\n```/.exec(body)?.[1] ?? ''
    expect(new TextEncoder().encode(json).length).toBeLessThan(RMCOC_MAX_BYTES * 0.9)
    expect(parseRmcoc(body).ok).toBe(true)
  })
})
