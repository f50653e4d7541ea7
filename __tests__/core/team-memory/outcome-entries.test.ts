import type { OutcomeEntry } from '../../../src/core/memory/outcomes-block.js'
import { MAX_OUTCOME_ENTRIES } from '../../../src/core/memory/outcomes-block.js'
import {
  outcomeEntries,
  scoreBand,
  threadOutcome
} from '../../../src/core/team-memory/outcome-entries.js'
import { mergeOutcomes, OutcomesInputError } from '../../../src/core/team-memory/outcome-merge.js'
import { thread } from './team-fixtures.js'

const now = new Date('2026-03-05T08:00:00Z')

describe('the outcome of a thread', () => {
  it.each([
    ['fixed', 'fixed'],
    ['conceded', 'conceded'],
    ['developers-call', 'developers-call'],
    ['dismissed', 'dismissed']
  ] as const)('is its resolution when resolved as %s', (resolution, outcome) => {
    expect(threadOutcome(thread({ status: 'RESOLVED', resolution }))).toBe(outcome)
  })

  it('is escalated for an escalated thread, fixed for a resolution not recorded', () => {
    expect(threadOutcome(thread({ status: 'ESCALATED' }))).toBe('escalated')
    expect(threadOutcome(thread({ status: 'RESOLVED' }))).toBe('fixed')
  })

  it.each(['PENDING', 'DISPUTED'] as const)('is none while %s', (status) => {
    expect(threadOutcome(thread({ status }))).toBeUndefined()
  })

  it.each([
    [1, '1-4'],
    [4, '1-4'],
    [5, '5-6'],
    [6, '5-6'],
    [7, '7-8'],
    [8, '7-8'],
    [9, '9-10'],
    [10, '9-10']
  ] as const)('puts score %i in band %s', (score, band) => {
    expect(scoreBand(score)).toBe(band)
  })

  it('makes an entry per settled thread, with the category as a slug', () => {
    const threads = [
      thread({ id: 'A', status: 'RESOLVED', resolution: 'conceded', score: 9 }),
      thread({ id: 'B', status: 'PENDING' }),
      thread({
        id: 'C',
        status: 'ESCALATED',
        assessment: { finding: 'f', assessment: 'a', score: 3, category: ' Error Handling ' },
        score: 3
      })
    ]
    expect(outcomeEntries(threads, now)).toEqual([
      {
        thread: 'A',
        outcome: 'conceded',
        category: 'privacy',
        band: '9-10',
        settled_at: '2026-03-05T08:00:00.000Z'
      },
      {
        thread: 'C',
        outcome: 'escalated',
        category: 'error-handling',
        band: '1-4',
        settled_at: '2026-03-05T08:00:00.000Z'
      }
    ])
  })
})

const entry = (thread: string, outcome: OutcomeEntry['outcome'] = 'fixed'): OutcomeEntry => ({
  thread,
  outcome,
  category: 'privacy',
  band: '5-6',
  settled_at: '2026-03-01T00:00:00.000Z'
})

describe("merging a run's entries into the PR's outcomes block", () => {
  it('starts a block for a PR without one', () => {
    const merged = mergeOutcomes(undefined, 7, [entry('A')])
    expect(merged.block).toEqual({ kind: 'outcomes', pr: 7, entries: [entry('A')] })
    expect(merged.added).toEqual([entry('A')])
  })

  it('counts a thread once, keeping the entry as first counted', () => {
    const existing = mergeOutcomes(undefined, 7, [entry('A', 'conceded')]).block
    const merged = mergeOutcomes(existing, 7, [entry('A', 'fixed'), entry('B'), entry('B')])
    expect(merged.block.entries).toEqual([entry('A', 'conceded'), entry('B')])
    expect(merged.added).toEqual([entry('B')])
    expect(mergeOutcomes(merged.block, 7, [entry('A'), entry('B')]).added).toEqual([])
  })

  it(`stops counting new threads at ${MAX_OUTCOME_ENTRIES}, saying how many were left out`, () => {
    const full = Array.from({ length: MAX_OUTCOME_ENTRIES - 1 }, (_, i) => entry(`T${i}`))
    const merged = mergeOutcomes(undefined, 7, [...full, entry('X'), entry('Y'), entry('Z')])
    expect(merged.block.entries).toHaveLength(MAX_OUTCOME_ENTRIES)
    expect(merged.block.entries.at(-1)?.thread).toBe('X')
    expect(merged.overflow).toBe(2)
  })

  it("refuses another PR's block and an invalid entry, naming the field", () => {
    const other = mergeOutcomes(undefined, 8, []).block
    expect(() => mergeOutcomes(other, 7, [])).toThrow('outcomes.pr:')
    const bad = { ...entry('A'), category: 'Not A Slug' }
    expect(() => mergeOutcomes(undefined, 7, [bad])).toThrow(OutcomesInputError)
    expect(() => mergeOutcomes(undefined, 7, [bad])).toThrow('outcomes.entries[0].category:')
  })
})
