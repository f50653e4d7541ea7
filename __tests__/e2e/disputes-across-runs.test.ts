/**
 * Disputes across runs, end to end (the action's run() on a push, the real
 * opencode sidecar, the scripted model, the fake GitHub): the agent reads a
 * second rejection before the deterministic rule does, so a real fix is
 * resolved without escalating; a thread still disputed after the agent goes
 * to the human reviewer, and a third rebuttal is refused by the tool; a
 * bystander's reply never moves a dispute; the developer's call closes a
 * finding for good.
 */
import { jest } from '@jest/globals'
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import type { FakeThread } from '../support/fake-github/pull-state.js'
import {
  OWNER,
  pass,
  pushEmptyCommit,
  REPO,
  startScenario,
  tool,
  toolResults,
  userMessages,
  type Scenario
} from './harness.js'
import { BOT, botThread, refundsFile } from './refunds-pr.js'

jest.setTimeout(240_000)

const OLD_SHA = 'a1d'.padEnd(40, '7')
const FINDING = 'Orders are mapped twice over the same array'
const ESCALATED = '🔺 **Escalated to Human Review**'
const RESOLVED = '✅ **Issue Resolved**'
const file = refundsFile

let scenario: Scenario
afterEach(async () => {
  await scenario.stop()
})

const seedThread = (
  line: number,
  finding: string,
  replies: Array<{ author: string; body: string }> = []
): FakeThread => botThread(scenario, line, finding, replies)

const rebuttal = () =>
  formatBotComment('The array grows with the cart, so the double map costs.', {
    kind: 'rebuttal',
    status: 'DISPUTED'
  })

/** Bot finding, author pushback, bot rebuttal, then `last` (the rebuttal answered back). */
function disputedThread(last: { author: string; body: string }): FakeThread {
  return seedThread(20, FINDING, [
    { author: 'octocat', body: 'The array is tiny.' },
    { author: BOT, body: rebuttal() },
    last
  ])
}

function lastRunSummary(): void {
  scenario.github.state.addIssueComment(scenario.pr, {
    author: BOT,
    body: formatBotComment('Earlier review.', {
      kind: 'summary',
      head_sha: OLD_SHA,
      counts: { posted: 1, suppressed: 0, resolved: 0, pending: 0, disputed: 1, escalated: 0 }
    })
  })
}

/** Everything GitHub holds that people can read: comments, reviews, check runs. */
function everythingOnGitHub(): string {
  const { pr } = scenario
  return JSON.stringify([
    pr.threads.flatMap((thread) => thread.comments.map((comment) => comment.body)),
    pr.issueComments.map((comment) => comment.body),
    pr.reviews.map((review) => review.body),
    scenario.github.state.repo(OWNER, REPO).checkRuns
  ])
}

/** The comments this run added to a thread (seeded ones are older). */
function addedBy(thread: FakeThread, seeded: number) {
  return thread.comments.slice(seeded)
}

/** The text of every tool result the model was sent (or, played, was given) in the scenario. */
function allToolResults(): string {
  const sent = scenario.model.requests.flatMap((request) => toolResults(request.body))
  return [...new Set([...sent, ...scenario.model.playedToolResults])].join('\n')
}

const THREADS_NUDGE = 'got no answer in this\nrun'

/** How many times the model was asked about threads left unanswered after pass 1. */
function threadNudges(): number {
  const last = scenario.model.requests.at(-1)
  const prompts = [
    ...(last === undefined ? [] : userMessages(last.body)),
    ...scenario.model.playedPrompts
  ]
  return prompts.filter((text) => text.includes(THREADS_NUDGE)).length
}

/** The script played out as written: every pass completed, every step served. */
function expectScriptPlayed(stdout: string): void {
  for (const n of [1, 2, 3, 4]) expect(stdout).toContain(`Pass ${n}: completed`)
  expect(scenario.model.pending).toBe(0)
}

function blockKind(body: string | undefined): string | undefined {
  const parsed = parseRmcoc(body ?? '')
  return parsed.ok ? parsed.block.kind : undefined
}

it('"fixed it" with a real fix after a rejected rebuttal: the agent resolves it in pass 1, no escalation, no @mention', async () => {
  scenario = await startScenario([file])
  scenario.pr.requestedReviewers.push('alice')
  const thread = disputedThread({
    author: 'octocat',
    body: "You're right, fixed it in the latest commit: the orders are mapped once now."
  })
  lastRunSummary()
  scenario.model.enqueue(
    ...pass(1, [tool.resolve(thread.id, 'Fixed: refunds.ts maps the orders in one pass now.')]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const result = await scenario.run()
  expect(result.failed).toBe(false)

  // The agent saw the rejected rebuttal and the developer's latest word first.
  const firstPrompt = userMessages(scenario.model.requests[0]?.body).join('\n')
  expect(firstPrompt).toMatch(new RegExp(`${thread.id}, DISPUTED`))
  expect(firstPrompt).toContain('fixed it in the latest commit')

  expect(thread.isResolved).toBe(true)
  const added = addedBy(thread, 4)
  expect(added).toHaveLength(1)
  expect(added[0]?.author.login).toBe(BOT)
  expect(added[0]?.body).toContain(RESOLVED)
  expect(added[0]?.body).toContain('maps the orders in one pass now')
  expect(blockKind(added[0]?.body)).toBe('resolution')
  // No escalation reply, and the reviewer was not called anywhere.
  expect(everythingOnGitHub()).not.toContain('Escalated to Human Review')
  expect(everythingOnGitHub()).not.toMatch(/@alice/)
  expect(result.outputs['threads_resolved']).toBe('1')
  expect(result.stdout).not.toContain('escalated to human review')
  expect(threadNudges()).toBe(0)
  expectScriptPlayed(result.stdout)
})

it('the agent neither resolves nor concedes: its third rebuttal is refused and posts nothing; the rule escalates to the human reviewer', async () => {
  scenario = await startScenario([file])
  scenario.pr.requestedReviewers.push('alice')
  const thread = disputedThread({ author: 'octocat', body: 'Still disagree, it is fine.' })
  lastRunSummary()
  scenario.model.enqueue(
    ...pass(1, [tool.reply(thread.id, 'It really is mapped twice, see line 20.', false)]),
    // The threads nudge after pass 1 (the thread is still unanswered): the model leaves it.
    { text: 'Leaving it for the human reviewers.' },
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  // Played without opencode: the refusal and the escalation are the action's
  // rules; the first case and the developer's call run the real sidecar.
  const result = await scenario.run({ played: true })
  expect(result.failed).toBe(false)

  // The tool told the model why it refused.
  const results = allToolResults()
  expect(results).toContain(`The developer rejected your rebuttal in thread ${thread.id} again`)
  expect(results).toContain('not argued a third time')
  // Nothing of the refused rebuttal reached GitHub.
  expect(everythingOnGitHub()).not.toContain('It really is mapped twice')

  // After the agent, the rule escalated: one reply, the thread stays open.
  expect(thread.isResolved).toBe(false)
  const added = addedBy(thread, 4)
  expect(added).toHaveLength(1)
  const escalation = added[0]?.body ?? ''
  expect(escalation).toContain(ESCALATED)
  expect(escalation).toContain('@alice')
  expect(escalation).toContain('Still disagree, it is fine.')
  expect(blockKind(escalation)).toBe('escalation')
  expect(scenario.pr.threads).toHaveLength(1)
  expect(threadNudges()).toBe(1)
  expectScriptPlayed(result.stdout)
})

describe("a bystander's reply never settles a dispute", () => {
  // The second case plays its script without opencode: what differs between
  // the two is the action's rule, and the first shows the sidecar's path.
  it.each([
    ['with a requested reviewer: no escalation', ['alice'], false],
    ["without reviewers: no developer's call", [], true]
  ])('%s', async (_name, reviewers, played) => {
    scenario = await startScenario([file])
    scenario.pr.requestedReviewers.push(...reviewers)
    scenario.github.state.addUser('mallory')
    scenario.github.state.grant(OWNER, REPO, 'mallory', 'triage')
    const thread = disputedThread({ author: 'mallory', body: 'disagree' })
    lastRunSummary()
    scenario.model.enqueue(
      ...pass(1),
      // The threads nudge (the thread is open and unanswered): nothing to add.
      { text: 'Nothing new from the developer.' },
      ...pass(2),
      ...pass(3),
      ...pass(4)
    )
    const result = await scenario.run({ played })
    expect(result.failed).toBe(false)
    const prompts = played
      ? scenario.model.playedPrompts
      : userMessages(scenario.model.requests.at(-1)?.body)

    // Nothing was written in the thread: no escalation, no developer's call.
    expect(thread.comments).toHaveLength(4)
    expect(thread.isResolved).toBe(false)
    expect(everythingOnGitHub()).not.toContain('Escalated to Human Review')
    expect(everythingOnGitHub()).not.toContain("developer's call")
    expect(result.stdout).not.toMatch(/escalated to human review|settled as the developer's call/)

    // The agent saw the reply as an other comment, not as the developer's.
    const firstPrompt = prompts[0] ?? ''
    const start = firstPrompt.indexOf(`thread_id ${thread.id}`)
    expect(start).toBeGreaterThanOrEqual(0)
    const block = firstPrompt.slice(start)
    const developers = block.slice(
      block.indexOf('developer replies:'),
      block.indexOf('other comments')
    )
    expect(developers).toContain('octocat')
    expect(developers).not.toContain('mallory')
    expect(block).toMatch(
      /other comments \(not the PR author or a write collaborator: context only\):\n- mallory \([^)]*\): disagree/
    )
    // Not marked as a rejected rebuttal: the developer has not answered it.
    expect(firstPrompt).not.toContain('note: the developer rejected your rebuttal again')
    expect(prompts.filter((text) => text.includes(THREADS_NUDGE))).toHaveLength(1)
    expectScriptPlayed(result.stdout)
  })
})

it("the developer's call resolves the dispute without reviewers; a later run raising it again is refused as settled", async () => {
  scenario = await startScenario([file])
  const thread = disputedThread({ author: 'octocat', body: 'Still disagree.' })
  lastRunSummary()
  scenario.model.enqueue(
    ...pass(1),
    { text: 'The developer keeps their position.' },
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const first = await scenario.run()
  expect(first.failed).toBe(false)
  expect(threadNudges()).toBe(1)
  expectScriptPlayed(first.stdout)
  expect(thread.isResolved).toBe(true)
  const added = addedBy(thread, 4)
  expect(added).toHaveLength(1)
  expect(added[0]?.body).toContain(RESOLVED)
  expect(added[0]?.body).not.toContain('@')
  const decision = parseRmcoc(added[0]?.body ?? '')
  expect(decision.ok && decision.block).toMatchObject({
    kind: 'developers-call',
    status: 'RESOLVED'
  })

  // A push later, the model raises the same finding again.
  pushEmptyCommit(scenario)
  const reviewsBefore = scenario.pr.reviews.length
  scenario.model.enqueue(
    ...pass(1, [tool.post('src/refunds.ts', 21, 7, FINDING)]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  // Played: what the stage answers is the action's rule.
  const second = await scenario.run({ played: true })
  expect(second.failed).toBe(false)
  const laterResults = scenario.model.playedToolResults.join('\n')
  expect(laterResults).toContain(
    `Matches thread ${thread.id}, resolved as the developer's call in an earlier run: not raised again.`
  )
  // No new thread, no new review, nothing said in the old thread.
  expect(scenario.pr.threads).toHaveLength(1)
  expect(thread.comments).toHaveLength(5)
  expect(thread.isResolved).toBe(true)
  expect(scenario.pr.reviews).toHaveLength(reviewsBefore)
  expect(second.outputs['findings_posted']).toBe('0')
  expectScriptPlayed(second.stdout)
})
