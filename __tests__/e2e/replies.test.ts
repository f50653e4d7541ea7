/**
 * Replies in review threads, end to end (pull_request_review_comment events
 * through the action's run(), the real opencode sidecar, the scripted model
 * and the fake GitHub): a developer's reply in a bot thread is answered by a
 * threads-only run (one answer, a handful of model requests, no four-pass
 * review, no summary, no run record, no review); replies that are not a
 * developer's answer in a bot thread start nothing at all: no model request,
 * no write.
 */
import { jest } from '@jest/globals'
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import type { FakeThread } from '../support/fake-github/pull-state.js'
import {
  OWNER,
  REPO,
  startScenario,
  tool,
  toolResults,
  userMessages,
  type Scenario
} from './harness.js'
import { githubWrites } from './github-requests.js'
import { replyEvent, runReply } from './reply-runs.js'
import { BOT, botThread, refundsFile } from './refunds-pr.js'
import { recordReviewedHead } from './reviewed-head.js'

jest.setTimeout(180_000)

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

/** The payload GitHub sends for the thread's last comment, a reply to its root (on a reviewed head). */
function eventForLastReply(thread: FakeThread) {
  if (scenario.github.state.repo(OWNER, REPO).checkRuns.length === 0) recordReviewedHead(scenario)
  const reply = thread.comments.at(-1)
  const root = thread.comments[0]
  if (reply === undefined || root === undefined || reply === root) throw new Error('no reply')
  return replyEvent(scenario, reply, root.id)
}

/** Every prompt the model was sent in the run, each once. */
function allPrompts(): string[] {
  return [...new Set(scenario.model.requests.flatMap((request) => userMessages(request.body)))]
}

const PASS_PROMPTS = ['Pass 1 of 4', 'Pass 2 of 4', 'Pass 3 of 4', 'Pass 4 of 4']

function expectThreadsOnly(): void {
  // Few requests: the answer, and the turn that ends after it.
  expect(scenario.model.requests.length).toBeGreaterThan(0)
  expect(scenario.model.requests.length).toBeLessThanOrEqual(4)
  const prompts = allPrompts().join('\n')
  expect(prompts).toContain('A developer replied in one of your review threads')
  for (const heading of PASS_PROMPTS) expect(prompts).not.toContain(heading)
  // No summary comment, no new run record (the head was not reviewed again), no review.
  expect(scenario.pr.issueComments).toHaveLength(0)
  expect(scenario.github.state.repo(OWNER, REPO).checkRuns).toHaveLength(1)
  expect(scenario.pr.reviews).toHaveLength(0)
  expect(scenario.github.requestsTo('POST /repos/:owner/:repo/check-runs')).toHaveLength(0)
}

describe('a reply that gets an answer (threads-only run)', () => {
  it('the PR author says "fixed": the model verifies and resolves the thread with one tool call', async () => {
    scenario = await startScenario([file])
    const thread = seedThread(10, 'Refund total ignores partial captures', [
      { author: 'octocat', body: 'Fixed it in the latest commit: refunds are capped now.' }
    ])
    const other = seedThread(20, 'Orders are mapped twice over the same array')
    scenario.model.enqueue(
      { toolCalls: [tool.resolve(thread.id, 'Fixed: refunds.ts now caps the refund.')] },
      { text: 'Resolved.' }
    )
    const result = await runReply(scenario, eventForLastReply(thread))
    expect(result.failed).toBe(false)
    expect(result.outputs['skipped_reason']).toBe('')
    expect(result.outputs['threads_resolved']).toBe('1')

    expect(thread.isResolved).toBe(true)
    expect(thread.comments).toHaveLength(3)
    const answer = thread.comments.at(-1)
    expect(answer?.author.login).toBe(BOT)
    expect(answer?.body).toContain('✅ **Issue Resolved**')
    expect(answer?.body).toContain('refunds.ts now caps the refund.')
    const parsed = parseRmcoc(answer?.body ?? '')
    expect(parsed.ok && parsed.block.kind).toBe('resolution')
    // Only that thread was answered: the other one is untouched.
    expect(other.comments).toHaveLength(1)
    expect(other.isResolved).toBe(false)
    // The prompt was about that thread and its reply.
    const prompt = userMessages(scenario.model.requests[0]?.body).join('\n')
    expect(prompt).toContain(thread.id)
    expect(prompt).toContain('Fixed it in the latest commit')
    expect(prompt).not.toContain(other.id)
    expectThreadsOnly()
    // 👀 on the reply first, then one reply and one resolution; then the
    // settled thread counted once in the memory issue (created on first use):
    // nothing else was written.
    const [memory] = scenario.github.state.issues.inRepo(OWNER, REPO)
    expect(githubWrites(scenario.github)).toEqual([
      `POST /repos/${OWNER}/${REPO}/pulls/comments/${thread.comments[1]?.id}/reactions`,
      `POST /repos/${OWNER}/${REPO}/pulls/42/comments/${thread.comments[0]?.id}/replies`,
      'POST /graphql',
      `POST /repos/${OWNER}/${REPO}/issues`,
      `POST /repos/${OWNER}/${REPO}/issues/${memory?.number}/comments`
    ])
    const outcomes = parseRmcoc(memory?.issueComments[0]?.body ?? '')
    expect(outcomes.ok && outcomes.block).toMatchObject({
      kind: 'outcomes',
      pr: 42,
      entries: [expect.objectContaining({ thread: thread.id, outcome: 'fixed' })]
    })
  })

  it('a collaborator with write access rejects the rebuttal with a good reason: the model concedes', async () => {
    scenario = await startScenario([file])
    scenario.github.state.addUser('writer')
    scenario.github.state.grant(OWNER, REPO, 'writer', 'write')
    const rebuttal = formatBotComment('The array can grow with the cart.', {
      kind: 'rebuttal',
      status: 'DISPUTED'
    })
    const thread = seedThread(20, 'Orders are mapped twice over the same array', [
      { author: 'octocat', body: 'The array is tiny.' },
      { author: BOT, body: rebuttal },
      { author: 'writer', body: 'Carts are capped at 5 items by cart.ts, so it stays tiny.' }
    ])
    scenario.model.enqueue(
      {
        toolCalls: [tool.reply(thread.id, 'Agreed: cart.ts caps carts at 5 items.', true)]
      },
      { text: 'Conceded.' }
    )
    const result = await runReply(scenario, eventForLastReply(thread))
    expect(result.failed).toBe(false)
    expect(result.outputs['skipped_reason']).toBe('')
    expect(result.stdout).toContain('Authorized: "writer" has write access.')

    expect(thread.isResolved).toBe(true)
    expect(thread.comments).toHaveLength(5)
    const answer = thread.comments.at(-1)?.body ?? ''
    expect(answer).toContain('Agreed: cart.ts caps carts at 5 items.')
    const parsed = parseRmcoc(answer)
    expect(parsed.ok && parsed.block.kind).toBe('concession')
    // The concession closed the dispute: the rule neither escalated nor decided it.
    expect(answer).not.toContain('Escalated')
    expect(thread.comments.filter((c) => c.author.login === BOT)).toHaveLength(3)
    const prompt = userMessages(scenario.model.requests[0]?.body).join('\n')
    expect(prompt).toContain('Carts are capped at 5 items')
    expect(toolResults(scenario.model.requests.at(-1)?.body).join('\n')).toContain('Conceded')
    expectThreadsOnly()
  })
})

describe('the dispute rule in a threads-only run', () => {
  it('the author rejects the rebuttal again and the model tries a third rebuttal: refused, then escalated to the reviewer', async () => {
    scenario = await startScenario([file])
    scenario.pr.requestedReviewers.push('alice')
    const rebuttal = formatBotComment('The array can grow with the cart.', {
      kind: 'rebuttal',
      status: 'DISPUTED'
    })
    const thread = seedThread(20, 'Orders are mapped twice over the same array', [
      { author: 'octocat', body: 'The array is tiny.' },
      { author: BOT, body: rebuttal },
      { author: 'octocat', body: 'Still disagree, it is fine.' }
    ])
    scenario.model.enqueue(
      { toolCalls: [tool.reply(thread.id, 'It is still mapped twice.', false)] },
      { text: 'The tool refused; leaving it.' },
      // The nudge (the thread got no answer): the model leaves it to the rule.
      { text: 'Leaving it to the human reviewers.' }
    )
    const result = await runReply(scenario, eventForLastReply(thread))
    expect(result.failed).toBe(false)
    expect(result.outputs['skipped_reason']).toBe('')
    expect(scenario.model.pending).toBe(0)

    const results = scenario.model.requests.flatMap((request) => toolResults(request.body))
    expect(results.join('\n')).toContain('not argued a third time')
    expect(thread.isResolved).toBe(false)
    expect(thread.comments).toHaveLength(5)
    const escalation = thread.comments.at(-1)?.body ?? ''
    expect(escalation).toContain('🔺 **Escalated to Human Review**')
    expect(escalation).toContain('@alice')
    expect(escalation).not.toContain('It is still mapped twice.')
    const parsed = parseRmcoc(escalation)
    expect(parsed.ok && parsed.block.kind).toBe('escalation')
    expectThreadsOnly()
  })
})

describe('a reply that starts nothing: skipped with its reason, no model request, no write', () => {
  it('by a read-only user (not-the-developer)', async () => {
    scenario = await startScenario([file])
    scenario.github.state.addUser('reader')
    scenario.github.state.grant(OWNER, REPO, 'reader', 'read')
    const thread = seedThread(10, 'Refund total ignores partial captures', [
      { author: 'reader', body: 'I disagree, this is fine.' }
    ])
    scenario.model.enqueue({ toolCalls: [tool.reply(thread.id, 'Answering a bystander.', true)] })
    const result = await runReply(scenario, eventForLastReply(thread))
    expect(result.failed).toBe(false)
    expect(result.outputs['skipped_reason']).toMatch(/^not-the-developer: reader /)
    expect(scenario.model.requests).toHaveLength(0)
    expect(githubWrites(scenario.github)).toEqual([])
    expect(thread.comments).toHaveLength(2)
    expect(thread.isResolved).toBe(false)
  })

  it("in a human thread (not-a-bot-thread): the PR author answers a person's comment", async () => {
    scenario = await startScenario([file])
    scenario.github.state.addUser('alice')
    const human = scenario.github.state.addThread(scenario.pr, {
      path: 'src/refunds.ts',
      line: 12,
      comments: [
        { author: 'alice', body: 'Why a constant per step?' },
        { author: 'octocat', body: 'It keeps the steps greppable.' }
      ]
    })
    seedThread(10, 'Refund total ignores partial captures')
    scenario.model.enqueue({ toolCalls: [tool.reply(human.id, 'Not my thread.', false)] })
    const result = await runReply(scenario, eventForLastReply(human))
    expect(result.failed).toBe(false)
    expect(result.outputs['skipped_reason']).toMatch(/^not-a-bot-thread: /)
    expect(result.outputs['skipped_reason']).toContain(human.id)
    expect(scenario.model.requests).toHaveLength(0)
    expect(githubWrites(scenario.github)).toEqual([])
    expect(human.comments).toHaveLength(2)
  })

  it('by the bot itself (own-comment)', async () => {
    scenario = await startScenario([file])
    const followUp = formatBotComment('Still there at line 10.', {
      kind: 'follow-up',
      status: 'PENDING'
    })
    const thread = seedThread(10, 'Refund total ignores partial captures', [
      { author: BOT, body: followUp }
    ])
    scenario.model.enqueue({ toolCalls: [tool.reply(thread.id, 'Talking to myself.', false)] })
    expect(thread.comments.at(-1)?.author).toEqual({ login: BOT, type: 'Bot' })
    const result = await runReply(scenario, eventForLastReply(thread))
    expect(result.failed).toBe(false)
    expect(result.outputs['skipped_reason']).toMatch(/^own-comment: /)
    expect(scenario.model.requests).toHaveLength(0)
    expect(githubWrites(scenario.github)).toEqual([])
    expect(thread.comments).toHaveLength(2)
  })
})
