/**
 * Several reviewer models (`reviewer_models`), without opencode: each model
 * a scripted agent of its own on the shared stage. Overlapping findings are
 * published once with their agreement; a failing reviewer is named and the
 * others' findings are published; when every reviewer fails, the review
 * fails as with one model; only the primary answers threads.
 */
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { ReviewFailedError } from '../../src/review/preparation/review-failure.js'
import { THREADS_ARE_THE_PRIMARYS } from '../../src/review/tools/action-review-tools.js'
import { reviewComments } from '../support/fake-github/pull-state.js'
import { ScriptedReviewers, submit, type ScriptedTurn } from '../support/scripted-session.js'
import {
  OWNER,
  REPO,
  startEngineFixture,
  type EngineFixture,
  ADDED_FILE,
  postOnA,
  stagingPasses
} from './engine-harness.js'

const PRIMARY = 'fake/model'
const SECOND = 'fake/second'
const INPUTS = { reviewer_models: SECOND }

let fixture: EngineFixture
beforeEach(async () => {
  fixture = await startEngineFixture({
    files: [ADDED_FILE]
  })
})
afterEach(async () => {
  await fixture.stop()
})

const fatal: ScriptedTurn = async () => ({
  error: { message: 'APIError: 401 invalid key', fatal: true }
})

function run(reviewers: ScriptedReviewers, inputs: Record<string, string> = INPUTS) {
  return fixture.run([], { inputs, deps: { startAgent: reviewers.start } })
}

const summaryComment = () =>
  fixture.pr.issueComments.find(
    (c) => c.body.includes('```rmcoc') && !c.body.includes('could not complete')
  )

it('two reviewers raise the same finding: one comment, agreement 2, both reviewers reported', async () => {
  const reviewers = new ScriptedReviewers(PRIMARY, {
    [PRIMARY]: stagingPasses([2, 'Variable b shadows the import', 6]),
    [SECOND]: stagingPasses(
      [3, 'Variable b shadows an import', 8],
      [1, 'Constant a is never read', 7]
    )
  })
  const result = await run(reviewers)
  expect(result.error).toBeUndefined()
  expect(reviewers.started.sort()).toEqual([PRIMARY, SECOND].sort())
  const comments = reviewComments(fixture.pr)
  expect(comments).toHaveLength(2)
  const blocks = comments.map((c) => parseRmcoc(c.body))
  expect(blocks).toEqual(
    expect.arrayContaining([
      {
        ok: true,
        block: expect.objectContaining({
          finding: 'Variable b shadows the import',
          score: 8,
          // First raiser first: the two sessions run at once, either may be first.
          reviewers: expect.arrayContaining([PRIMARY, SECOND])
        })
      },
      {
        ok: true,
        block: expect.objectContaining({ finding: 'Constant a is never read', reviewers: [SECOND] })
      }
    ])
  )
  expect(result.outcome).toMatchObject({ kind: 'reviewed', findingsPosted: 2 })
  const report = result.reports.at(-1)
  expect(report?.reviewers?.map((r) => [r.model, r.primary, r.failure])).toEqual([
    [PRIMARY, true, undefined],
    [SECOND, false, undefined]
  ])
  // Every pass of both reviewers counts in the totals.
  expect(report?.passes).toHaveLength(8)
  // Only the extra reviewer is told that others review and that threads are not its own.
  expect(reviewers.systemPrompts.get(SECOND)).toContain('You are one of several reviewers')
  expect(reviewers.systemPrompts.get(PRIMARY)).not.toContain('You are one of several reviewers')
})

it('the reviewers run at the same time, each in its own session', async () => {
  let secondStarted!: () => void
  const second = new Promise<void>((resolve) => (secondStarted = resolve))
  const reviewers = new ScriptedReviewers(PRIMARY, {
    // The primary's first pass waits for the second reviewer's first prompt:
    // one after the other, this run could never finish.
    [PRIMARY]: [submit(() => second), submit(), submit(), submit()],
    [SECOND]: [
      submit(async () => {
        secondStarted()
      }),
      submit(),
      submit(),
      submit()
    ]
  })
  const result = await run(reviewers)
  expect(result.error).toBeUndefined()
  expect(reviewers.agents.get(PRIMARY)?.prompts).toHaveLength(4)
  expect(reviewers.agents.get(SECOND)?.prompts).toHaveLength(4)
})

it("one reviewer's model fails: the other's findings are published and the failure named", async () => {
  const reviewers = new ScriptedReviewers(PRIMARY, {
    [PRIMARY]: stagingPasses([2, 'Variable b shadows the import', 7]),
    [SECOND]: [fatal]
  })
  const result = await run(reviewers)
  expect(result.error).toBeUndefined()
  expect(reviewComments(fixture.pr)).toHaveLength(1)
  expect(summaryComment()?.body).toContain(
    'Reviewer model fake/second failed (the model could not be used: APIError: 401 invalid key)'
  )
  expect(result.reports.at(-1)?.reviewers?.[1]).toMatchObject({
    model: SECOND,
    failure: 'the model could not be used: APIError: 401 invalid key'
  })
  expect(reviewers.agents.get(SECOND)?.stopped).toBe(1)
})

it('the primary cannot start: the extra reviewer reviews alone, and the failure is named', async () => {
  const reviewers = new ScriptedReviewers(PRIMARY, {
    [PRIMARY]: new Error('opencode exited with code 1'),
    [SECOND]: stagingPasses([2, 'Variable b shadows the import', 7])
  })
  const result = await run(reviewers)
  expect(result.error).toBeUndefined()
  expect(reviewComments(fixture.pr)).toHaveLength(1)
  expect(summaryComment()?.body).toContain(
    'Reviewer model fake/model failed (the review agent could not start: opencode exited with code 1)'
  )
  // The head counts as reviewed: the extra reviewer completed every pass.
  const record = parseRmcoc(
    fixture.github.state.repo(OWNER, REPO).checkRuns.at(-1)?.output.text ?? ''
  )
  expect(record).toMatchObject({ ok: true, block: { head_sha: fixture.pr.headSha } })
  expect(record.ok && record.block.kind === 'summary' && record.block.incomplete).toBeFalsy()
})

it('every reviewer fails: the failure comment names each, as with one model', async () => {
  const reviewers = new ScriptedReviewers(PRIMARY, {
    [PRIMARY]: [fatal],
    [SECOND]: new Error('opencode exited with code 1')
  })
  const result = await run(reviewers)
  expect(result.error).toBeInstanceOf(ReviewFailedError)
  expect(result.error?.message).toBe(
    'Review failed: no reviewer model could review: fake/model: the model could not be used: APIError: 401 invalid key; fake/second: the review agent could not start: opencode exited with code 1'
  )
  const failures = fixture.pr.issueComments.filter((c) => c.body.includes('could not complete'))
  expect(failures).toHaveLength(1)
  expect(reviewComments(fixture.pr)).toHaveLength(0)
})

it('only the primary answers an earlier thread; the extra reviewer is refused', async () => {
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
      }
    ]
  })
  let refusal = ''
  const reviewers = new ScriptedReviewers(PRIMARY, {
    [PRIMARY]: [
      submit(async (tools) => {
        const state = await tools.getRunState()
        await tools.resolveThread({
          thread_id: state.threads[0]!.id,
          reason: 'Fixed: b is checked.'
        })
      }),
      submit(),
      submit(),
      submit()
    ],
    [SECOND]: [
      submit(async (tools) => {
        const state = await tools.getRunState()
        await tools
          .replyToThread({
            thread_id: state.threads[0]!.id,
            body: 'Still there.',
            is_concession: false
          })
          .catch((error: Error) => (refusal = error.message))
      }),
      submit(),
      submit(),
      submit()
    ]
  })
  const result = await run(reviewers)
  expect(result.error).toBeUndefined()
  expect(refusal).toBe(THREADS_ARE_THE_PRIMARYS)
  expect(thread.comments).toHaveLength(2)
  expect(thread.comments[1]?.body).toContain('Fixed: b is checked.')
  expect(result.outcome).toMatchObject({ threadsResolved: 1 })
})

it('without reviewer_models, findings name no reviewer', async () => {
  const reviewers = new ScriptedReviewers(PRIMARY, {
    [PRIMARY]: stagingPasses([2, 'Variable b shadows the import', 7])
  })
  const result = await run(reviewers, {})
  expect(result.error).toBeUndefined()
  const block = parseRmcoc(reviewComments(fixture.pr)[0]?.body ?? '')
  expect(block.ok && 'reviewers' in block.block).toBe(false)
  expect(result.reports.at(-1)?.reviewers).toBeUndefined()
})

it('a reviewer that times out in a pass is named; its completed passes count', async () => {
  const deadline: ScriptedTurn = async () => ({ ending: 'deadline' })
  const reviewers = new ScriptedReviewers(PRIMARY, {
    [PRIMARY]: stagingPasses(),
    [SECOND]: [
      submit(async (tools) => {
        await postOnA(tools, 2, 'Variable b shadows the import', 7)
      }),
      submit(),
      deadline,
      deadline,
      submit()
    ]
  })
  const result = await run(reviewers)
  expect(result.error).toBeUndefined()
  expect(reviewComments(fixture.pr)).toHaveLength(1)
  expect(summaryComment()?.body).toContain(
    'Reviewer model fake/second did not complete pass(es) 3 (timed out).'
  )
  const second = result.reports.at(-1)?.reviewers?.[1]
  expect(second?.failure).toBeUndefined()
  expect(second?.passes.map((p) => p.completed)).toEqual([true, true, false, true])
})

it("withdrawing a shared finding takes back only that reviewer's agreement", async () => {
  let answer: unknown
  const reviewers = new ScriptedReviewers(PRIMARY, {
    [PRIMARY]: stagingPasses([2, 'Variable b shadows the import', 7]),
    [SECOND]: [
      submit(async (tools) => {
        await postOnA(tools, 2, 'Variable b shadows an import', 7)
      }),
      submit(),
      submit(),
      submit(async (tools) => {
        answer = await tools.updateStagedFinding({
          finding_id: 'F1',
          action: 'withdraw',
          reason: 'On reflection it is fine.'
        })
      })
    ]
  })
  const result = await run(reviewers)
  expect(result.error).toBeUndefined()
  expect(answer).toEqual({
    status: 'withdrawn',
    finding_id: 'F1',
    note: `Your agreement on F1 is withdrawn; it stays staged, raised by ${PRIMARY}.`
  })
  const comments = reviewComments(fixture.pr)
  expect(comments).toHaveLength(1)
  expect(parseRmcoc(comments[0]?.body ?? '')).toMatchObject({
    ok: true,
    block: { reviewers: [PRIMARY] }
  })
})
