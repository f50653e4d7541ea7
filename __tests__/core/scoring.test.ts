import { describe, expect, it } from '@jest/globals'
import {
  decideScore,
  promoteScore,
  ScoreRangeError,
  SILENT_DEFAULT_RULE,
  type CombinedPart,
  type ScoringPolicy
} from '../../src/core/findings/scoring.js'

const policy: ScoringPolicy = {
  problemScoreThreshold: 5,
  scoreElevationThreshold: 5,
  securitySensitive: false
}
const sensitive: ScoringPolicy = { ...policy, securitySensitive: true }

const nits = (count: number, suppressed = true): CombinedPart[] =>
  Array.from({ length: count }, (_, i) => ({ id: `S${i + 1}`, score: 2, suppressed }))

describe('decideScore: threshold', () => {
  it.each([
    [4, 5, 'suppressed'],
    [5, 5, 'accepted'],
    [6, 5, 'accepted'],
    [6, 7, 'suppressed'],
    [1, 1, 'accepted'],
    [9, 10, 'suppressed'],
    [10, 10, 'accepted']
  ])('score %i against threshold %i is %s', (score, threshold, kind) => {
    const decision = decideScore(
      { score, pass: 1 },
      { ...policy, problemScoreThreshold: threshold }
    )
    expect(decision.kind).toBe(kind)
  })

  it('tells the model why a finding was suppressed', () => {
    const decision = decideScore({ score: 3, pass: 2 }, policy)
    expect(decision.kind).toBe('suppressed')
    expect(decision.reason).toContain('final score 3 is below problem_score_threshold 5')
  })

  it('rejects scores outside 1-10 and non-integers', () => {
    for (const score of [0, 11, 4.5, Number.NaN]) {
      expect(() => decideScore({ score, pass: 1 }, policy)).toThrow(ScoreRangeError)
    }
  })
})

describe('decideScore: security promotion', () => {
  it('promotes a pass-3 security finding by 2 in a sensitive repository, keeping the base', () => {
    const decision = decideScore({ score: 4, pass: 3, category: 'Security' }, sensitive)
    expect(decision).toMatchObject({ kind: 'accepted', score: 6, baseScore: 4, promoted: true })
    expect(decision.reason).toContain('base_score keeps 4')
  })

  it('caps the promoted score at 10', () => {
    expect(promoteScore({ score: 9, pass: 3, category: 'security' }, true)).toEqual({
      score: 10,
      promoted: true
    })
    expect(promoteScore({ score: 10, pass: 3, category: 'security' }, true)).toEqual({
      score: 10,
      promoted: false
    })
  })

  it.each([
    ['not sensitive', { score: 4, pass: 3, category: 'security' }, policy],
    ['not pass 3', { score: 4, pass: 1, category: 'security' }, sensitive],
    ['not a security finding', { score: 4, pass: 3, category: 'agents-md' }, sensitive],
    ['no category', { score: 4, pass: 3 }, sensitive]
  ])('does not promote when %s', (_name, request, p) => {
    const decision = decideScore(request, p)
    expect(decision).toMatchObject({ kind: 'suppressed', score: 4, baseScore: 4, promoted: false })
  })

  it('a promotion can lift a finding over the threshold; the threshold judges the final score', () => {
    const decision = decideScore({ score: 3, pass: 3, category: 'security' }, sensitive)
    expect(decision).toMatchObject({ kind: 'accepted', score: 5, baseScore: 3 })
  })
})

describe('decideScore: score elevation', () => {
  it('allows an elevated score when at least the threshold of suppressed findings are combined', () => {
    const decision = decideScore({ score: 6, pass: 4, combines: nits(5) }, policy)
    expect(decision).toMatchObject({ kind: 'accepted', score: 6, elevated: true })
  })

  it('rejects the elevation with fewer, quoting the silent default', () => {
    const decision = decideScore({ score: 6, pass: 4, combines: nits(2) }, policy)
    expect(decision.kind).toBe('rejected')
    expect(decision.kind === 'rejected' && decision.maxScore).toBe(2)
    expect(decision.reason).toContain('combines only 2 suppressed findings (S1, S2)')
    expect(decision.reason).toContain('at least 5 (score_elevation_threshold)')
    expect(decision.reason).toContain(SILENT_DEFAULT_RULE)
  })

  it('counts each part once, and only suppressed parts', () => {
    const repeated = [...nits(3), ...nits(3)]
    expect(decideScore({ score: 6, pass: 4, combines: repeated }, policy).kind).toBe('rejected')
    const staged = [...nits(3), ...nits(3, false).map((p) => ({ ...p, id: `F${p.id}` }))]
    expect(decideScore({ score: 6, pass: 4, combines: staged }, policy).kind).toBe('rejected')
  })

  it('a merge that does not raise the score above its parts is no elevation', () => {
    const parts = [
      { id: 'F1', score: 6, suppressed: false },
      { id: 'F2', score: 7, suppressed: false }
    ]
    const decision = decideScore({ score: 7, pass: 4, combines: parts }, policy)
    expect(decision).toMatchObject({ kind: 'accepted', score: 7, elevated: false })
  })

  it('a combined finding that stays low is still judged by the threshold', () => {
    expect(decideScore({ score: 2, pass: 4, combines: nits(2) }, policy).kind).toBe('suppressed')
  })

  it('follows a configured elevation threshold', () => {
    const two = { ...policy, scoreElevationThreshold: 2 }
    expect(decideScore({ score: 5, pass: 2, combines: nits(2) }, two).kind).toBe('accepted')
  })
})
