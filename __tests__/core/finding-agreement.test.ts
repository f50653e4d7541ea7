/**
 * Several reviewer models on one stage: a finding a second reviewer raises
 * again is agreement on the first, published once; scores keep the highest;
 * a reviewer acts only on its own findings; the rmcoc block carries the
 * agreement and old blocks without it still parse.
 */
import { FindingStage } from '../../src/core/findings/finding-stage.js'
import { type FindingInput } from '../../src/core/findings/finding-shapes.js'
import {
  agreementNote,
  findingBlock,
  findingCommentBody
} from '../../src/core/findings/publication.js'
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { finding, policy } from './finding-stage-fixtures.js'

const A = 'anthropic/claude-sonnet-4-5'
const B = 'openai/gpt-5'

const same = (overrides: Partial<FindingInput> = {}) =>
  finding({ line: 11, finding: 'Refund totals ignore the partial captures', ...overrides })

describe('FindingStage with several reviewers', () => {
  it('merges a finding two reviewers raise into one, listing both, with the higher score', () => {
    const stage = new FindingStage(policy, [])
    expect(stage.submit(2, finding({ score: 6 }), A)).toMatchObject({ kind: 'staged', id: 'F1' })
    const second = stage.submit(2, same({ score: 8 }), B)
    expect(second).toMatchObject({ kind: 'staged', id: 'F1', score: 8 })
    expect(second.kind === 'staged' && second.reason).toContain('raised by 2 reviewers')
    const published = stage.publishable()
    expect(published).toHaveLength(1)
    expect(published[0]).toMatchObject({ id: 'F1', score: 8, baseScore: 8, reviewers: [A, B] })
    expect(published[0]?.body).toBe('Explanation')
    expect(stage.counts()).toMatchObject({ submitted: 2, staged: 1, duplicates: 0 })
  })

  it('keeps the higher score when the agreeing reviewer scores lower, below the threshold too', () => {
    const stage = new FindingStage(policy, [])
    stage.submit(1, finding({ score: 7 }), A)
    expect(stage.submit(1, same({ score: 3 }), B)).toMatchObject({
      kind: 'staged',
      id: 'F1',
      score: 7
    })
    expect(stage.publishable()[0]?.reviewers).toEqual([A, B])
  })

  it('refuses the same reviewer repeating itself, as a duplicate', () => {
    const stage = new FindingStage(policy, [])
    stage.submit(1, finding(), A)
    stage.submit(1, same(), B)
    expect(stage.submit(3, same(), B)).toMatchObject({
      kind: 'duplicate',
      duplicateOf: 'finding F1'
    })
    expect(stage.publishable()[0]?.reviewers).toEqual([A, B])
  })

  it('never lifts a finding over the threshold by agreement: two low scores stay suppressed', () => {
    const stage = new FindingStage(policy, [])
    expect(stage.submit(1, finding({ score: 3 }), A)).toMatchObject({
      kind: 'suppressed',
      id: 'S1'
    })
    expect(stage.submit(1, same({ score: 4 }), B)).toMatchObject({
      kind: 'suppressed',
      id: 'S1',
      score: 4
    })
    expect(stage.publishable()).toEqual([])
    expect(stage.all()).toEqual([expect.objectContaining({ id: 'S1', reviewers: [A, B] })])
  })

  it('stages a suppressed finding another reviewer raises above the threshold, folding the first in', () => {
    const stage = new FindingStage(policy, [])
    stage.submit(1, finding({ score: 3 }), A)
    const result = stage.submit(2, same({ score: 8 }), B)
    expect(result).toMatchObject({ kind: 'staged', id: 'F1', score: 8 })
    expect(stage.publishable()).toEqual([
      expect.objectContaining({ id: 'F1', reviewers: [A, B], finding: same().finding })
    ])
    expect(stage.all().find((f) => f.id === 'S1')).toMatchObject({
      state: 'combined',
      note: 'combined into F1'
    })
  })

  it('does not merge a reviewer with its own suppressed finding (as with one reviewer)', () => {
    const stage = new FindingStage(policy, [])
    stage.submit(1, finding({ score: 3 }), A)
    expect(stage.submit(2, same({ score: 8 }), A)).toMatchObject({ kind: 'staged', id: 'F1' })
    expect(stage.all().find((f) => f.id === 'S1')?.state).toBe('suppressed')
  })

  it('lets a reviewer withdraw only its own agreement on a shared finding', () => {
    const stage = new FindingStage(policy, [])
    stage.submit(1, finding(), A)
    stage.submit(1, same(), B)
    expect(stage.withdraw('F1', 'not sure', B)).toEqual({
      ok: true,
      note: `Your agreement on F1 is withdrawn; it stays staged, raised by ${A}.`
    })
    expect(stage.publishable()[0]?.reviewers).toEqual([A])
    expect(stage.withdraw('F1', 'wrong', B)).toMatchObject({ ok: false })
    expect(stage.withdraw('F1', 'wrong', A)).toEqual({ ok: true })
    expect(stage.publishable()).toEqual([])
  })

  it("refuses re-scoring or combining another reviewer's finding, and re-scoring a shared one", () => {
    const stage = new FindingStage(policy, [])
    stage.submit(1, finding(), A)
    stage.submit(1, finding({ line: 80, finding: 'Names are vague', score: 2 }), A)
    const notYours = stage.rescore('F1', 6, B)
    expect(notYours.kind === 'rejected' && notYours.reason).toContain('not by you')
    const combine = stage.submit(
      4,
      finding({ line: 90, finding: 'Naming across the module', score: 5, combines: ['S1'] }),
      B
    )
    expect(combine.kind === 'rejected' && combine.reason).toContain(
      'S1 was raised by another reviewer'
    )
    stage.submit(1, same(), B)
    const shared = stage.rescore('F1', 5, A)
    expect(shared.kind === 'rejected' && shared.reason).toContain('raised by 2 reviewers')
    expect(stage.publishable()[0]?.score).toBe(7)
  })

  it('names no reviewer in a single-model run', () => {
    const stage = new FindingStage(policy, [])
    stage.submit(1, finding())
    expect(stage.submit(1, same())).toMatchObject({ kind: 'duplicate' })
    expect(stage.publishable()[0]?.reviewers).toEqual([])
  })
})

describe('agreement in the published finding', () => {
  it('the rmcoc block lists the reviewers and parses back', () => {
    const stage = new FindingStage(policy, [])
    stage.submit(1, finding(), A)
    stage.submit(1, same(), B)
    const published = stage.publishable()[0]!
    const block = findingBlock(published)
    expect(block.reviewers).toEqual([A, B])
    const parsed = parseRmcoc(findingCommentBody(published))
    expect(parsed).toMatchObject({
      ok: true,
      block: { kind: 'finding', id: 'F1', reviewers: [A, B] }
    })
    expect(findingCommentBody(published)).toContain(
      `_Raised by 2 reviewer models: \`${A}\`, \`${B}\`._`
    )
  })

  it('a single-model finding carries no reviewers and no note', () => {
    const stage = new FindingStage(policy, [])
    stage.submit(1, finding())
    const published = stage.publishable()[0]!
    expect('reviewers' in findingBlock(published)).toBe(false)
    expect(agreementNote(published)).toBe('')
  })

  it('an old finding block without reviewers still parses; a bad reviewer name is refused', () => {
    const old = formatBotComment('Text.', {
      kind: 'finding',
      finding: 'f',
      assessment: 'a',
      score: 6,
      id: 'F1'
    })
    expect(parseRmcoc(old)).toMatchObject({ ok: true, block: { id: 'F1' } })
    const bad = old.replace('"id": "F1"', '"id": "F1",\n  "reviewers": ["not a model"]')
    expect(parseRmcoc(bad)).toMatchObject({ ok: false })
  })
})
