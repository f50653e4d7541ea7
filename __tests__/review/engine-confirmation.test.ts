/**
 * Confirmation of blocking findings in the engine, without opencode: the
 * review's scripted agent stages findings, two scripted confirmers answer,
 * and what GitHub ends up holding shows the outcome: refuted, confirmed or
 * unconfirmed, the inputs that turn it on, its cost, confirmers that fail,
 * regressions and reminders.
 */
import { confirmed, FAILING_TEST, refuted } from '../support/scripted-confirmers.js'
import { ScriptedAgent, submit } from '../support/scripted-session.js'
import { blockOf, staging, useConfirmationFixture } from './engine-confirmation-helpers.js'

const { fixture, review, rootComments } = useConfirmationFixture()

it('a score-9 finding both confirmers refute is not published, and the verdict is not request_changes', async () => {
  const { run, confirmers } = await review(staging([2, 9, 'b overflows']), () => refuted)
  expect(run.error).toBeUndefined()
  expect(confirmers.started).toBe(2)
  expect(confirmers.stopped).toBe(2)
  expect(fixture().pr.threads).toHaveLength(0)
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
  expect(fixture().pr.issueComments.at(-1)?.body).toContain('- **10** (unconfirmed) ')
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
  expect(fixture().pr.threads).toHaveLength(0)
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
  const run = await fixture().run([], {
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
  const threadId = fixture().pr.threads[0]?.id ?? ''
  await review(
    [submit(async (tools) => tools.resolveThread({ thread_id: threadId, reason: 'Fixed.' }))],
    () => confirmed
  )
  const again = await review(staging([2, 9, 'b overflows']), () => refuted)
  expect(again.confirmers.started).toBe(0)
  expect(again.run.outcome).toMatchObject({ verdict: 'needs_major_work', findingsPosted: 1 })
  expect(fixture().pr.threads[0]?.comments.at(-1)?.body).toContain(
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
