/**
 * How long a review takes to reach the model, next to what opencode alone
 * needs to boot, measured in the same run with the reps alternating (so load
 * and cache warm-up hit both alike):
 *
 * - action: the action's real run() on a pull_request event (fake GitHub,
 *   a 20-file PR checked out as a git repository, the real opencode binary,
 *   the fake model), from run() being called to the first request the fake
 *   model receives. Everything a run does before that counts: GitHub reads,
 *   the check run, the sanitized export, the model proxy and egress filter,
 *   the sidecar's boot, its MCP tools, the session and the first prompt.
 * - bare: `opencode serve` with no config (bench/support/bare-opencode.ts),
 *   spawn -> its first directory-scoped answer (booted).
 *
 * Target: action - bare <= 1000 ms (the median of each, BENCH_REPS reps,
 * 5 by default). The fake GitHub and the fake model run in this process,
 * so their work competes with the action's; GitHub's own latency is not in
 * it (the fake answers at once), which makes the GitHub reads look cheaper
 * than on a runner, where they overlap the sidecar's boot.
 */
import { addedFile, pass, startScenario } from '../__tests__/e2e/harness.js'
import { githubGraphQLSchema } from '../__tests__/support/fake-github/graphql.js'
import { createSanitizedWorkspace } from '../src/opencode/workspace.js'
import { bareBoot, median, spread } from './support/bare-opencode.js'

const REPS = Number(process.env['BENCH_REPS'] ?? 5)
const TARGET_MS = 1_000

const files = Array.from({ length: 20 }, (_, f) =>
  addedFile(
    `src/module-${f}.ts`,
    Array.from({ length: 40 }, (_, i) => `export const value${f}_${i} = compute(${i}, ${f})`)
  )
)

/** One full review; returns ms from run() to the fake model's first request. */
async function actionToFirstRequest(): Promise<number> {
  const scenario = await startScenario(files)
  try {
    let started = 0
    let firstRequest = 0
    scenario.model.onAgentRequest = () => {
      if (firstRequest === 0) firstRequest = performance.now()
    }
    scenario.model.enqueue(...pass(1), ...pass(2), ...pass(3), ...pass(4))
    started = performance.now()
    const result = await scenario.run()
    if (result.failed) throw new Error(`the review failed:\n${result.stdout}`)
    if (firstRequest === 0) throw new Error('the model received no request')
    return firstRequest - started
  } finally {
    await scenario.stop()
  }
}

export async function main(): Promise<void> {
  // The fake GitHub builds GitHub's GraphQL schema on its first query, in
  // this process: a cost of the fake, not of the action, so it is paid here.
  githubGraphQLSchema()
  const sample = await startScenario(files)
  const workspace = await createSanitizedWorkspace(sample.checkout)
  const action: number[] = []
  const bare: number[] = []
  try {
    for (let rep = 0; rep < REPS; rep += 1) {
      bare.push((await bareBoot(workspace.directory)).booted)
      action.push(await actionToFirstRequest())
    }
  } finally {
    await workspace.dispose()
    await sample.stop()
  }
  const a = median(action)
  const b = median(bare)
  console.log(`action run() -> first model request: median ${a.toFixed(0)} ms (${spread(action)})`)
  console.log(`bare opencode serve -> booted:       median ${b.toFixed(0)} ms (${spread(bare)})`)
  console.log(
    `difference ${(a - b).toFixed(0)} ms (target <= ${TARGET_MS}), ratio ${(a / b).toFixed(2)}, median of ${REPS}`
  )
}
