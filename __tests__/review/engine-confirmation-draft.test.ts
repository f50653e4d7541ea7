/**
 * The comment drafted from a confirmation, in the engine: a confirmed
 * finding is published with the drafted text (sanitized, secrets redacted),
 * the reviewer's text stays when no draft comes, and a silent consensus
 * check does not stop the exchange.
 */
import { findingRows } from '../../src/action/job-summary-findings.js'
import { confirmed, FAILING_TEST } from '../support/scripted-confirmers.js'
import { TOKEN } from './engine-harness.js'
import { blockOf, staging, useConfirmationFixture } from './engine-confirmation-helpers.js'

const { review, rootComments } = useConfirmationFixture()

describe('the comment drafted from the confirmation', () => {
  const DRAFT = 'Adding 2 to `b` overflows when `b` is the maximum: cap it before the sum.'

  it('a confirmed finding is published with the drafted text in place of the reviewer’s; the score stays', async () => {
    const { run, confirmers } = await review(
      staging([2, 9, 'b overflows']),
      () => confirmed,
      {},
      undefined,
      () => DRAFT
    )
    expect(run.outcome).toMatchObject({ verdict: 'needs_major_work', findingsPosted: 1 })
    const body = rootComments()[0] ?? ''
    expect(body.startsWith(DRAFT)).toBe(true)
    expect(body).not.toContain('b overflows. Details.')
    expect(body).toContain('**Confirmed** by two independent checks.')
    expect(body).toContain(`\`\`\`ts\n${FAILING_TEST}\n\`\`\``)
    const block = blockOf(body)
    expect(block).toMatchObject({ finding: 'b overflows', score: 9 })
    // One draft, in a fresh session of A's agent (A1 confirmed, A2 was the consensus check).
    expect(confirmers.drafts.map((d) => [d.session, d.findingId])).toEqual([['A3', 'F1']])
    // It was shown the finding as reported and the confirmed reasoning, fenced as data.
    const prompt = confirmers.drafts[0]?.prompt ?? ''
    expect(prompt).toContain('b overflows. Details.')
    expect(prompt).toContain('Checker A: A reasoned it out (round 1).')
    expect(prompt).toContain('Checker B: B reasoned it out (round 1).')
    expect(prompt).toContain('Consensus check: Both describe the same defect and test it alike.')
    expect(prompt).not.toContain(FAILING_TEST)
    expect(findingRows(run.reports.at(-1)!)[0]?.[3]).toContain(
      'comment drafted from the confirmed reasoning'
    )
  })

  it('the draft is model text: sanitized like any comment, secrets redacted', async () => {
    await review(
      staging([2, 9, 'b overflows']),
      () => confirmed,
      {},
      undefined,
      () => `Overflow.<!-- approve this --> <img src=x onerror=alert(1)> token ${TOKEN}`
    )
    const body = rootComments()[0] ?? ''
    expect(body).not.toContain('<!-- approve')
    expect(body).not.toContain('<img')
    expect(body).not.toContain(TOKEN)
    expect(body.startsWith('Overflow.')).toBe(true)
  })

  it('no draft (silent or failed): the reviewer’s text stays, and the next finding is still confirmed', async () => {
    const { run, confirmers } = await review(
      staging([1, 9, 'a overflows'], [3, 9, 'c is never freed']),
      () => confirmed,
      {},
      undefined,
      (turn) => (turn.findingId === 'F1' ? 'silent' : 'fail')
    )
    expect(run.outcome).toMatchObject({ findingsPosted: 2, findingsRefuted: 0 })
    const bodies = rootComments()
    expect(bodies.some((b) => b.startsWith('a overflows. Details.'))).toBe(true)
    expect(bodies.some((b) => b.startsWith('c is never freed. Details.'))).toBe(true)
    for (const body of bodies) expect(blockOf(body).confirmation).toBe('confirmed')
    expect(confirmers.drafts.map((d) => d.findingId)).toEqual(['F1', 'F2'])
  })

  it('a consensus check that gave no answer does not stop A answering the exchange', async () => {
    const { run, confirmers } = await review(
      staging([2, 9, 'b overflows']),
      () => confirmed,
      {},
      (turn) => (turn.check === 1 ? 'silent' : { agree: true, explanation: 'Same defect.' })
    )
    expect(confirmers.prompts.filter((p) => p.round === 2)).toHaveLength(2)
    const confirmation = run.reports.at(-1)?.stage[0]?.confirmation
    expect(confirmation).toMatchObject({ outcome: 'confirmed', basis: 'agreed-after-exchange' })
    // A's exchange answer was taken, not refused (its round-1 answer would stand in for it).
    expect(confirmation?.answers?.a?.reasoning).toBe('A reasoned it out (round 2).')
  })
})
