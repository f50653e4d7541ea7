import { FindingStage } from '../../src/core/findings/finding-stage.js'
import { type FindingInput } from '../../src/core/findings/finding-shapes.js'
import type { ThreadState } from '../../src/core/memory/run-state.js'

const policy = { problemScoreThreshold: 5, scoreElevationThreshold: 5, securitySensitive: false }

function finding(overrides: Partial<FindingInput> = {}): FindingInput {
  return {
    file: 'src/payments.ts',
    line: 10,
    body: 'Explanation',
    finding: 'Refund total ignores partial captures',
    assessment: 'Refunds exceed the captured amount.',
    score: 7,
    ...overrides
  }
}

function thread(status: ThreadState['status'], overrides: Partial<ThreadState> = {}): ThreadState {
  return {
    id: 'PRRT_1',
    root_comment_id: 1,
    file: 'src/payments.ts',
    line: 11,
    status,
    score: 7,
    assessment: { finding: 'Refund total ignores partial captures', assessment: 'x', score: 7 },
    developer_replies: [],
    github_resolved: status === 'RESOLVED',
    is_outdated: false,
    rejected_rebuttals: 0,
    ...overrides
  }
}

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

describe('FindingStage against earlier findings, whatever their status', () => {
  const fixed = (overrides: Partial<ThreadState> = {}) =>
    thread('RESOLVED', { resolution: 'fixed', ...overrides })

  it.each<[string, ThreadState, string]>([
    [
      'a disputed thread',
      thread('DISPUTED'),
      'Duplicate of thread PRRT_1 (same file, nearby line, same finding), still DISPUTED: not staged again.'
    ],
    [
      'an escalated thread',
      thread('ESCALATED'),
      'Matches thread PRRT_1, escalated to human review in an earlier run: it awaits their decision and is not raised again.'
    ],
    [
      'a thread the bot conceded',
      thread('RESOLVED', { resolution: 'conceded' }),
      'Matches thread PRRT_1, conceded in an earlier run: not raised again.'
    ],
    [
      'a thread settled as the developer’s call',
      thread('RESOLVED', { resolution: 'developers-call' }),
      "Matches thread PRRT_1, resolved as the developer's call in an earlier run: not raised again."
    ],
    [
      'a thread a person resolved',
      thread('RESOLVED', { resolution: 'dismissed' }),
      'Matches thread PRRT_1, dismissed by a person in an earlier run: not raised again.'
    ]
  ])('refuses to raise again a finding matching %s, saying why', (_name, earlier, reason) => {
    const stage = new FindingStage(policy, [earlier])
    expect(stage.submit(1, finding())).toEqual({
      kind: 'duplicate',
      duplicateOf: 'thread PRRT_1',
      reason
    })
    expect(stage.publishable()).toEqual([])
    expect(stage.counts()).toMatchObject({ submitted: 1, duplicates: 1, staged: 0 })
  })

  it('stages a regression of a fixed thread to reopen it, and tells the model', () => {
    const stage = new FindingStage(policy, [fixed()])
    expect(stage.submit(1, finding())).toEqual({
      kind: 'staged',
      id: 'F1',
      score: 7,
      reopens: 'PRRT_1',
      reason:
        'Accepted at score 7. Regression of thread PRRT_1 (resolved earlier as fixed): the old thread will be reopened with this comment instead of a new one.'
    })
    expect(stage.publishable()[0]).toMatchObject({ id: 'F1', reopens: 'PRRT_1' })
  })

  it('treats a resolved thread of unknown resolution as fixed', () => {
    const stage = new FindingStage(policy, [thread('RESOLVED')])
    expect(stage.submit(1, finding())).toMatchObject({ kind: 'staged', reopens: 'PRRT_1' })
  })

  it('still applies the threshold to a regression', () => {
    const stage = new FindingStage(policy, [fixed()])
    const result = stage.submit(1, finding({ score: 3 }))
    expect(result).toMatchObject({ kind: 'suppressed', id: 'S1', reopens: 'PRRT_1' })
    expect(result.kind === 'suppressed' && result.reason).toMatch(
      /^Suppressed: .* Regression of thread PRRT_1 \(resolved earlier as fixed\): if it is ever posted/
    )
    expect(stage.publishable()).toEqual([])
  })

  it('a second submission of the same regression repeats the staged one', () => {
    const stage = new FindingStage(policy, [fixed()])
    stage.submit(1, finding())
    const again = stage.submit(2, finding({ line: 12 }))
    expect(again).toMatchObject({ kind: 'duplicate', duplicateOf: 'finding F1' })
    expect(again.kind === 'duplicate' && again.reason).toContain('already reopens PRRT_1')
    expect(stage.publishable().map((f) => f.id)).toEqual(['F1'])
  })

  it('lets only one finding reopen a thread, even when the two differ from each other', () => {
    const stage = new FindingStage(policy, [fixed()])
    const first = stage.submit(1, finding({ finding: 'Refund total ignores currency rounding' }))
    expect(first).toMatchObject({ kind: 'staged', reopens: 'PRRT_1' })
    const second = stage.submit(
      1,
      finding({ line: 12, finding: 'Partial captures skip refund ledger entries' })
    )
    expect(second).toEqual({
      kind: 'duplicate',
      duplicateOf: 'finding F1',
      reason:
        'Finding F1 of this run already reopens PRRT_1; one comment reopens it, so this one is not staged.'
    })
  })

  it('an open match wins over a fixed one: the open thread already tracks the problem', () => {
    const stage = new FindingStage(policy, [fixed(), thread('PENDING', { id: 'PRRT_2', line: 10 })])
    expect(stage.submit(1, finding())).toMatchObject({
      kind: 'duplicate',
      duplicateOf: 'thread PRRT_2'
    })
  })

  it('an ordinary finding reopens nothing', () => {
    const stage = new FindingStage(policy, [fixed({ file: 'src/other.ts' })])
    const result = stage.submit(1, finding())
    expect(result).toMatchObject({ kind: 'staged', reason: 'Accepted at score 7.' })
    expect('reopens' in result).toBe(false)
    expect('reopens' in (stage.publishable()[0] ?? {})).toBe(false)
  })

  it('names summary-only findings by their summary id', () => {
    const record = (overrides: Partial<ThreadState>) =>
      thread('PENDING', {
        id: 'summary:refunds',
        origin: 'summary',
        root_comment_id: 0,
        ...overrides
      })
    expect(new FindingStage(policy, [record({})]).submit(1, finding())).toMatchObject({
      kind: 'duplicate',
      duplicateOf: 'summary:refunds',
      reason: expect.stringMatching(/^Duplicate of summary:refunds /)
    })
    expect(
      new FindingStage(policy, [record({ status: 'RESOLVED', resolution: 'conceded' })]).submit(
        1,
        finding()
      )
    ).toEqual({
      kind: 'duplicate',
      duplicateOf: 'summary:refunds',
      reason: 'Matches summary:refunds, conceded in an earlier run: not raised again.'
    })
    const regression = new FindingStage(policy, [
      record({ status: 'RESOLVED', resolution: 'fixed' })
    ]).submit(1, finding())
    expect(regression).toMatchObject({ kind: 'staged', reopens: 'summary:refunds' })
    expect(regression.kind === 'staged' && regression.reason).toContain(
      'Regression of summary:refunds (resolved earlier as fixed): it had no thread (it was published only in the summary), so it is published as a new finding.'
    )
  })

  it('a merge keeps the reopening of its first part that reopens a thread', () => {
    const stage = new FindingStage(policy, [
      fixed(),
      fixed({
        id: 'PRRT_9',
        file: 'src/ledger.ts',
        line: 5,
        assessment: { finding: 'Ledger entries are written twice', assessment: 'x', score: 7 }
      })
    ])
    expect(stage.submit(1, finding())).toMatchObject({ id: 'F1', reopens: 'PRRT_1' })
    expect(
      stage.submit(
        1,
        finding({ file: 'src/ledger.ts', line: 5, finding: 'Ledger entries are written twice' })
      )
    ).toMatchObject({ id: 'F2', reopens: 'PRRT_9' })
    stage.submit(1, finding({ file: 'src/fees.ts', line: 3, finding: 'Fee rounding drops cents' }))
    const merged = stage.submit(
      4,
      finding({
        file: 'src/fees.ts',
        line: 3,
        finding: 'Money handling mixes floats and integers',
        combines: ['F3', 'F2', 'F1']
      })
    )
    expect(merged).toMatchObject({ kind: 'staged', id: 'F4', reopens: 'PRRT_9' })
    expect(merged.kind === 'staged' && merged.reason).toContain('Regression of thread PRRT_9')
    expect(stage.publishable().map((f) => [f.id, f.reopens])).toEqual([['F4', 'PRRT_9']])
  })

  it('a merge of parts that reopen nothing may itself be a regression', () => {
    const stage = new FindingStage(policy, [fixed()])
    stage.submit(1, finding({ file: 'src/fees.ts', finding: 'Fee rounding drops cents' }))
    const merged = stage.submit(4, finding({ combines: ['F1'] }))
    expect(merged).toMatchObject({ kind: 'staged', id: 'F2', reopens: 'PRRT_1' })
  })
})
