import {
  earlierConfirmation,
  needsConfirmation,
  needsConsensus,
  needsExchange,
  roundVerdict,
  settleConfirmation,
  verdictWeight,
  type ConfirmationAnswer
} from '../../src/core/findings/confirmation.js'
import {
  confirmationNote,
  failingTestBlock,
  testLanguage
} from '../../src/core/findings/confirmation-note.js'
import { FindingStage } from '../../src/core/findings/finding-stage.js'
import { findingCommentBody } from '../../src/core/findings/publication.js'
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import type { ThreadState } from '../../src/core/memory/run-state.js'
import { decideVerdict } from '../../src/core/findings/verdict.js'
import { stagedFinding } from './state-fixtures.js'

const yes: ConfirmationAnswer = {
  verdict: 'confirmed',
  reasoning: 'The id is concatenated into the query.',
  failingTest: "it('escapes the id', () => expect(query(\"1' OR 1=1\")).not.toContain('OR'))"
}
const no: ConfirmationAnswer = {
  verdict: 'refuted',
  reasoning: 'The driver binds the parameter; nothing is concatenated.',
  failingTest: ''
}

describe('which findings are confirmed', () => {
  it.each([
    [9, 9, true],
    [10, 9, true],
    [8, 9, false],
    [5, 5, true],
    [10, 'off', false]
  ] as const)('score %i with confirm_min_score %s → %s', (score, min, expected) => {
    expect(needsConfirmation(score, min)).toBe(expected)
  })

  const thread = (confirmation?: 'confirmed' | 'unconfirmed') =>
    ({
      id: 'PRRT_1',
      assessment: {
        finding: 'f',
        assessment: 'a',
        score: 9,
        ...(confirmation ? { confirmation } : {})
      }
    }) as unknown as ThreadState

  it('takes the earlier outcome only for a regression of a confirmed finding', () => {
    expect(earlierConfirmation('PRRT_1', [thread('confirmed')])).toMatchObject({
      outcome: 'confirmed',
      basis: 'earlier-run'
    })
    expect(earlierConfirmation('PRRT_1', [thread('unconfirmed')])).toBeUndefined()
    expect(earlierConfirmation('PRRT_1', [thread()])).toBeUndefined()
    expect(earlierConfirmation(undefined, [thread('confirmed')])).toBeUndefined()
    expect(earlierConfirmation('PRRT_2', [thread('confirmed')])).toBeUndefined()
  })
})

const same = { agree: true, explanation: 'Both describe the concatenated id and test it alike.' }
const different = {
  agree: false,
  explanation: 'A describes the concatenated id; B a missing length check.'
}

describe('the outcome of two confirmers', () => {
  it('both confirm and the consensus check agrees: confirmed, with the failing test and why', () => {
    expect(settleConfirmation([{ pair: { a: yes, b: yes }, consensus: same }])).toEqual({
      outcome: 'confirmed',
      basis: 'agreed',
      failingTest: yes.failingTest,
      note: 'both confirmers confirmed the same defect',
      answers: { a: yes, b: yes },
      consensus: same,
      exchanges: 0
    })
  })

  it('both confirm but describe different defects: not confirmed, the round is split', () => {
    const round = { pair: { a: yes, b: yes }, consensus: different }
    expect(needsConsensus(round.pair)).toBe(true)
    expect(roundVerdict(round)).toBe('split')
    expect(needsExchange(round)).toBe(true)
    expect(settleConfirmation([round])).toMatchObject({
      outcome: 'unconfirmed',
      basis: 'split',
      note: 'both confirmers confirmed it, but not the same defect',
      consensus: different
    })
    // Without an answer from the consensus check it is not confirmed either.
    expect(roundVerdict({ pair: { a: yes, b: yes } })).toBe('split')
  })

  it('refuted by both: refuted, with no test and no consensus check', () => {
    const outcome = settleConfirmation([{ pair: { a: no, b: no } }])
    expect(needsConsensus({ a: no, b: no })).toBe(false)
    expect(outcome).toMatchObject({ outcome: 'refuted', basis: 'agreed' })
    expect(outcome.failingTest).toBeUndefined()
  })

  it('a split calls for an exchange; the round after it decides', () => {
    expect(needsExchange({ pair: { a: yes, b: no } })).toBe(true)
    expect(needsExchange({ pair: { a: yes } })).toBe(false)
    expect(needsConsensus({ a: yes, b: no })).toBe(false)
    expect(
      settleConfirmation([{ pair: { a: yes, b: no } }, { pair: { a: no, b: no } }])
    ).toMatchObject({ outcome: 'refuted', basis: 'agreed-after-exchange', exchanges: 1 })
    expect(
      settleConfirmation([
        { pair: { a: yes, b: yes }, consensus: different },
        { pair: { a: yes, b: yes }, consensus: same }
      ])
    ).toMatchObject({
      outcome: 'confirmed',
      basis: 'agreed-after-exchange',
      failingTest: yes.failingTest,
      note: 'both confirmers confirmed the same defect after 1 exchange round(s)'
    })
  })

  it('still split after the last exchange: unconfirmed, keeping both answers and the confirming test', () => {
    const outcome = settleConfirmation([
      { pair: { a: yes, b: no } },
      { pair: { a: yes, b: no } },
      { pair: { a: yes, b: no } }
    ])
    expect(outcome).toMatchObject({
      outcome: 'unconfirmed',
      basis: 'split',
      failingTest: yes.failingTest,
      note: 'the confirmers still disagreed after 2 exchange round(s)',
      answers: { a: yes, b: no },
      exchanges: 2
    })
  })

  it('a confirmer that gave no answer leaves the finding unconfirmed, never refuted', () => {
    expect(settleConfirmation([{ pair: { a: no } }])).toMatchObject({
      outcome: 'unconfirmed',
      basis: 'no-answer',
      note: 'confirmer B gave no answer'
    })
    expect(settleConfirmation([{ pair: {} }])).toMatchObject({
      outcome: 'unconfirmed',
      note: 'confirmer A and B gave no answer'
    })
    expect(roundVerdict({ pair: { b: yes } })).toBe('split')
  })
})

describe('the verdict', () => {
  const verdict = (scores: readonly (number | undefined)[]) =>
    decideVerdict({ reviews: [], postedScores: scores.filter((s) => s !== undefined) }).verdict

  it('counts a confirmed 9 at full weight, an unconfirmed 9 as request_changes, a refuted one not at all', () => {
    expect(verdict([verdictWeight(9, 'confirmed')])).toBe('needs_major_work')
    expect(verdict([verdictWeight(9, undefined)])).toBe('needs_major_work')
    expect(verdict([verdictWeight(10, 'unconfirmed')])).toBe('request_changes')
    expect(verdict([verdictWeight(9, 'refuted')])).toBe('approve')
    expect(verdictWeight(6, 'unconfirmed')).toBe(6)
  })
})

describe('the published comment', () => {
  it('shows the failing test as a fenced block with the file’s language, never a suggestion', () => {
    const finding = stagedFinding('F1', {
      file: 'src/db.ts',
      score: 9,
      confirmation: {
        outcome: 'confirmed',
        basis: 'agreed',
        failingTest: yes.failingTest,
        note: ''
      }
    })
    const body = findingCommentBody(finding)
    expect(body).toContain(`**Confirmed** by two independent checks.`)
    expect(body).toContain(`\`\`\`ts\n${yes.failingTest}\n\`\`\``)
    expect(body).not.toContain('```suggestion')
    const parsed = parseRmcoc(body)
    expect(parsed.ok && parsed.block.kind === 'finding' && parsed.block.confirmation).toBe(
      'confirmed'
    )
  })

  it('marks an unconfirmed finding and says it cannot raise the verdict past request changes', () => {
    const note = confirmationNote('app.py', {
      outcome: 'unconfirmed',
      basis: 'split',
      failingTest: 'def test_x():\n    assert f() == 1',
      note: 'the confirmers still disagreed after seeing each other’s answer'
    })
    expect(note).toMatch(/^⚠️ \*\*Unconfirmed:\*\* the confirmers still disagreed/)
    expect(note).toContain('request changes, never more')
    expect(note).toContain('```python\ndef test_x():')
  })

  it('fences a test holding backticks with a longer fence; unknown extensions are text', () => {
    expect(failingTestBlock('a.md', 'x ```` y')).toBe('`````text\nx ```` y\n`````')
    expect(testLanguage('Makefile')).toBe('text')
    expect(testLanguage('lib/x.RS')).toBe('rust')
  })

  it('says nothing for a finding that was not confirmed', () => {
    expect(confirmationNote('a.ts', undefined)).toBe('')
  })
})

describe('records', () => {
  it('old finding blocks without confirmation still parse; an unknown outcome does not', () => {
    const old = parseRmcoc(
      formatBotComment('x', { kind: 'finding', finding: 'f', assessment: 'a', score: 9 })
    )
    expect(old.ok && old.block.kind === 'finding' && old.block.confirmation).toBe(undefined)
    const block = { kind: 'finding', finding: 'f', assessment: 'a', score: 9 }
    const raw = (extra: object) =>
      parseRmcoc(`x\n\n\`\`\`rmcoc\n${JSON.stringify({ ...block, ...extra })}\n\`\`\``)
    const unconfirmed = raw({ confirmation: 'unconfirmed' })
    expect(
      unconfirmed.ok && unconfirmed.block.kind === 'finding' && unconfirmed.block.confirmation
    ).toBe('unconfirmed')
    const bad = raw({ confirmation: 'refuted' })
    expect(bad.ok).toBe(false)
  })
})

describe('FindingStage.confirm', () => {
  const stage = () => {
    const s = new FindingStage(
      { problemScoreThreshold: 5, scoreElevationThreshold: 5, securitySensitive: false },
      []
    )
    s.submit(1, {
      file: 'a.ts',
      line: 1,
      body: 'b',
      finding: 'Null dereference',
      assessment: 'a',
      score: 9
    })
    s.submit(1, {
      file: 'b.ts',
      line: 40,
      body: 'b',
      finding: 'Race on the counter',
      assessment: 'a',
      score: 9
    })
    return s
  }

  it('takes a refuted finding out of publication and counts it', () => {
    const s = stage()
    s.confirm('F1', { outcome: 'refuted', basis: 'agreed', note: 'both confirmers refuted it' })
    s.confirm('F2', { outcome: 'unconfirmed', basis: 'split', note: 'split' })
    expect(s.publishable().map((f) => [f.id, f.confirmation?.outcome])).toEqual([
      ['F2', 'unconfirmed']
    ])
    expect(s.counts()).toMatchObject({ staged: 1, refuted: 1 })
    expect(s.all().find((f) => f.id === 'F1')).toMatchObject({
      state: 'refuted',
      note: 'both confirmers refuted it'
    })
  })

  it('refuses a finding that is not staged', () => {
    const s = stage()
    s.confirm('F1', { outcome: 'refuted', basis: 'agreed', note: 'x' })
    expect(() => s.confirm('F1', { outcome: 'confirmed', basis: 'agreed', note: 'x' })).toThrow(
      '"F1" is not a staged finding (staged: F2).'
    )
  })

  it('redrafts only a confirmed finding: its text changes, its score does not', () => {
    const s = stage()
    s.confirm('F1', { outcome: 'unconfirmed', basis: 'split', note: 'split' })
    expect(() => s.redraft('F1', 'New text.')).toThrow(
      '"F1" is not a confirmed staged finding; only those are redrafted.'
    )
    s.confirm('F2', { outcome: 'confirmed', basis: 'agreed', note: 'both' })
    expect(() => s.redraft('F2', '  ')).toThrow('The drafted comment of F2 is empty.')
    const before = s.all().find((f) => f.id === 'F2')?.score
    s.redraft('f2', '  Overflow, as the checks showed.  ')
    expect(s.all().find((f) => f.id === 'F2')).toMatchObject({
      body: 'Overflow, as the checks showed.',
      drafted: true,
      score: before
    })
  })
})
