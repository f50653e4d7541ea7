/**
 * FindingStage within one run: findings staged or suppressed by the
 * threshold, duplicates of open threads and of each other refused, pass-3
 * security findings promoted, suppressed nits combined into an elevated
 * finding, and consolidation (withdraw, re-score down only).
 */
import { FindingStage } from '../../src/core/findings/finding-stage.js'
import { type FindingInput } from '../../src/core/findings/finding-shapes.js'
import { finding, policy, thread } from './finding-stage-fixtures.js'

const nit = (n: number): FindingInput =>
  finding({
    file: 'src/names.ts',
    line: n * 20,
    finding: `Variable name v${n} is vague (${['alpha', 'beta', 'gamma', 'delta', 'omega'][n]})`,
    score: 2
  })

describe('FindingStage', () => {
  it('stages findings at or above the threshold and suppresses the rest, counting them', () => {
    const stage = new FindingStage(policy, [])
    expect(stage.submit(1, finding({ score: 8 }))).toMatchObject({
      kind: 'staged',
      id: 'F1',
      score: 8
    })
    expect(
      stage.submit(1, finding({ line: 40, finding: 'Loop maps the array twice', score: 6 }))
    ).toMatchObject({ kind: 'staged', id: 'F2' })
    expect(
      stage.submit(1, finding({ line: 80, finding: 'Name data is generic', score: 3 }))
    ).toMatchObject({ kind: 'suppressed', id: 'S1', score: 3 })
    expect(stage.publishable().map((f) => [f.id, f.score])).toEqual([
      ['F1', 8],
      ['F2', 6]
    ])
    expect(stage.counts()).toMatchObject({ submitted: 3, staged: 2, suppressed: 1 })
  })

  it('a finding exactly at the threshold is staged', () => {
    expect(new FindingStage(policy, []).submit(1, finding({ score: 5 })).kind).toBe('staged')
  })

  it('refuses a duplicate of an open thread, naming it', () => {
    const stage = new FindingStage(policy, [thread('PENDING')])
    const result = stage.submit(1, finding())
    expect(result).toMatchObject({ kind: 'duplicate', duplicateOf: 'thread PRRT_1' })
    expect(stage.publishable()).toHaveLength(0)
    expect(stage.counts().duplicates).toBe(1)
  })

  it('refuses the same finding twice in one run but keeps a different one on the same line', () => {
    const stage = new FindingStage(policy, [])
    stage.submit(1, finding())
    expect(stage.submit(2, finding({ line: 12 }))).toMatchObject({
      kind: 'duplicate',
      duplicateOf: 'finding F1'
    })
    expect(stage.submit(2, finding({ finding: 'SQL query built from user input' })).kind).toBe(
      'staged'
    )
  })

  it('promotes pass-3 security findings by 2 in a sensitive repository, keeping base_score', () => {
    const stage = new FindingStage({ ...policy, securitySensitive: true }, [])
    expect(stage.submit(3, finding({ score: 4, category: 'security' }))).toMatchObject({
      kind: 'staged',
      score: 6
    })
    expect(stage.publishable()[0]).toMatchObject({ score: 6, baseScore: 4, promoted: true })
    // Not in pass 1, not without the category.
    expect(
      stage.submit(
        1,
        finding({ line: 90, finding: 'Token logged', score: 4, category: 'security' })
      ).kind
    ).toBe('suppressed')
    expect(
      stage.submit(3, finding({ line: 200, finding: 'Cache key collides', score: 4 })).kind
    ).toBe('suppressed')
  })

  it('lets five suppressed nits be combined into one elevated finding', () => {
    const stage = new FindingStage(policy, [])
    const ids = [0, 1, 2, 3, 4].map((n) => {
      const result = stage.submit(1, nit(n))
      expect(result.kind).toBe('suppressed')
      return (result as { id: string }).id
    })
    const combined = stage.submit(
      4,
      finding({
        file: 'src/names.ts',
        line: 1,
        finding: 'Naming in names.ts hides intent throughout',
        score: 5,
        combines: ids
      })
    )
    expect(combined).toMatchObject({ kind: 'staged', score: 5 })
    expect(stage.publishable()[0]).toMatchObject({ elevated: true, combines: ids })
    expect(stage.all().filter((f) => f.state === 'combined')).toHaveLength(5)
  })

  it('rejects elevation from only two suppressed nits, quoting the silent default', () => {
    const stage = new FindingStage(policy, [])
    const ids = [0, 1].map((n) => (stage.submit(1, nit(n)) as { id: string }).id)
    const result = stage.submit(
      4,
      finding({ file: 'src/names.ts', line: 1, finding: 'Naming is poor', score: 5, combines: ids })
    )
    expect(result.kind).toBe('rejected')
    expect(result.kind === 'rejected' && result.reason).toMatch(/Silent/)
    expect(stage.publishable()).toHaveLength(0)
    expect(stage.all().filter((f) => f.state === 'suppressed')).toHaveLength(2)
  })

  it('a merge is deduplicated against open threads, but not against the findings it replaces', () => {
    const stage = new FindingStage(policy, [thread('PENDING')])
    stage.submit(1, finding({ file: 'src/other.ts', finding: 'Cache key ignores the tenant' }))
    const merged = stage.submit(
      4,
      finding({ file: 'src/other.ts', finding: 'Cache key ignores the tenant', combines: ['f1'] })
    )
    expect(merged).toMatchObject({ kind: 'staged', id: 'F2' })
    expect(stage.publishable().map((f) => f.id)).toEqual(['F2'])
    const tracked = stage.submit(4, finding({ combines: ['F2'] }))
    expect(tracked).toMatchObject({ kind: 'duplicate', duplicateOf: 'thread PRRT_1' })
  })

  it('rejects a combination that names an unknown finding', () => {
    const stage = new FindingStage(policy, [])
    const result = stage.submit(4, finding({ combines: ['S9'] }))
    expect(result).toMatchObject({ kind: 'rejected' })
    expect(result.kind === 'rejected' && result.reason).toContain('"S9"')
  })

  it('consolidation can withdraw and re-score down, never up', () => {
    const stage = new FindingStage(policy, [])
    stage.submit(1, finding({ score: 7 }))
    stage.submit(1, finding({ line: 50, finding: 'Nested loop over orders', score: 6 }))
    expect(stage.withdraw('F1', 'covered by F2')).toEqual({ ok: true })
    expect(stage.withdraw('F1', 'again')).toMatchObject({ ok: false })
    expect(stage.rescore('F2', 9).kind).toBe('rejected')
    expect(stage.rescore('F2', 4)).toMatchObject({ kind: 'suppressed', id: 'F2', score: 4 })
    expect(stage.publishable()).toHaveLength(0)
    expect(stage.counts()).toMatchObject({ withdrawn: 1, suppressed: 1, staged: 0 })
  })
})
