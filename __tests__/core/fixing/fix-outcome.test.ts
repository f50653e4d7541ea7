import type { FixCandidates } from '../../../src/core/fixing/fix-candidates.js'
import { checkMaxRounds, decideAfterRound } from '../../../src/core/fixing/fix-outcome.js'
import { candidate } from './fix-fixtures.js'

const none: FixCandidates = { toFix: [], stuck: [], rejected: [], deferred: [] }
const one = [candidate('F1@1')]

describe('decideAfterRound', () => {
  it.each<[string, number, Partial<FixCandidates>, ReturnType<typeof decideAfterRound>]>([
    ['nothing before the first round', 0, {}, { next: 'stop', status: 'nothing_to_fix' }],
    ['nothing left after a round', 1, {}, { next: 'stop', status: 'converged' }],
    [
      'only stuck findings left',
      1,
      { stuck: one },
      { next: 'stop', status: 'manual_intervention_required' }
    ],
    [
      'only rejected findings left',
      2,
      { rejected: one },
      { next: 'stop', status: 'manual_intervention_required' }
    ],
    [
      'findings left at the cap',
      3,
      { toFix: one, stuck: one },
      { next: 'stop', status: 'round_cap' }
    ],
    [
      'deferred findings left at the cap',
      3,
      { deferred: one },
      { next: 'stop', status: 'round_cap' }
    ],
    ['findings left before the cap', 2, { toFix: one, stuck: one }, { next: 'continue' }],
    ['deferred findings left before the cap', 1, { deferred: one }, { next: 'continue' }],
    ['findings to fix before the first round', 0, { toFix: one }, { next: 'continue' }]
  ])('%s', (_name, round, left, decision) => {
    expect(decideAfterRound({ round, maxRounds: 3, left: { ...none, ...left } })).toEqual(decision)
  })

  it('stops at a lower configured cap', () => {
    expect(decideAfterRound({ round: 1, maxRounds: 1, left: { ...none, toFix: one } })).toEqual({
      next: 'stop',
      status: 'round_cap'
    })
  })
})

describe('checkMaxRounds', () => {
  it.each([1, 2, 3])('accepts %d', (value) => {
    expect(checkMaxRounds(value)).toEqual({ ok: true, value })
  })

  it.each<[unknown, string]>([
    [0, 'fix_max_rounds: Too small: expected number to be >=1; received 0'],
    [4, 'fix_max_rounds: Too big: expected number to be <=3; received 4'],
    [1.5, 'received 1.5'],
    ['2', 'fix_max_rounds: expected number; received "2"']
  ])('refuses %p, naming the field and the value', (value, problem) => {
    const check = checkMaxRounds(value)
    expect(check.ok).toBe(false)
    expect(check.ok ? '' : check.problem).toContain(problem)
  })
})
