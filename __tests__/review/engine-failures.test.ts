/**
 * The engine's failure paths, without opencode: an agent that cannot start,
 * a model that cannot be used, and a publication that fails half-way. Each
 * leaves a word on the PR and a failed step, never a silent success.
 */
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { ReviewFailedError } from '../../src/review/preparation/review-failure.js'
import { serverError } from '../support/fake-github/faults.js'
import { submit } from '../support/scripted-session.js'
import {
  OWNER,
  REPO,
  startEngineFixture,
  type EngineFixture,
  ADDED_FILE
} from './engine-harness.js'

let fixture: EngineFixture
beforeEach(async () => {
  fixture = await startEngineFixture({
    files: [ADDED_FILE]
  })
})
afterEach(async () => {
  await fixture.stop()
})

/** The review's check run, completed with why the review failed and no run record. */
const failedCheck = (why: string) => [
  expect.objectContaining({
    name: 'review-my-code-bot',
    status: 'completed',
    conclusion: 'neutral',
    output: expect.objectContaining({
      title: 'Review could not complete',
      summary: expect.stringContaining(why),
      text: null
    })
  })
]

const failureComments = () =>
  fixture.pr.issueComments.filter((c) => c.body.includes('the review could not complete'))

it('an agent that cannot start: a failure comment, a failed step, a check run without a record', async () => {
  const run = await fixture.run([], {
    deps: {
      startAgent: async () => {
        throw new Error('opencode exited with code 1')
      }
    }
  })
  expect(run.error).toBeInstanceOf(ReviewFailedError)
  expect(run.error?.message).toContain('the review agent could not start')
  expect(failureComments()).toHaveLength(1)
  expect(failureComments()[0]?.body).toContain('opencode exited with code 1')
  expect(fixture.github.state.repo('octo-org', 'widgets').checkRuns).toEqual(
    failedCheck('Review failed: the review agent could not start: opencode exited with code 1')
  )
})

it('a fatal model error with nothing staged: failure comment, no review claimed', async () => {
  const run = await fixture.run([
    async () => ({ error: { message: 'APIError: 401 invalid key', fatal: true } })
  ])
  expect(run.error).toBeInstanceOf(ReviewFailedError)
  expect(run.error?.message).toContain('the model could not be used')
  expect(failureComments()).toHaveLength(1)
  expect(run.agent.stopped).toBe(1)
  expect(fixture.pr.reviews).toHaveLength(0)
  expect(fixture.github.state.repo('octo-org', 'widgets').checkRuns).toEqual(
    failedCheck('the model could not be used')
  )
})

it('a fatal model error after a finding was staged: the finding is published, the step fails', async () => {
  const run = await fixture.run([
    submit(async (tools) =>
      tools.postReviewComment({
        file: 'src/a.ts',
        line: 2,
        body: 'b is shadowed.',
        assessment: { finding: 'Variable b shadows the import', assessment: 'Why.', score: 7 }
      })
    ),
    async () => ({ error: { message: 'APIError: 400 context too long', fatal: true } })
  ])
  expect(run.error).toBeInstanceOf(ReviewFailedError)
  expect((run.error as ReviewFailedError).outcome).toMatchObject({ findingsPosted: 1 })
  expect(fixture.pr.threads).toHaveLength(1)
  // The summary says the review did not finish.
  expect(fixture.pr.issueComments.at(-1)?.body).toContain('Consolidation did not finish')
  // The record does not take this head as reviewed: the next run reviews it in full.
  const record = parseRmcoc(
    fixture.github.state.repo(OWNER, REPO).checkRuns.at(-1)?.output.text ?? ''
  )
  expect(record).toMatchObject({
    ok: true,
    block: { incomplete: true, head_sha: fixture.pr.headSha }
  })
  expect(record.ok && record.block.kind === 'summary' && record.block.reviewed_head_sha).toBeFalsy()
  const next = await fixture.run([])
  expect(next.error).toBeUndefined()
  expect(next.agent.prompts[0]).toContain('This is a full review of the whole pull request')
})

it('a fatal error in pass 1 leaves disputes alone: the agent never read the latest reply', async () => {
  const rebuttal = formatBotComment('It can overflow.', { kind: 'rebuttal', status: 'DISPUTED' })
  fixture.pr.requestedReviewers.push('alice')
  const thread = fixture.github.state.addThread(fixture.pr, {
    path: 'src/a.ts',
    line: 2,
    comments: [
      {
        author: 'github-actions[bot]',
        body: formatBotComment('b overflows.', {
          finding: 'b overflows',
          assessment: 'Why.',
          score: 7
        })
      },
      { author: 'octocat', body: 'It cannot.' },
      { author: 'github-actions[bot]', body: rebuttal },
      { author: 'octocat', body: 'You are right, fixed it in the latest commit.' }
    ]
  })
  await fixture.run([
    async (tools) => {
      await tools.postReviewComment({
        file: 'src/a.ts',
        line: 3,
        body: 'c is unused.',
        assessment: { finding: 'Constant c is unused', assessment: 'Why.', score: 6 }
      })
      return { error: { message: 'APIError: 529 overloaded', fatal: true } }
    }
  ])
  expect(thread.comments).toHaveLength(4)
  expect(JSON.stringify(fixture.pr)).not.toContain('@alice')
})

it('publishing fails half-way: the failure comment says so and the step fails', async () => {
  // Every attempt at the review (and its one-by-one fallback) fails.
  fixture.github.fail('POST /repos/:owner/:repo/pulls/:number/reviews', serverError(500), 50)
  fixture.github.fail('POST /repos/:owner/:repo/pulls/:number/comments', serverError(500), 50)
  const run = await fixture.run([
    submit(async (tools) =>
      tools.postReviewComment({
        file: 'src/a.ts',
        line: 2,
        body: 'b is shadowed.',
        assessment: { finding: 'Variable b shadows the import', assessment: 'Why.', score: 7 }
      })
    )
  ])
  expect(run.error).toBeInstanceOf(ReviewFailedError)
  expect(run.error?.message).toContain('publishing the review failed part way')
  expect(failureComments()).toHaveLength(1)
  expect(fixture.github.state.repo('octo-org', 'widgets').checkRuns).toEqual(
    failedCheck('publishing the review failed part way')
  )
})
