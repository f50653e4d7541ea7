/**
 * Model usage in the outcome (the outputs input_tokens, output_tokens,
 * cost_usd) and in the job summary's pass rows, for a full review and for a
 * threads-only run. The scripted agent reports 100 input and 10 output
 * tokens per turn; the end-to-end cost test does the same with opencode.
 */
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import { submit } from '../support/scripted-session.js'
import { markHeadReviewed, startEngineFixture, type EngineFixture } from './engine-harness.js'

const PATCH = ['@@ -0,0 +1,2 @@', '+const a = 1', '+const b = 2'].join('\n')

let fixture: EngineFixture
beforeEach(async () => {
  fixture = await startEngineFixture({
    files: [{ filename: 'src/a.ts', status: 'added', additions: 2, deletions: 0, patch: PATCH }]
  })
})
afterEach(async () => {
  await fixture.stop()
})

it('a full review: the usage of every turn of every pass, summed; each pass reported', async () => {
  // Pass 2 ends without submitting once: its nudge is one more turn.
  const run = await fixture.run([submit(), async () => undefined, submit(), submit(), submit()])
  expect(run.error).toBeUndefined()
  expect(run.outcome).toMatchObject({
    kind: 'reviewed',
    usage: { inputTokens: 500, outputTokens: 50, costUsd: 0 }
  })
  expect(
    run.reports[0]?.passes.map((p) => [p.number, p.inputTokens, p.outputTokens, p.costUsd])
  ).toEqual([
    [1, 100, 10, 0],
    [2, 200, 20, 0],
    [3, 100, 10, 0],
    [4, 100, 10, 0]
  ])
})

it('a threads-only run: its turns (the answer and the nudge) summed into one "reply" row', async () => {
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
  const replyId = thread.comments.at(-1)!.id
  const run = await fixture.run(
    [
      async () => undefined,
      async (tools) => {
        await tools.resolveThread({ thread_id: thread.id, reason: 'capture.ts caps it now.' })
      }
    ],
    { request: { trigger: 'reply', commentId: replyId, actor: 'octocat', replyBy: 'developer' } }
  )
  expect(run.error).toBeUndefined()
  expect(run.outcome).toMatchObject({
    kind: 'reviewed',
    usage: { inputTokens: 200, outputTokens: 20, costUsd: 0 }
  })
  const [row] = run.reports[0]?.passes ?? []
  expect(row).toMatchObject({
    label: 'reply',
    completed: true,
    inputTokens: 200,
    outputTokens: 20,
    costUsd: 0
  })
})
