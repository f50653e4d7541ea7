/**
 * Confirmation of blocking findings with the real opencode binary: the
 * review's four passes stage findings, then two confirmer sidecars check
 * each score-9+ finding in fresh sessions, scripted per conversation by the
 * fake model (their requests arrive in no fixed order). Where the subject
 * is the confirmation, the review's own passes only stage findings: their
 * script is played without opencode (`reviewPlayed`), the confirmers are
 * real sidecars.
 */
import { jest } from '@jest/globals'
import { parseRmcoc } from '../../src/core/memory/rmcoc.js'
import {
  ScriptedConversations,
  type RecordedRequest,
  type ScriptStep
} from '../support/fake-model/index.js'
import type { AgentStart } from '../../src/ports/review-engine.js'
import { buildConfirmationSystemPrompt } from '../../src/review/confirmation/confirmation-prompts.js'
import { addedFile, pass, startScenario, tool, type Scenario } from './harness.js'
import { bySession, messageText, passPromptIn, prefixBreaks } from './requests.js'

jest.setTimeout(240_000)

const refunds = addedFile(
  'src/refunds.ts',
  Array.from({ length: 40 }, (_, i) => `export const step${i + 1} = ${i + 1}`)
)

const TEST = "it('caps the refund', () => expect(refund(100, 150)).toBe(100))"

type Body = { messages?: { role: string; content?: unknown }[] }
const texts = (request: RecordedRequest, role: string): string[] =>
  ((request.body as Body).messages ?? []).filter((m) => m.role === role).map(messageText)

const isConfirmer = (request: RecordedRequest): boolean =>
  texts(request, 'system').some((text) => text.includes('independent checker'))

/** One answer in a confirmer session: the tool call, then the text that ends the turn. */
const answer = (findingId: string, verdict: 'confirmed' | 'refuted'): ScriptStep[] => [
  {
    toolCalls: [
      {
        name: 'submit_confirmation',
        arguments: {
          finding_id: findingId,
          verdict,
          reasoning: `Followed the code path for ${findingId}: ${verdict}.`,
          ...(verdict === 'confirmed' ? { failing_test: TEST } : {})
        }
      }
    ]
  },
  { text: 'Answered.' }
]

/** A consensus check's answer: the tool call, then the text that ends the turn. */
const consensus = (findingId: string, agree: boolean): ScriptStep[] => [
  {
    toolCalls: [
      {
        name: 'submit_consensus',
        arguments: {
          finding_id: findingId,
          agree,
          explanation: agree
            ? `Both answers show the same path for ${findingId}.`
            : `The answers on ${findingId} describe different defects.`
        }
      }
    ]
  },
  { text: 'Compared.' }
]

const CONSENSUS = /Consensus check on finding (F\d+)/
const DRAFT = /Comment draft for confirmed finding (F\d+)/

/** The comment a draft session writes for a confirmed finding. */
const draftOf = (findingId: string) =>
  `A refund larger than the captured amount is paid out in full (${findingId}): cap it at the captured amount.`

/** A comment draft's answer: the tool call, then the text that ends the turn. */
const draft = (findingId: string): ScriptStep[] => [
  {
    toolCalls: [
      {
        name: 'submit_comment_draft',
        arguments: { finding_id: findingId, body: draftOf(findingId) }
      }
    ]
  },
  { text: 'Drafted.' }
]

/**
 * Per finding, the verdicts of its first and second confirmer session (in
 * the order their first requests arrive), round by round; and what each of
 * its consensus checks answers, in order (agree when not given).
 */
function confirmers(
  plan: Record<string, ('confirmed' | 'refuted')[][]>,
  checks: Record<string, boolean[]> = {}
): ScriptedConversations {
  return new ScriptedConversations({
    belongs: isConfirmer,
    keyOf: (request) => {
      const first = texts(request, 'user')[0] ?? ''
      const check = CONSENSUS.exec(first)?.[1]
      if (check !== undefined) return `consensus ${check}`
      const drafted = DRAFT.exec(first)?.[1]
      if (drafted !== undefined) return `draft ${drafted}`
      return /finding (F\d+)/.exec(first)?.[1] ?? '?'
    },
    scriptFor: (key, index) => {
      if (key.startsWith('draft ')) return draft(key.slice('draft '.length))
      if (key.startsWith('consensus ')) {
        const finding = key.slice('consensus '.length)
        return consensus(finding, checks[finding]?.[index] ?? true)
      }
      return (plan[key]?.[index] ?? []).flatMap((verdict) => answer(key, verdict))
    }
  })
}

/** The review's passes play their script; every confirmer boots its sidecar. */
const reviewPlayed = (start: AgentStart): boolean =>
  start.systemPrompt !== buildConfirmationSystemPrompt()

/** The review stages one score-9 finding in pass 1 (line 10); passes 2-4 only submit. */
const oneBlocker = (): ScriptStep[] => [
  ...pass(1, [tool.post('src/refunds.ts', 10, 9, 'Refund can exceed the captured amount')]),
  ...pass(2),
  ...pass(3),
  ...pass(4)
]

let scenario: Scenario
afterEach(async () => {
  await scenario.stop()
})

it('refuted by both: not published, not request_changes; confirmers see none of the review', async () => {
  scenario = await startScenario([refunds])
  const conversations = confirmers({ F1: [['refuted'], ['refuted']] })
  scenario.model.route = conversations.route
  scenario.model.enqueue(...oneBlocker())
  const result = await scenario.run({ played: reviewPlayed })
  expect(result.failed).toBe(false)
  expect(scenario.pr.threads).toHaveLength(0)
  expect(result.outputs).toMatchObject({
    verdict: 'approve',
    findings_posted: '0',
    findings_refuted: '1'
  })
  expect(result.jobSummary).toMatch(/refuted/)
  expect(result.jobSummary).toMatch(/confirmation<\/td><td>completed \(4 model requests\)/)

  // Two confirmer sessions, each its own conversation: none of the pass prompts.
  const requests = scenario.model.requests
  expect(requests.filter((r) => !isConfirmer(r))).toEqual([])
  const checks = requests.filter(isConfirmer)
  expect(bySession(checks)).toHaveLength(2)
  const passes = [1, 2, 3, 4].map((n) => passPromptIn(scenario.model.playedPrompts, n))
  for (const request of checks) {
    const all = JSON.stringify(request.body)
    for (const prompt of passes) expect(all).not.toContain(JSON.stringify(prompt).slice(1, 200))
    expect(all).not.toContain('Pass 1 of 4')
    expect(texts(request, 'user')[0]).toContain('Check finding F1 (scored 9 of 10)')
  }
  for (const session of bySession(checks)) expect(prefixBreaks(session)).toEqual([])
})

it('both confirm different defects: exchange, then the consensus agrees, confirmed with a comment drafted from the reasoning; split after two exchanges: unconfirmed with both reasonings', async () => {
  scenario = await startScenario([refunds])
  const conversations = confirmers(
    {
      // F1: both confirm in each of two rounds; the first consensus check disagrees.
      F1: [
        ['confirmed', 'confirmed'],
        ['confirmed', 'confirmed']
      ],
      // F2: A confirms, B refutes, in all three rounds.
      F2: [
        ['confirmed', 'confirmed', 'confirmed'],
        ['refuted', 'refuted', 'refuted']
      ]
    },
    { F1: [false, true] }
  )
  scenario.model.route = conversations.route
  scenario.model.enqueue(
    ...pass(1, [
      tool.post('src/refunds.ts', 10, 9, 'Refund can exceed the captured amount'),
      tool.post('src/refunds.ts', 20, 9, 'Concurrent refunds double-spend the balance')
    ]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const result = await scenario.run({ played: reviewPlayed })
  expect(result.failed).toBe(false)
  const bodies = new Map(
    scenario.pr.threads.map((t) => [t.comments[0]?.line, t.comments[0]?.body ?? ''])
  )
  const confirmed = bodies.get(10) ?? ''
  // The comment is the draft written from the confirmed reasoning, not the reviewer's text.
  expect(confirmed.startsWith(draftOf('F1'))).toBe(true)
  expect(confirmed).not.toContain('Refund can exceed the captured amount. Details')
  expect(confirmed).toContain(
    '**Confirmed** by two independent checks. They found the same defect: Both answers show the same path for F1.'
  )
  expect(confirmed.split(TEST)).toHaveLength(2)
  expect(confirmed).not.toContain('```suggestion')
  const split = bodies.get(20) ?? ''
  expect(split).toContain(
    '⚠️ **Unconfirmed:** the confirmers still disagreed after 2 exchange round(s)'
  )
  expect(split).toContain(
    '<details><summary>Why it is unconfirmed: what each check found</summary>'
  )
  // Which session is A depends on which starts first: both reasonings are there either way.
  expect(split).toMatch(
    /\*\*Check [AB]: confirmed\.\*\* Followed the code path for F2: confirmed\./
  )
  expect(split).toMatch(/\*\*Check [AB]: refuted\.\*\* Followed the code path for F2: refuted\./)
  const outcome = (body: string) => {
    const parsed = parseRmcoc(body)
    return parsed.ok && parsed.block.kind === 'finding' ? parsed.block.confirmation : 'none'
  }
  expect([outcome(confirmed), outcome(split)]).toEqual(['confirmed', 'unconfirmed'])
  // The confirmed 9 decides; the unconfirmed one alone could not.
  expect(result.outputs).toMatchObject({ verdict: 'needs_major_work', findings_refuted: '0' })

  // Two consensus checks on F1, each a session of its own; none on F2 (never both confirmed).
  const checks = [...conversations.requests.entries()].filter(([, requests]) =>
    CONSENSUS.test(texts(requests[0]!, 'user')[0] ?? '')
  )
  expect(
    checks.map(([, requests]) => CONSENSUS.exec(texts(requests[0]!, 'user')[0] ?? '')?.[1])
  ).toEqual(['F1', 'F1'])
  // One draft session, for F1: it was shown the confirmed reasoning.
  const drafts = [...conversations.requests.values()]
    .map((requests) => texts(requests[0]!, 'user')[0] ?? '')
    .filter((first) => DRAFT.test(first))
  expect(drafts.map((first) => DRAFT.exec(first)?.[1])).toEqual(['F1'])
  expect(drafts[0]).toContain('Followed the code path for F1: confirmed.')
  // Each exchange is the next prompt in the confirmer's session, extending it unchanged;
  // F1's exchange shows why the answers did not agree.
  const sessions = bySession(
    scenario.model.requests.filter((r) => isConfirmer(r) && !DRAFT.test(texts(r, 'user')[0] ?? ''))
  )
  expect(sessions).toHaveLength(6)
  const exchanges = (session: RecordedRequest[]) =>
    texts(session.at(-1)!, 'user').filter((t) =>
      t.includes('The other checker answered differently')
    )
  expect(sessions.map((s) => exchanges(s).length).sort()).toEqual([0, 0, 1, 1, 2, 2])
  expect(
    sessions.some((s) => exchanges(s).some((t) => t.includes('describe different defects')))
  ).toBe(true)
  for (const session of sessions) expect(prefixBreaks(session)).toEqual([])
})

it('confirm_max_exchanges 0: a split is published unconfirmed without an exchange', async () => {
  scenario = await startScenario([refunds])
  const conversations = confirmers({ F1: [['confirmed'], ['refuted']] })
  scenario.model.route = conversations.route
  scenario.model.enqueue(...oneBlocker())
  const result = await scenario.run({
    inputs: { confirm_max_exchanges: '0' },
    played: reviewPlayed
  })
  expect(result.failed).toBe(false)
  const checks = scenario.model.requests.filter(isConfirmer)
  expect(
    checks
      .flatMap((r) => texts(r, 'user'))
      .filter((t) => t.includes('The other checker answered differently'))
  ).toEqual([])
  expect(scenario.pr.threads[0]?.comments[0]?.body).toContain(
    '⚠️ **Unconfirmed:** the confirmers still disagreed.'
  )
})
