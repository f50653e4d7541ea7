import {
  EMPTY_FIX_HISTORY,
  afterReReview,
  confirmedFixedIds,
  rejectedIds,
  stuckIds
} from '../../../src/core/fixing/stuck-findings.js'

const round1 = afterReReview(EMPTY_FIX_HISTORY, {
  round: 1,
  claimedFixed: ['F1@1', 'F2@2'],
  rejected: ['F3@3'],
  stillOpen: new Set(['F2@2', 'F3@3', 'F4@4'])
})

describe('afterReReview', () => {
  it('marks a finding reported fixed but still open as stuck in that round', () => {
    expect([...round1.stuck]).toEqual([['F2@2', 1]])
    expect(round1.rounds).toEqual([
      {
        round: 1,
        claimedFixed: ['F1@1', 'F2@2'],
        confirmedFixed: ['F1@1'],
        newlyStuck: ['F2@2'],
        rejected: ['F3@3']
      }
    ])
  })

  it('keeps earlier stuck findings with the round they got stuck in', () => {
    const round2 = afterReReview(round1, {
      round: 2,
      claimedFixed: ['F4@4'],
      rejected: [],
      stillOpen: new Set(['F2@2', 'F3@3', 'F4@4'])
    })
    expect(new Map(round2.stuck)).toEqual(
      new Map([
        ['F2@2', 1],
        ['F4@4', 2]
      ])
    )
    expect(stuckIds(round2)).toEqual(new Set(['F2@2', 'F4@4']))
    expect(rejectedIds(round2)).toEqual(new Set(['F3@3']))
  })

  it('leaves the earlier history unchanged', () => {
    afterReReview(round1, {
      round: 2,
      claimedFixed: ['F4@4'],
      rejected: [],
      stillOpen: new Set(['F4@4'])
    })
    expect(round1.rounds).toHaveLength(1)
    expect(stuckIds(round1)).toEqual(new Set(['F2@2']))
  })

  it('lists the findings confirmed fixed over every round', () => {
    const round2 = afterReReview(round1, {
      round: 2,
      claimedFixed: ['F4@4'],
      rejected: [],
      stillOpen: new Set(['F2@2'])
    })
    expect(confirmedFixedIds(round2)).toEqual(['F1@1', 'F4@4'])
  })

  it('refuses a skipped or repeated round', () => {
    const review = { claimedFixed: [], rejected: [], stillOpen: new Set<string>() }
    expect(() => afterReReview(round1, { ...review, round: 3 })).toThrow(
      'afterReReview: round is 3, expected 2'
    )
    expect(() => afterReReview(round1, { ...review, round: 1 })).toThrow('expected 2')
  })
})
