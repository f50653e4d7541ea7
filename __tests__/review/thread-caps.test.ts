/**
 * Caps on what one run writes in threads: a reply flood from the developer
 * (or a model stuck in a loop) never becomes a bot flood. Each refusal tells
 * the model why, and nothing is written for it.
 */
import { FindingStage } from '../../src/core/findings/finding-stage.js'
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import { rebuildRunState } from '../../src/core/memory/threads.js'
import { ActionReviewTools } from '../../src/review/tools/action-review-tools.js'
import { allReviewComments, startFixture, type Fixture } from '../github/fixture.js'

let fixture: Fixture
beforeEach(async () => {
  fixture = await startFixture()
})
afterEach(async () => {
  await fixture.github.stop()
})

function seedThreads(count: number) {
  return Array.from({ length: count }, (_, i) =>
    fixture.github.state.addThread(fixture.pr, {
      path: 'src/app.ts',
      line: 2,
      comments: [
        {
          author: 'github-actions[bot]',
          body: formatBotComment(`Finding ${i}.`, {
            finding: `Finding number ${i} about refunds`,
            assessment: 'Why.',
            score: 6
          })
        }
      ]
    })
  )
}

async function toolsWithCap(maxThreadActions: number) {
  const threads = await fixture.gateway.listReviewThreads()
  const state = rebuildRunState({
    threads,
    issueComments: [],
    botLogins: ['github-actions[bot]']
  }).state
  return new ActionReviewTools({
    gateway: fixture.gateway,
    stage: new FindingStage(
      { problemScoreThreshold: 5, scoreElevationThreshold: 5, securitySensitive: false },
      state.threads
    ),
    state,
    secrets: [],
    warn: () => undefined,
    maxThreadActions
  })
}

it('replies and resolutions beyond the per-run cap are refused with the reason; exactly the cap is written', async () => {
  const threads = seedThreads(4)
  const tools = await toolsWithCap(3)
  const results = await Promise.allSettled(
    threads.map((thread, i) =>
      i % 2 === 0
        ? tools.replyToThread({ thread_id: thread.id, body: 'Still there.', is_concession: false })
        : tools.resolveThread({ thread_id: thread.id, reason: 'Fixed.' })
    )
  )
  const refused = results.filter((r) => r.status === 'rejected')
  expect(refused).toHaveLength(1)
  expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(
    /already wrote 3 thread replies and resolutions, its cap/
  )
  const botReplies = allReviewComments(fixture.pr).filter(
    (c) =>
      c.author.login === 'github-actions[bot]' && !/Finding \d+\./.test(c.body.split('\n')[0] ?? '')
  )
  expect(botReplies).toHaveLength(3)
  expect(tools.threadOutcomes).toHaveLength(3)
})

it('a resolution after a reply in the same thread is refused too: one answer per thread per run', async () => {
  const [thread] = seedThreads(1)
  const tools = await toolsWithCap(30)
  await tools.replyToThread({ thread_id: thread!.id, body: 'Still there.', is_concession: false })
  await expect(tools.resolveThread({ thread_id: thread!.id, reason: 'Fixed.' })).rejects.toThrow(
    /one reply per thread per run/
  )
  expect(thread!.comments).toHaveLength(2)
  expect(thread!.isResolved).toBe(false)
})
