/**
 * Confirmation of blocking findings in the engine, without opencode: the
 * review's scripted agent stages findings, two scripted confirmers answer,
 * and what GitHub ends up holding shows the outcome.
 */
import { findingRows } from '../../src/action/job-summary-findings.js'
import { parseRmcoc } from '../../src/core/memory/rmcoc.js'
import type { ReviewTools } from '../../src/ports/review-tools.js'
import {
  confirmed,
  FAILING_TEST,
  refuted,
  ScriptedConfirmers,
  type ConfirmerAnswer,
  type ConfirmerTurn,
  type ConsensusDecision,
  type ConsensusTurn,
  type DraftDecision,
  type DraftTurn
} from '../support/scripted-confirmers.js'
import { ScriptedAgent, submit, type ScriptedTurn } from '../support/scripted-session.js'
import { startEngineFixture, TOKEN, type EngineFixture, ADDED_FILE } from './engine-harness.js'

let fixture: EngineFixture
beforeEach(async () => {
  fixture = await startEngineFixture({
    files: [ADDED_FILE]
  })
})
afterEach(async () => {
  await fixture.stop()
})

const post = (tools: ReviewTools, line: number, score: number, finding: string) =>
  tools.postReviewComment({
    file: 'src/a.ts',
    line,
    body: `${finding}. Details.`,
    assessment: { finding, assessment: `Why ${finding} matters.`, score }
  })

/** Pass 1 stages the findings; passes 2-4 only submit. */
const staging = (...findings: [number, number, string][]): ScriptedTurn[] => [
  submit(async (tools) => {
    for (const [line, score, finding] of findings) await post(tools, line, score, finding)
  })
]

async function review(
  turns: ScriptedTurn[],
  decide: (turn: ConfirmerTurn) => ConfirmerAnswer,
  inputs: Record<string, string> = {},
  consensus?: (turn: ConsensusTurn) => ConsensusDecision,
  draft?: (turn: DraftTurn) => DraftDecision
) {
  const agent = new ScriptedAgent(turns)
  const confirmers = new ScriptedConfirmers(decide, consensus, draft)
  const run = await fixture.run([], {
    inputs,
    deps: { startAgent: confirmers.router(agent.start) }
  })
  return { run, agent, confirmers }
}

const rootComments = () => fixture.pr.threads.map((thread) => thread.comments[0]?.body ?? '')

function blockOf(body: string) {
  const parsed = parseRmcoc(body)
  if (!parsed.ok || parsed.block.kind !== 'finding') throw new Error('no finding block')
  return parsed.block
}

it('a score-9 finding both confirmers refute is not published, and the verdict is not request_changes', async () => {
  const { run, confirmers } = await review(staging([2, 9, 'b overflows']), () => refuted)
  expect(run.error).toBeUndefined()
  expect(confirmers.started).toBe(2)
  expect(confirmers.stopped).toBe(2)
  expect(fixture.pr.threads).toHaveLength(0)
  expect(run.outcome).toMatchObject({
    kind: 'reviewed',
    verdict: 'approve',
    findingsPosted: 0,
    findingsRefuted: 1
  })
  const report = run.reports.at(-1)
  expect(report?.stage).toEqual([
    expect.objectContaining({ id: 'F1', state: 'refuted', note: 'both confirmers refuted it' })
  ])
  // No exchange: they agreed at once.
  expect(confirmers.prompts.map((p) => [p.confirmer, p.round])).toEqual(
    expect.arrayContaining([
      ['A', 1],
      ['B', 1]
    ])
  )
  expect(confirmers.prompts).toHaveLength(2)
})

it('a finding both confirm is published with its failing test as plain code, and counts in full', async () => {
  const { run } = await review(staging([2, 9, 'b overflows']), () => confirmed)
  expect(run.outcome).toMatchObject({ verdict: 'needs_major_work', findingsPosted: 1 })
  const [body] = rootComments()
  expect(body).toContain('**Confirmed** by two independent checks.')
  expect(body).toContain(`\`\`\`ts\n${FAILING_TEST}\n\`\`\``)
  expect(body).not.toContain('```suggestion')
  expect(blockOf(body ?? '').confirmation).toBe('confirmed')
})

it('still split after two exchanges (the default): published as unconfirmed, the verdict stays at request_changes', async () => {
  const { run, confirmers } = await review(staging([2, 10, 'b overflows']), (turn) =>
    turn.confirmer === 'A' ? confirmed : refuted
  )
  expect(run.outcome).toMatchObject({ verdict: 'request_changes', findingsPosted: 1 })
  const [body] = rootComments()
  expect(body).toContain('⚠️ **Unconfirmed:**')
  expect(blockOf(body ?? '').confirmation).toBe('unconfirmed')
  expect(fixture.pr.issueComments.at(-1)?.body).toContain('- **10** (unconfirmed) ')
  expect(run.reports.at(-1)?.verdict.reasons).toEqual([
    '1 posted finding scored 5-8 (highest 8)',
    '1 unconfirmed finding(s) scored above 8 weigh 8: the confirmers did not agree the defect is real'
  ])
  // Each exchange is the next prompt of the same session, and shows the other's answer.
  const a = confirmers.prompts.filter((p) => p.confirmer === 'A')
  expect(a.map((p) => [p.session, p.round])).toEqual([
    ['A1', 1],
    ['A1', 2],
    ['A1', 3]
  ])
  // No consensus check: they never both confirmed.
  expect(confirmers.consensusChecks).toEqual([])
  expect(a[1]?.prompt).toContain('Verdict: refuted')
  expect(a[1]?.prompt).toContain('B reasoned it out (round 1).')
})

it('a split that agrees after the exchange takes the agreement', async () => {
  const { run } = await review(staging([2, 9, 'b overflows']), (turn) =>
    turn.confirmer === 'B' && turn.round === 1 ? confirmed : refuted
  )
  expect(fixture.pr.threads).toHaveLength(0)
  expect(run.outcome).toMatchObject({ verdict: 'approve', findingsRefuted: 1 })
})

it('each finding gets fresh sessions that see only the finding, never the review’s prompts', async () => {
  const { agent, confirmers, run } = await review(
    staging([1, 9, 'a overflows'], [3, 9, 'c is never freed'], [2, 6, 'b is vague']),
    () => confirmed
  )
  expect(run.outcome).toMatchObject({ findingsPosted: 3 })
  // A2 was F1's consensus check and A3 its comment draft: sessions of their own in A's agent.
  expect(confirmers.prompts.map((p) => `${p.session}:${p.findingId}`).sort()).toEqual([
    'A1:F1',
    'A4:F2',
    'B1:F1',
    'B2:F2'
  ])
  expect(confirmers.consensusChecks.map((c) => c.findingId)).toEqual(['F1', 'F2'])
  for (const prompt of confirmers.prompts) {
    for (const passPrompt of agent.prompts) expect(prompt.prompt).not.toContain(passPrompt)
    expect(prompt.prompt).not.toContain('Pass 1 of 4')
    expect(prompt.systemPrompt).not.toContain('Pass 1 of 4')
  }
  // The score-6 finding was never confirmed.
  expect(confirmers.prompts.some((p) => p.findingId === 'F3')).toBe(false)
  expect(confirmers.prompts.find((p) => p.findingId === 'F2')?.prompt).toContain('+const c = 3')
})

it('confirm_min_score off: no confirmation session at all', async () => {
  const { run, confirmers } = await review(staging([2, 9, 'b overflows']), () => refuted, {
    confirm_min_score: 'off'
  })
  expect(confirmers.started).toBe(0)
  expect(run.outcome).toMatchObject({ verdict: 'needs_major_work', findingsPosted: 1 })
  expect(blockOf(rootComments()[0] ?? '').confirmation).toBeUndefined()
  expect(run.reports.at(-1)?.passes.map((p) => p.label ?? p.number)).toEqual([1, 2, 3, 4])
})

it('confirm_min_score 7 and confirm_model: a score-8 finding is confirmed with that model', async () => {
  const { confirmers } = await review(staging([2, 8, 'b overflows']), () => confirmed, {
    confirm_min_score: '7',
    confirm_model: 'fake/checker'
  })
  expect(confirmers.models).toEqual(['fake/checker', 'fake/checker'])
})

it('the cost of confirmation is a row of the pass table, with its model requests', async () => {
  const { run } = await review(staging([2, 9, 'b overflows']), (turn) =>
    turn.confirmer === 'A' ? confirmed : refuted
  )
  expect(run.reports.at(-1)?.passes.at(-1)).toEqual(
    expect.objectContaining({
      label: 'confirmation',
      completed: true,
      // Three rounds (the first and two exchanges), two prompts each.
      requests: 12,
      inputTokens: 300,
      outputTokens: 30,
      costUsd: expect.closeTo(0.06, 5)
    })
  )
  // The action's usage outputs include it.
  expect(run.outcome).toMatchObject({ usage: expect.objectContaining({ inputTokens: 700 }) })
})

it('a confirmer that cannot start leaves the finding published as unconfirmed, with a warning', async () => {
  const agent = new ScriptedAgent(staging([2, 9, 'b overflows']))
  const run = await fixture.run([], {
    deps: {
      startAgent: async (input) => {
        if (input.systemPrompt.includes('independent checker')) throw new Error('no sidecar')
        return agent.start(input)
      }
    }
  })
  expect(run.outcome).toMatchObject({ verdict: 'request_changes', findingsPosted: 1 })
  expect(blockOf(rootComments()[0] ?? '').confirmation).toBe('unconfirmed')
  expect(run.warnings).toContain(
    'Confirmation of 1 blocking finding(s) did not run (confirmer A could not start: no sidecar; confirmer B could not start: no sidecar); they are published as unconfirmed.'
  )
})

it('a confirmer whose session fails or stays silent leaves the finding unconfirmed, never refuted', async () => {
  const { run } = await review(staging([2, 9, 'b overflows']), (turn) =>
    turn.confirmer === 'A' ? refuted : 'silent'
  )
  expect(run.outcome).toMatchObject({ verdict: 'request_changes', findingsPosted: 1 })
  expect(run.warnings).toContain(
    'F1 is published unconfirmed: confirmer B gave no answer (B: it ended without an answer).'
  )
})

it('a regression of a finding confirmed in an earlier run is not confirmed again', async () => {
  await review(staging([2, 9, 'b overflows']), () => confirmed)
  const threadId = fixture.pr.threads[0]?.id ?? ''
  await review(
    [submit(async (tools) => tools.resolveThread({ thread_id: threadId, reason: 'Fixed.' }))],
    () => confirmed
  )
  const again = await review(staging([2, 9, 'b overflows']), () => refuted)
  expect(again.confirmers.started).toBe(0)
  expect(again.run.outcome).toMatchObject({ verdict: 'needs_major_work', findingsPosted: 1 })
  expect(fixture.pr.threads[0]?.comments.at(-1)?.body).toContain(
    '**Confirmed** in an earlier review.'
  )
})

it('a confirmer that ends without answering is reminded once, in the same session', async () => {
  const { run, confirmers } = await review(staging([2, 9, 'b overflows']), (turn) =>
    turn.confirmer === 'B' && !turn.prompt.includes('You ended without answering')
      ? 'silent'
      : confirmed
  )
  expect(run.outcome).toMatchObject({ verdict: 'needs_major_work', findingsPosted: 1 })
  expect(confirmers.prompts.filter((p) => p.confirmer === 'B').map((p) => p.session)).toEqual([
    'B1',
    'B1'
  ])
  expect(run.warnings).toEqual([])
})

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
