/**
 * Token cost: opencode counts the usage the model reports
 * with each answer and prices it from the model's price in its config; the
 * action sums it over the passes into the outputs input_tokens,
 * output_tokens and cost_usd, and the job summary shows each pass.
 */
import { jest } from '@jest/globals'
import type { CompletionUsage, ScriptStep } from '../support/fake-model/index.js'
import { fakeProviderOverrides } from '../support/fake-model/index.js'
import { addedFile, pass, startScenario, type Scenario } from './harness.js'

jest.setTimeout(180_000)

const refunds = addedFile(
  'src/refunds.ts',
  Array.from({ length: 10 }, (_, i) => `export const step${i + 1} = ${i + 1}`)
)

/** Dollars per million tokens, as opencode's model config takes them. */
const PRICE = { input: 3, output: 15 }

/** A different usage for every answer, so a sum that skips or repeats one shows. */
function withUsage(steps: readonly ScriptStep[]): ScriptStep[] {
  return steps.map((step, i) => {
    const usage: CompletionUsage = {
      prompt_tokens: 1000 + 37 * i,
      completion_tokens: 50 + 11 * i,
      total_tokens: 1050 + 48 * i
    }
    return { ...step, usage }
  })
}

function pricedOverrides(baseURL: string): Record<string, unknown> {
  const overrides = fakeProviderOverrides(baseURL) as {
    provider: Record<string, { models: Record<string, Record<string, unknown>> }>
  }
  const model = overrides.provider['fake']?.models['fake-model']
  if (model === undefined) throw new Error('the fake provider has no fake-model')
  model['cost'] = PRICE
  return overrides
}

let scenario: Scenario
afterEach(async () => {
  await scenario.stop()
})

const fourPasses = () => withUsage([...pass(1), ...pass(2), ...pass(3), ...pass(4)])

it('the outputs are the sum of the usage the model reported, priced from the config', async () => {
  scenario = await startScenario([refunds])
  scenario.model.enqueue(...fourPasses())
  const result = await scenario.run({
    inputs: { opencode_config: JSON.stringify(pricedOverrides(scenario.model.baseURL)) }
  })
  expect(result.failed).toBe(false)
  const reported = scenario.model.reportedUsage
  // Each pass: the submit_pass_results call, then the closing text.
  expect(reported).toHaveLength(8)
  const input = reported.reduce((sum, u) => sum + u.prompt_tokens, 0)
  const output = reported.reduce((sum, u) => sum + u.completion_tokens, 0)
  expect(result.outputs['input_tokens']).toBe(String(input))
  expect(result.outputs['output_tokens']).toBe(String(output))
  const dollars = (input * PRICE.input + output * PRICE.output) / 1_000_000
  expect(Number(result.outputs['cost_usd'])).toBeCloseTo(dollars, 6)
  expect(Number(result.outputs['cost_usd'])).toBeGreaterThan(0)

  // The job summary: one row per pass with its model requests and its own
  // tokens, then the total.
  const rows = [
    ...result.jobSummary.matchAll(
      /<tr><td>(\d)<\/td><td>completed \(2 model requests\)<\/td>(.*?)<\/tr>/g
    )
  ]
  expect(rows.map((row) => row[1])).toEqual(['1', '2', '3', '4'])
  const perPass = [0, 1, 2, 3].map((p) => reported.slice(2 * p, 2 * p + 2))
  rows.forEach((row, p) => {
    const cells = [...(row[2] ?? '').matchAll(/<td>(.*?)<\/td>/g)].map((c) => c[1])
    const used = perPass[p] ?? []
    expect(cells[1]).toBe(String(used.reduce((sum, u) => sum + u.prompt_tokens, 0)))
    expect(cells[2]).toBe(String(used.reduce((sum, u) => sum + u.completion_tokens, 0)))
    expect(cells[3]).toMatch(/^\$0\.\d+$/)
  })
  expect(result.jobSummary).toContain(`<td><strong>Total</strong></td><td>4 passes</td>`)
  expect(result.jobSummary).toMatch(
    new RegExp(`<td>4 passes</td><td>[\\d.]+</td><td>${input}</td><td>${output}</td>`)
  )
})

it('without a price in the config the tokens are still counted and the cost is 0', async () => {
  scenario = await startScenario([refunds])
  scenario.model.enqueue(...fourPasses())
  const result = await scenario.run()
  expect(result.failed).toBe(false)
  const input = scenario.model.reportedUsage.reduce((sum, u) => sum + u.prompt_tokens, 0)
  expect(result.outputs['input_tokens']).toBe(String(input))
  expect(result.outputs['cost_usd']).toBe('0')
})
