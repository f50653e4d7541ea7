/**
 * Consensus on the defect, in the engine: when both confirmers confirm, a
 * consensus check decides whether they found the same defect; disagreement
 * leads to exchanges, and a finding still split is published unconfirmed
 * with each check's reasoning.
 */
import { findingRows } from '../../src/action/job-summary-findings.js'
import { confirmed, FAILING_TEST, refuted } from '../support/scripted-confirmers.js'
import { blockOf, staging, useConfirmationFixture } from './engine-confirmation-helpers.js'

const { review, rootComments } = useConfirmationFixture()

describe('consensus on the defect', () => {
  const DIFFERENT = {
    agree: false,
    explanation: 'A describes an overflow of b; B a missing null check.'
  }

  it('both confirm different defects: the check disagrees, an exchange, then it agrees: confirmed with one test', async () => {
    const { run, confirmers } = await review(
      staging([2, 9, 'b overflows']),
      () => confirmed,
      {},
      (turn) =>
        turn.check === 1 ? DIFFERENT : { agree: true, explanation: 'Both now show b overflowing.' }
    )
    expect(run.outcome).toMatchObject({ findingsPosted: 1 })
    expect(confirmers.consensusChecks.map((c) => c.check)).toEqual([1, 2])
    // The check saw the finding and both answers, in a session of its own.
    expect(confirmers.consensusChecks[0]?.prompt).toContain('A reasoned it out (round 1).')
    expect(confirmers.consensusChecks[0]?.prompt).toContain('B reasoned it out (round 1).')
    // The exchange told each confirmer why their answers did not agree.
    const exchange = confirmers.prompts.find((p) => p.confirmer === 'A' && p.round === 2)
    expect(exchange?.prompt).toContain(DIFFERENT.explanation)
    const [body] = rootComments()
    expect(blockOf(body ?? '').confirmation).toBe('confirmed')
    expect(body).toContain(`\`\`\`ts\n${FAILING_TEST}\n\`\`\``)
    // People see why: the consensus explanation, in the comment and in the record.
    expect(body).toContain('They found the same defect: Both now show b overflowing.')
    expect(blockOf(body ?? '').confirmation_why).toBe('Both now show b overflowing.')
  })

  it('the check never agrees: published unconfirmed after two exchanges', async () => {
    const { run, confirmers } = await review(
      staging([2, 9, 'b overflows']),
      () => confirmed,
      {},
      () => DIFFERENT
    )
    expect(run.outcome).toMatchObject({ findingsPosted: 1 })
    expect(confirmers.consensusChecks).toHaveLength(3)
    const body = rootComments()[0] ?? ''
    expect(blockOf(body).confirmation).toBe('unconfirmed')
    // Both checks' reasoning and tests, and the consensus check's view, collapsed.
    const details = body.slice(body.indexOf('<details>'), body.indexOf('</details>'))
    expect(details).toContain('<summary>Why it is unconfirmed: what each check found</summary>')
    expect(details).toContain('**Check A: confirmed.** A reasoned it out (round 3).')
    expect(details).toContain('**Check B: confirmed.** B reasoned it out (round 3).')
    expect(details.split(FAILING_TEST)).toHaveLength(3)
    expect(details).toContain(`**Consensus check:** ${DIFFERENT.explanation}`)
    // The state block stays last.
    expect(body.indexOf('</details>')).toBeLessThan(body.indexOf('```rmcoc'))
    expect(run.reports.at(-1)?.stage[0]?.confirmation).toMatchObject({
      outcome: 'unconfirmed',
      note: 'both confirmers confirmed it, but not the same defect after 2 exchange round(s)',
      consensus: { agree: false },
      exchanges: 2
    })
  })

  it('refuted by both: the job summary lists the finding with both checks’ reasons', async () => {
    const { run } = await review(staging([2, 9, 'b overflows']), () => refuted)
    const rows = findingRows(run.reports.at(-1)!)
    expect(rows).toEqual([
      expect.arrayContaining([
        'refuted',
        expect.stringContaining(
          'A refuted: A reasoned it out (round 1).; B refuted: B reasoned it out (round 1).'
        )
      ])
    ])
  })

  it('confirm_max_exchanges 0: no exchange at all', async () => {
    const { confirmers } = await review(
      staging([2, 9, 'b overflows']),
      (turn) => (turn.confirmer === 'A' ? confirmed : refuted),
      { confirm_max_exchanges: '0' }
    )
    expect(confirmers.prompts.map((p) => p.round)).toEqual([1, 1])
    expect(blockOf(rootComments()[0] ?? '').confirmation).toBe('unconfirmed')
  })
})
