/**
 * Threads-only runs without opencode: a developer's reply in an open bot
 * thread gets one answer; anything else is skipped before the agent starts.
 */
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import { ReviewFailedError } from '../../src/review/preparation/review-failure.js'
import { markHeadReviewed, startEngineFixture, type EngineFixture } from './engine-harness.js'

// The head was reviewed (a summary comment records it): replies get threads-only runs.
let fixture: EngineFixture
beforeEach(async () => {
  fixture = await startEngineFixture({ files: [] })
  markHeadReviewed(fixture)
})
afterEach(async () => {
  await fixture.stop()
})

const root = formatBotComment('Refunds can exceed the capture.', {
  finding: 'Refund total ignores partial captures',
  assessment: 'Why.',
  score: 7
})

function threadWithReply(status?: 'RESOLVED') {
  const thread = fixture.github.state.addThread(fixture.pr, {
    path: 'src/a.ts',
    line: 2,
    comments: [
      { author: 'github-actions[bot]', body: root },
      { author: 'octocat', body: 'Fixed in the latest commit.' }
    ]
  })
  if (status === 'RESOLVED') thread.isResolved = true
  const reply = thread.comments.at(-1)!
  return { thread, replyId: reply.id }
}

const replyRequest = (commentId: number, replyBy: 'developer' | 'bystander' = 'developer') => ({
  request: { trigger: 'reply' as const, commentId, actor: 'octocat', replyBy }
})

it('the PR author’s reply: the agent answers once, nothing else is written', async () => {
  const { thread, replyId } = threadWithReply()
  const run = await fixture.run(
    [
      async (tools) => {
        await tools.resolveThread({ thread_id: thread.id, reason: 'capture.ts caps it now.' })
      }
    ],
    replyRequest(replyId)
  )
  expect(run.outcome).toMatchObject({ kind: 'reviewed', threadsResolved: 1, findingsPosted: 0 })
  expect(run.agent.prompts).toHaveLength(1)
  expect(run.agent.prompts[0]).toContain('A developer replied in one of your review threads')
  expect(thread.isResolved).toBe(true)
  expect(fixture.pr.issueComments).toHaveLength(1) // the earlier summary, untouched
  expect(fixture.github.state.repo('octo-org', 'widgets').checkRuns).toHaveLength(0)
  expect(run.reports[0]?.mode).toBe('threads-only')
  // Rules by path are for pass 3: the answer reads none of their files.
  const reads = fixture.github.requests.map((request) => decodeURIComponent(request.path))
  const ruleFiles = ['.github/instructions', 'CLAUDE.md', '.github/copilot-instructions.md']
  expect(reads.filter((path) => ruleFiles.some((file) => path.endsWith(file)))).toEqual([])
})

it('a turn that ends without an answer gets one nudge naming the thread', async () => {
  const { thread, replyId } = threadWithReply()
  const run = await fixture.run(
    [
      async () => undefined,
      async (tools) => {
        await tools.replyToThread({
          thread_id: thread.id,
          body: 'Still open.',
          is_concession: false
        })
      }
    ],
    replyRequest(replyId)
  )
  expect(run.agent.prompts).toHaveLength(2)
  expect(run.agent.prompts[1]).toContain(thread.id)
  expect(thread.comments.at(-1)?.body).toContain('Still open.')
})

it('a reply in a resolved thread starts nothing: no agent, no write', async () => {
  const { replyId } = threadWithReply('RESOLVED')
  const run = await fixture.run([], replyRequest(replyId))
  expect(run.outcome).toMatchObject({ kind: 'skipped' })
  expect(run.outcome?.kind === 'skipped' && run.outcome.reason).toMatch(/^thread-closed:/)
  expect(run.agent.started).toBe(0)
})

it('a reply the bot already answered starts nothing', async () => {
  const thread = fixture.github.state.addThread(fixture.pr, {
    path: 'src/a.ts',
    line: 2,
    comments: [
      { author: 'github-actions[bot]', body: root },
      { author: 'octocat', body: 'Fixed in the latest commit.' },
      {
        author: 'github-actions[bot]',
        body: formatBotComment('Not yet.', { kind: 'rebuttal', status: 'DISPUTED' })
      }
    ]
  })
  const replyId = thread.comments[1]!.id
  const run = await fixture.run([], replyRequest(replyId))
  expect(run.outcome?.kind === 'skipped' && run.outcome.reason).toMatch(/^already-answered:/)
  expect(run.agent.started).toBe(0)
})

it('a model that cannot be used fails the step and applies no rule', async () => {
  const { thread, replyId } = threadWithReply()
  const run = await fixture.run(
    [async () => ({ error: { message: 'APIError: 401', fatal: true } })],
    replyRequest(replyId)
  )
  expect(run.error).toBeInstanceOf(ReviewFailedError)
  expect(run.error?.message).toContain('could not be answered')
  expect(thread.comments).toHaveLength(2)
})

it('a bystander’s reply on a reviewed head starts nothing', async () => {
  const { replyId } = threadWithReply()
  const run = await fixture.run([], replyRequest(replyId, 'bystander'))
  expect(run.outcome?.kind === 'skipped' && run.outcome.reason).toMatch(
    /^not-the-developer: octocat /
  )
  expect(run.agent.started).toBe(0)
  expect(
    fixture.github.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql')
  ).toEqual([])
})

it('a reply on a head with no complete review runs that review (it may have displaced it)', async () => {
  const { thread, replyId } = threadWithReply()
  fixture.pr.headSha = 'beef'.padEnd(40, '3')
  const run = await fixture.run(
    [
      async (tools) => {
        await tools.resolveThread({ thread_id: thread.id, reason: 'Fixed by the new head.' })
        await tools.submitPassResults({ pass_number: 1, summary: 'p1', has_blocking_issues: false })
      }
    ],
    replyRequest(replyId, 'bystander')
  )
  expect(run.error).toBeUndefined()
  expect(run.agent.prompts).toHaveLength(4)
  expect(thread.isResolved).toBe(true)
  const check = fixture.github.state.repo('octo-org', 'widgets').checkRuns.at(-1)
  expect(check?.headSha).toBe(fixture.pr.headSha)
})

describe('a threads-only run answers the one thread and nothing else', () => {
  it('an answer in another thread is refused with a reason and posts nothing', async () => {
    const { thread, replyId } = threadWithReply()
    const other = fixture.github.state.addThread(fixture.pr, {
      path: 'src/a.ts',
      line: 3,
      comments: [{ author: 'github-actions[bot]', body: root }]
    })
    const refusals: string[] = []
    const run = await fixture.run(
      [
        async (tools) => {
          await tools.resolveThread({ thread_id: thread.id, reason: 'Capped now.' })
          await tools
            .replyToThread({
              thread_id: other.id,
              body: 'Conceded, as asked.',
              is_concession: true
            })
            .catch((error: Error) => refusals.push(error.message))
        }
      ],
      replyRequest(replyId)
    )
    expect(run.outcome).toMatchObject({ kind: 'reviewed', threadsResolved: 1 })
    expect(thread.isResolved).toBe(true)
    expect(other.isResolved).toBe(false)
    expect(other.comments).toHaveLength(1)
    expect(refusals).toHaveLength(1)
    expect(refusals[0]).toContain(other.id)
  })

  it('a new finding is refused, not reported as staged and then dropped', async () => {
    const { thread, replyId } = threadWithReply()
    const answers: unknown[] = []
    await fixture.run(
      [
        async (tools) => {
          await tools.resolveThread({ thread_id: thread.id, reason: 'Capped now.' })
          answers.push(
            await tools.postReviewComment({
              file: 'src/a.ts',
              line: 3,
              body: 'Refund webhook skips signature checks.',
              assessment: { finding: 'Webhook skips signatures', assessment: 'Spoofing.', score: 9 }
            })
          )
        }
      ],
      replyRequest(replyId)
    )
    expect(answers).toEqual([
      expect.objectContaining({
        status: 'rejected',
        reason: expect.stringContaining('it posts no new findings') as unknown
      })
    ])
    expect(fixture.pr.threads).toHaveLength(1)
    expect(fixture.pr.reviews).toHaveLength(0)
  })
})
