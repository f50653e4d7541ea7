import type { OutcomeEntry } from '../../../src/core/memory/outcomes-block.js'
import type { OutcomesBlock } from '../../../src/core/memory/rmcoc.js'
import { outcomeRates } from '../../../src/core/team-memory/outcome-rates.js'
import {
  ratesMarkdown,
  ratesSentence,
  ratesText
} from '../../../src/core/team-memory/outcome-report.js'

const now = new Date('2026-06-01T00:00:00Z')

function entries(
  count: number,
  outcome: OutcomeEntry['outcome'],
  rest: Partial<OutcomeEntry> = {}
): OutcomeEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    thread: `${outcome}-${rest.category ?? 'c'}-${i}`,
    outcome,
    category: 'correctness',
    band: '7-8',
    settled_at: '2026-05-20T00:00:00.000Z',
    ...rest
  }))
}

const block = (pr: number, list: OutcomeEntry[]): OutcomesBlock => ({
  kind: 'outcomes',
  pr,
  entries: list
})

const blocks = [
  block(1, [...entries(5, 'fixed'), ...entries(1, 'conceded', { category: 'style', band: '1-4' })]),
  block(2, [
    ...entries(2, 'escalated', { band: '9-10' }),
    ...entries(2, 'fixed', { category: 'style' })
  ])
]

describe('outcome rates', () => {
  it('count every settled thread once by outcome, category and band', () => {
    const rates = outcomeRates(blocks, now)
    expect(rates.total).toBe(10)
    expect(rates.pullRequests).toBe(2)
    expect(rates.outcomes.fixed).toEqual({ count: 7, percent: 70 })
    expect(rates.outcomes.conceded).toEqual({ count: 1, percent: 10 })
    expect(rates.outcomes.escalated).toEqual({ count: 2, percent: 20 })
    expect(rates.outcomes.dismissed).toEqual({ count: 0, percent: 0 })
    expect(rates.byCategory.map((c) => [c.category, c.total, c.outcomes.fixed.count])).toEqual([
      ['correctness', 7, 5],
      ['style', 3, 2]
    ])
    expect(rates.byBand.map((b) => [b.band, b.total])).toEqual([
      ['1-4', 1],
      ['7-8', 7],
      ['9-10', 2]
    ])
  })

  it('count only the last 90 days before now', () => {
    const old = entries(3, 'dismissed', { settled_at: '2026-03-02T23:59:59.000Z' })
    const edge = entries(1, 'conceded', { settled_at: '2026-03-03T00:00:00.000Z' })
    const future = entries(1, 'fixed', { settled_at: '2026-06-01T00:00:01.000Z' })
    const rates = outcomeRates([block(3, [...old, ...edge, ...future])], now)
    expect(rates.total).toBe(1)
    expect(rates.outcomes.conceded.count).toBe(1)
    expect(rates.since).toBe('2026-03-03T00:00:00.000Z')
    expect(outcomeRates([block(3, old)], now, 120).total).toBe(3)
  })

  it("count a PR's thread once when its block is met twice", () => {
    const rates = outcomeRates([blocks[0] as OutcomesBlock, blocks[0] as OutcomesBlock], now)
    expect(rates.total).toBe(6)
    expect(rates.pullRequests).toBe(1)
  })
})

describe('outcome rates in words', () => {
  it('say it in one sentence, naming only the outcomes that occurred', () => {
    expect(ratesSentence(outcomeRates(blocks, now))).toBe(
      'Of 10 findings settled in the last 90 days (2 pull requests), 70% were fixed, 10% conceded and 20% escalated.'
    )
    const one = outcomeRates([block(4, entries(1, 'developers-call'))], now)
    expect(ratesSentence(one)).toBe(
      "Of 1 finding settled in the last 90 days (1 pull request), 100% were left to the developer's call."
    )
  })

  it('say so when no thread settled, in every form', () => {
    const none = outcomeRates([], now)
    const expected = 'No finding settled in the last 90 days, so there are no outcome rates yet.'
    expect(ratesSentence(none)).toBe(expected)
    expect(ratesMarkdown(none)).toBe(expected)
    expect(ratesText(none)).toBe(expected)
  })

  it('give markdown tables by outcome, category and band', () => {
    const markdown = ratesMarkdown(outcomeRates(blocks, now))
    expect(markdown).toContain('| Outcome | Findings | Share |')
    expect(markdown).toContain('| Fixed | 7 | 70% |')
    expect(markdown).toContain('| style | 3 | 2 (67%) | 1 (33%) | 0 (0%) | 0 (0%) | 0 (0%) |')
    expect(markdown).toContain('| 9-10 | 2 | 0 (0%) | 0 (0%) | 0 (0%) | 0 (0%) | 2 (100%) |')
  })

  it('give aligned text tables for the terminal', () => {
    const lines = ratesText(outcomeRates(blocks, now)).split('\n')
    const fixed = lines.find((line) => line.startsWith('Fixed '))
    const header = lines.find((line) => line.startsWith('Outcome '))
    expect(fixed).toMatch(/^Fixed\s+7\s+70%$/)
    // Right-aligned numbers end in the same column as their heading.
    expect(fixed?.length).toBe(header?.length)
  })
})
