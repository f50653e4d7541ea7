/**
 * What an extra reviewer model costs in model input, next to the review by
 * one model, measured in the same process through the action's real run()
 * with the real opencode: the same 20-file PR is reviewed twice from
 * scratch, first by `model` alone, then with `reviewer_models` naming a
 * second model. Every model is scripted the same way (one finding in pass 1,
 * the same one from both, then each pass submits), so the second review
 * should cost twice the first: each reviewer sends its own requests with its
 * own copy of the system prompt, tools and pass prompts (nothing is shared
 * between the sessions; provider prompt caching works within each).
 *
 * What counts: model requests (agent turns the fake model answered) and
 * their input in UTF-8 bytes (see `inputBytes` in __tests__/e2e/requests.ts:
 * every message's text, tool calls and tool definitions, summed over the
 * requests, repeated history counted in full).
 */
import { addedFile, pass, startScenario, tool } from '../__tests__/e2e/harness.js'
import { inputBytes } from '../__tests__/e2e/requests.js'
import { FAKE_SECOND_MODEL, FAKE_SECOND_MODEL_ID } from '../__tests__/support/fake-model/index.js'
import type { ScriptStep } from '../__tests__/support/fake-model/index.js'

const FILES = 20

const files = Array.from({ length: FILES }, (_, f) =>
  addedFile(
    `src/module-${f}.ts`,
    Array.from({ length: 40 }, (_, i) => `export const value${f}_${i} = compute(${i}, ${f})`)
  )
)

/** One reviewer's script: the same finding, then each pass submits. */
const script = (): ScriptStep[] => [
  ...pass(1, [tool.post('src/module-0.ts', 10, 7, 'compute is called with unchecked input')]),
  ...pass(2),
  ...pass(3),
  ...pass(4)
]

interface Cost {
  readonly requests: number
  readonly bytes: number
}

async function review(inputs: Record<string, string>): Promise<Cost> {
  const scenario = await startScenario(files)
  try {
    scenario.model.enqueue(...script())
    if (inputs['reviewer_models'] !== undefined) {
      scenario.model.enqueueFor(FAKE_SECOND_MODEL_ID, script())
    }
    const result = await scenario.run({ inputs })
    if (result.failed) throw new Error(`the review failed:\n${result.stdout}`)
    const requests = scenario.model.requests
    return {
      requests: requests.length,
      bytes: requests.reduce((sum, request) => sum + inputBytes(request), 0)
    }
  } finally {
    await scenario.stop()
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`

export async function main(): Promise<void> {
  const one = await review({})
  const two = await review({ reviewer_models: FAKE_SECOND_MODEL })
  for (const [name, cost] of [
    ['one reviewer (model)', one],
    ['two reviewers (model + reviewer_models)', two]
  ] as const) {
    console.log(
      `${name}: ${cost.requests} model requests, ${kb(cost.bytes)} input; ` +
        `ratio to one reviewer: requests ${(cost.requests / one.requests).toFixed(2)}, ` +
        `input bytes ${(cost.bytes / one.bytes).toFixed(2)}`
    )
  }
}
