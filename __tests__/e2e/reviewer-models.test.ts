/**
 * Several reviewer models with the real opencode: `reviewer_models` adds a
 * second model of the fake provider, which plays its own script (the fake
 * model tells the two apart by each request's `model` field). Overlapping
 * findings are published once with their agreement, and each reviewer's
 * session stays cache-friendly. A failing reviewer (one or all) is
 * review/engine-reviewers.test.ts's; a model refusing the key through the
 * real opencode is policy.test.ts's.
 */
import { jest } from '@jest/globals'
import { parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { FAKE_MODEL, FAKE_SECOND_MODEL, FAKE_SECOND_MODEL_ID } from '../support/fake-model/index.js'
import { addedFile, pass, startScenario, tool, type Scenario } from './harness.js'
import { bySession, prefixBreaks } from './requests.js'

jest.setTimeout(240_000)

const refunds = addedFile(
  'src/refunds.ts',
  Array.from({ length: 40 }, (_, i) => `export const step${i + 1} = ${i + 1}`)
)
const INPUTS = { reviewer_models: FAKE_SECOND_MODEL }

let scenario: Scenario
afterEach(async () => {
  await scenario.stop()
})

const findingBlocks = () =>
  scenario.pr.threads
    .flatMap((thread) => thread.comments)
    .map((comment) => parseRmcoc(comment.body))
    .map((parsed) => (parsed.ok && parsed.block.kind === 'finding' ? parsed.block : undefined))

it('two reviewer models raise overlapping findings: merged, agreement 2, published once', async () => {
  scenario = await startScenario([refunds])
  scenario.model.enqueue(
    ...pass(1, [tool.post('src/refunds.ts', 10, 6, 'Refund total ignores partial captures')]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  )
  scenario.model.enqueueFor(FAKE_SECOND_MODEL_ID, [
    ...pass(1, [
      tool.post('src/refunds.ts', 11, 8, 'Refund totals ignore the partial captures'),
      tool.post('src/refunds.ts', 30, 7, 'Orders are mapped twice over the same array')
    ]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  ])
  const result = await scenario.run({ inputs: INPUTS })
  expect(result.failed).toBe(false)

  // The same finding from both models is one comment, naming both, at the higher score.
  const blocks = findingBlocks()
  expect(blocks).toHaveLength(2)
  const merged = blocks.find((b) => b?.finding.startsWith('Refund total'))
  expect(merged?.score).toBe(8)
  expect([...(merged?.reviewers ?? [])].sort()).toEqual([FAKE_MODEL, FAKE_SECOND_MODEL].sort())
  expect(blocks.find((b) => b?.finding.startsWith('Orders'))?.reviewers).toEqual([
    FAKE_SECOND_MODEL
  ])
  expect(result.outputs).toMatchObject({ findings_posted: '2' })

  // Each model ran the four passes in its own session, every request extending the one before.
  expect(scenario.model.requestsFor(FAKE_SECOND_MODEL_ID).length).toBeGreaterThanOrEqual(9)
  const sessions = bySession(scenario.model.requests)
  expect(sessions).toHaveLength(2)
  for (const requests of sessions) {
    expect(new Set(requests.map((r) => r.body.model)).size).toBe(1)
    expect(prefixBreaks(requests)).toEqual([])
  }
  // The job summary reports each reviewer.
  expect(result.jobSummary).toContain('<h3>Reviewers</h3>')
  expect(result.jobSummary).toContain(`<h4>Passes of ${FAKE_SECOND_MODEL}</h4>`)
  // Its model requests, as opencode counted them, are the requests the model answered.
  const answered = (id: string) => scenario.model.requestsFor(id).length
  expect(result.jobSummary).toContain(
    `<td><code>${FAKE_SECOND_MODEL}</code></td><td>completed</td><td>${answered(FAKE_SECOND_MODEL_ID)}</td>`
  )
  expect(result.jobSummary).toContain(
    `<td><code>${FAKE_MODEL}</code> (primary)</td><td>completed</td><td>${answered('fake-model')}</td>`
  )
})
