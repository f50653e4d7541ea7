/**
 * A later run verifies earlier threads (a fixed one is resolved with an
 * explanation, an unfixed one gets a follow-up, nothing is posted again, the
 * new commit range is named), and disputes: a good reason is conceded, a
 * second rejection is read by the agent and then escalated to the human
 * reviewers (the developer's call when there are none is in
 * disputes-across-runs.test.ts).
 */
import { jest } from '@jest/globals'
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import type { FakeThread } from '../support/fake-github/pull-state.js'
import { pass, startScenario, tool, userMessages, type Scenario } from './harness.js'
import { botThread, refundsFile } from './refunds-pr.js'

jest.setTimeout(180_000)

const OLD_SHA = 'a1d'.padEnd(40, '7')
const file = refundsFile

let scenario: Scenario
afterEach(async () => {
  await scenario.stop()
})

const botFinding = (
  line: number,
  finding: string,
  replies: Array<{ author: string; body: string }> = []
): FakeThread => botThread(scenario, line, finding, replies)

function lastRunSummary(): void {
  scenario.github.state.addIssueComment(scenario.pr, {
    author: 'github-actions[bot]',
    body: formatBotComment('Earlier review.', {
      kind: 'summary',
      head_sha: OLD_SHA,
      counts: { posted: 2, suppressed: 0, resolved: 0, pending: 2, disputed: 0, escalated: 0 }
    })
  })
}

it('second run: the fixed thread is resolved with an explanation, the other followed up, nothing re-posted', async () => {
  scenario = await startScenario([file])
  const fixed = botFinding(10, 'Refund total ignores partial captures')
  const open = botFinding(20, 'Orders are mapped twice over the same array')
  lastRunSummary()
  // GitHub no longer has the old head (force-pushed away): the review is full, and says so.
  scenario.model.enqueue(
    ...pass(1, [
      tool.resolve(fixed.id, 'Fixed: capture.ts now caps refunds at the captured amount.'),
      tool.reply(open.id, 'Still mapped twice at line 20.', false),
      // Raising a tracked issue again is refused as a duplicate.
      tool.post('src/refunds.ts', 21, 7, 'Orders are mapped twice over the same array')
    ]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const result = await scenario.run()
  expect(result.failed).toBe(false)

  expect(fixed.isResolved).toBe(true)
  expect(fixed.comments.at(-1)?.body).toContain('✅ **Issue Resolved**')
  expect(fixed.comments.at(-1)?.body).toContain('capture.ts now caps refunds')
  expect(open.isResolved).toBe(false)
  expect(open.comments.at(-1)?.body).toContain('Still mapped twice at line 20.')
  expect(scenario.pr.reviews).toHaveLength(0)
  expect(scenario.pr.threads).toHaveLength(2)

  const firstPrompt = userMessages(scenario.model.requests[0]?.body).join('\n')
  expect(firstPrompt).toContain(OLD_SHA)
  expect(firstPrompt).toContain(scenario.pr.headSha)
  expect(firstPrompt).toMatch(/2 issues were raised/)
  expect(firstPrompt).toContain('This is a full review of the whole pull request')
  // The unfixed score-7 thread keeps the verdict at request_changes (an open 5-8 asks for changes).
  expect(result.outputs).toMatchObject({
    threads_resolved: '1',
    findings_posted: '0',
    verdict: 'request_changes'
  })
})

it('disputes: a good reason is conceded; a second rejection is read by the agent first, then goes to the human reviewer', async () => {
  scenario = await startScenario([file])
  scenario.pr.requestedReviewers.push('alice')
  const reasoned = botFinding(10, 'Refund total ignores partial captures', [
    {
      author: 'octocat',
      body: 'Partial captures are disabled by the feature flag until Q3, see flags.ts.'
    }
  ])
  const rebuttal = formatBotComment('The flag can be flipped per tenant, so the bug is live.', {
    kind: 'rebuttal',
    status: 'DISPUTED'
  })
  const stubborn = botFinding(20, 'Orders are mapped twice over the same array', [
    { author: 'octocat', body: 'The array is tiny.' },
    { author: 'github-actions[bot]', body: rebuttal },
    { author: 'octocat', body: 'Still disagree, it is fine.' }
  ])
  lastRunSummary()
  scenario.model.enqueue(
    ...pass(1, [tool.reply(reasoned.id, 'Agreed: the flag keeps this path off.', true)]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const result = await scenario.run()
  expect(result.failed).toBe(false)

  expect(reasoned.isResolved).toBe(true)
  expect(reasoned.comments.at(-1)?.body).toContain('Agreed: the flag keeps this path off.')

  expect(stubborn.isResolved).toBe(false)
  const escalation = stubborn.comments.at(-1)?.body ?? ''
  expect(escalation).toContain('🔺 **Escalated to Human Review**')
  expect(escalation).toContain('@alice')
  // The agent read the developer's latest reply before the rule applied, and
  // was told a further rebuttal is refused.
  const firstPrompt = userMessages(scenario.model.requests[0]?.body).join('\n')
  expect(firstPrompt).toMatch(new RegExp(`${stubborn.id}, DISPUTED`))
  expect(firstPrompt).toContain('Still disagree, it is fine.')
  expect(firstPrompt).toContain('a further rebuttal is refused')
})
