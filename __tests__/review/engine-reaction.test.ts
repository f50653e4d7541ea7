/**
 * The 👀 reaction from the engine (without opencode): put on the comment that
 * asked for the run before the agent's first turn, only on a comment the run
 * answers, and a failure to react never stops the review.
 */
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import { json } from '../support/fake-github/router.js'
import { submit, type ScriptedTurn } from '../support/scripted-session.js'
import { markHeadReviewed, startEngineFixture, type EngineFixture } from './engine-harness.js'

const ON_ISSUE_COMMENT = 'POST /repos/:owner/:repo/issues/comments/:comment_id/reactions'

let fixture: EngineFixture
beforeEach(async () => {
  fixture = await startEngineFixture({ files: [] })
})
afterEach(async () => {
  await fixture.stop()
})

const reactions = () =>
  fixture.github.state.reactions.map((r) => [r.subject, r.commentId, r.content])

/** A first turn that notes how many reactions GitHub held when the agent started. */
function countingTurn(seen: number[]): ScriptedTurn {
  return async (tools, prompt) => {
    seen.push(fixture.github.state.reactions.length)
    return submit()(tools, prompt)
  }
}

function mention(): number {
  return fixture.github.state.addIssueComment(fixture.pr, {
    author: 'octocat',
    body: '@review-my-code-bot please review'
  }).id
}

/** A bot finding with the PR author's reply; the head was reviewed (a summary records it). */
function replyInBotThread(resolved = false): number {
  markHeadReviewed(fixture)
  const thread = fixture.github.state.addThread(fixture.pr, {
    path: 'src/a.ts',
    line: 2,
    comments: [
      {
        author: 'github-actions[bot]',
        body: formatBotComment('Refunds can exceed the capture.', {
          finding: 'Refund total ignores partial captures',
          assessment: 'Why.',
          score: 7
        })
      },
      { author: 'octocat', body: 'Fixed in the latest commit.' }
    ]
  })
  thread.isResolved = resolved
  return thread.comments[1]!.id
}

it('a mention gets 👀 before the agent’s first turn', async () => {
  const id = mention()
  const seen: number[] = []

  const run = await fixture.run([countingTurn(seen)], {
    request: { trigger: 'mention', commentId: id }
  })

  expect(run.outcome?.kind).toBe('reviewed')
  expect(reactions()).toEqual([['issue', id, 'eyes']])
  expect(seen).toEqual([1])
})

it('a developer’s reply that the run answers gets 👀 on the review comment', async () => {
  const id = replyInBotThread()

  const run = await fixture.run([], {
    request: { trigger: 'reply', commentId: id, replyBy: 'developer' }
  })

  expect(run.outcome?.kind).toBe('reviewed')
  expect(reactions()).toEqual([['review', id, 'eyes']])
})

it.each([
  ['a bystander’s reply', false, 'bystander' as const],
  ['a reply in a resolved thread', true, 'developer' as const]
])('%s is not answered and gets no reaction', async (_name, resolved, replyBy) => {
  const id = replyInBotThread(resolved)

  const run = await fixture.run([], { request: { trigger: 'reply', commentId: id, replyBy } })

  expect(run.outcome?.kind).toBe('skipped')
  expect(reactions()).toEqual([])
})

it('a review of a push reacts to nothing', async () => {
  await fixture.run([])

  expect(fixture.github.requests.filter((r) => r.path.endsWith('/reactions'))).toEqual([])
})

it('a token that may not react: a warning naming the permission, and the review goes on', async () => {
  const id = mention()
  fixture.github.fail(
    ON_ISSUE_COMMENT,
    json(403, { message: 'Resource not accessible by integration' })
  )

  const run = await fixture.run([], { request: { trigger: 'mention', commentId: id } })

  expect(run.error).toBeUndefined()
  expect(run.outcome?.kind).toBe('reviewed')
  expect(run.agent.prompts.length).toBeGreaterThan(0)
  expect(run.warnings).toEqual([
    expect.stringMatching(/may not add reactions.*pull-requests: write/)
  ])
  expect(reactions()).toEqual([])
})

it('a comment deleted before the run: no warning, the review goes on', async () => {
  const run = await fixture.run([], { request: { trigger: 'mention', commentId: 424242 } })

  expect(run.outcome?.kind).toBe('reviewed')
  expect(run.warnings).toEqual([])
  expect(fixture.github.requestsTo(ON_ISSUE_COMMENT).map((r) => r.status)).toEqual([404])
})
