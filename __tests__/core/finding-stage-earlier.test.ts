/**
 * FindingStage against earlier findings, whatever their status: a finding
 * matching a disputed, escalated, conceded or dismissed one is refused with
 * the reason; one matching a fixed one is a regression that reopens its
 * thread (once, under the threshold, through merges); summary-only findings
 * are named by their summary id.
 */
import { FindingStage } from '../../src/core/findings/finding-stage.js'
import type { ThreadState } from '../../src/core/memory/run-state.js'
import { finding, policy, thread } from './finding-stage-fixtures.js'

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
