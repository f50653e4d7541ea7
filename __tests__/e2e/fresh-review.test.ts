/**
 * The four-pass review end to end: a fresh PR gets one review with
 * the findings at or above the threshold, a summary comment with the verdict,
 * outputs and a job summary; a clean PR gets no PR comment at all. The
 * first runs against GitHub Enterprise Server's URL shapes (REST under
 * /api/v3, GraphQL at /api/graphql, the server's own host in links).
 */
import { jest } from '@jest/globals'
import { parseRmcoc } from '../../src/core/memory/rmcoc.js'
import {
  OWNER,
  REPO,
  addedFile,
  pass,
  startScenario,
  tool,
  userMessages,
  type Scenario
} from './harness.js'

jest.setTimeout(180_000)

const refunds = addedFile(
  'src/refunds.ts',
  Array.from({ length: 40 }, (_, i) => `export const step${i + 1} = ${i + 1}`)
)

let scenario: Scenario
afterEach(async () => {
  await scenario.stop()
})

it('fresh PR on GitHub Enterprise Server: four passes in one session, 8 and 6 posted in one review, 3 suppressed, verdict request_changes', async () => {
  scenario = await startScenario([refunds], { enterprise: true })
  scenario.model.enqueue(
    ...pass(1, [
      tool.post('src/refunds.ts', 10, 8, 'Refund total ignores partial captures'),
      tool.post('src/refunds.ts', 20, 6, 'Orders are mapped twice over the same array'),
      tool.post('src/refunds.ts', 30, 3, 'Variable name step30 is vague')
    ]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  const result = await scenario.run({ env: { GITHUB_SERVER_URL: 'https://ghe.example.com' } })
  expect(result.failed).toBe(false)

  // Every call went to the Enterprise paths (github.com's are answered 404 there), GraphQL included,
  // and the check run links to the run on the Enterprise host.
  const requests = scenario.github.requests
  expect(requests.filter((r) => r.route === undefined).map((r) => r.path)).toEqual([])
  expect(requests.filter((r) => !/^\/api\/(v3\/|graphql$)/.test(r.path))).toEqual([])
  expect(scenario.github.graphqlRequests().length).toBeGreaterThan(0)
  expect(scenario.github.state.repo(OWNER, REPO).checkRuns.map((run) => run.detailsUrl)).toEqual([
    `https://ghe.example.com/${OWNER}/${REPO}/actions/runs/42`
  ])

  // One review holding exactly the two findings at or above the threshold.
  const { pr } = scenario
  expect(pr.reviews).toHaveLength(1)
  const comments = pr.threads.flatMap((thread) => thread.comments)
  expect(comments.map((c) => [c.path, c.line, c.reviewId])).toEqual([
    ['src/refunds.ts', 10, pr.reviews[0]?.id],
    ['src/refunds.ts', 20, pr.reviews[0]?.id]
  ])
  const blocks = comments.map((c) => parseRmcoc(c.body))
  expect(blocks.map((b) => (b.ok && b.block.kind === 'finding' ? b.block.score : null))).toEqual([
    8, 6
  ])
  expect(comments.some((c) => c.body.includes('step30'))).toBe(false)

  // The summary comment carries the verdict and a summary block with the head SHA.
  expect(pr.issueComments).toHaveLength(1)
  const summary = pr.issueComments[0]?.body ?? ''
  expect(summary).toMatch(/Request changes/i)
  const block = parseRmcoc(summary)
  expect(block.ok && block.block.kind === 'summary' && block.block.head_sha).toBe(pr.headSha)

  expect(result.outputs).toMatchObject({
    verdict: 'request_changes',
    findings_posted: '2',
    findings_suppressed: '1',
    threads_resolved: '0',
    skipped_reason: ''
  })
  expect(result.jobSummary).toContain('src/refunds.ts:30')
  expect(result.jobSummary).toMatch(/suppressed/)

  // ONE session: the last request carries all four pass prompts, in order.
  const last = scenario.model.requests.at(-1)?.body
  const prompts = userMessages(last).join('\n')
  const order = [1, 2, 3, 4].map((n) => prompts.indexOf(`Pass ${n} of 4`))
  expect(order.every((index) => index >= 0)).toBe(true)
  expect([...order].sort((a, b) => a - b)).toEqual(order)
  expect(new Set(scenario.model.requests.map((r) => r.headers['x-session-id'])).size).toBe(1)
})

it('clean PR: no PR comment at all, verdict approve, the job summary still reports', async () => {
  scenario = await startScenario([refunds])
  scenario.model.enqueue(...pass(1), ...pass(2), ...pass(3), ...pass(4))
  // Played without opencode: what a clean review leaves is the action's rule
  // (the case above runs the four passes through the real sidecar).
  const result = await scenario.run({ played: true })
  expect(result.stdout.split('\n').filter((l) => l.startsWith('::error'))).toEqual([])
  expect(result.failed).toBe(false)
  expect(scenario.model.playedPrompts.filter((p) => /Pass [1-4] of 4/.test(p))).toHaveLength(4)
  expect(scenario.pr.reviews).toHaveLength(0)
  expect(scenario.pr.issueComments).toHaveLength(0)
  expect(scenario.pr.threads).toHaveLength(0)
  expect(result.outputs).toMatchObject({ verdict: 'approve', findings_posted: '0' })
  expect(result.jobSummary).toMatch(/approve/i)
})
