/**
 * What one fix round adds to the review it follows, as ratios measured in
 * this one process through the action's real run() and real opencode, on
 * the same 20-file PR with one finding (score 8, confirmation off):
 *   - the review: four passes, the finding staged in pass 1;
 *   - one fix round (auto_fix, fix_max_rounds 1): the fixer reads the file,
 *     edits it and answers; the action runs the verification command
 *     (`sleep 1 && grep -q clamped ...`, standing in for a short build) in
 *     a copy of the fix, commits it (createCommitOnBranch on the fake
 *     GitHub) and reviews the commit, whose pass 1 resolves the thread.
 *
 * What counts: model requests (agent turns the fake model answered), their
 * input in UTF-8 bytes (inputBytes: every message, tool call and tool
 * definition, history counted in full), and wall time: the verification's
 * own (as the action reports it) and the whole fix round's, each against
 * the review's.
 */
import { performance } from 'node:perf_hooks'
import { inputBytes } from '../__tests__/e2e/requests.js'
import { addedFile, pass, startScenario, tool } from '../__tests__/e2e/harness.js'
import {
  call,
  fixerScript,
  fixingSteps,
  isFixerRequest,
  repoConfig,
  reviewOfFix
} from '../__tests__/e2e/fixer-script.js'
import type { RecordedRequest } from '../__tests__/support/fake-model/index.js'

const BUG = 'export const total = (a: number, b: number) => a + b // overflow'
const files = Array.from({ length: 20 }, (_, f) =>
  addedFile(
    `src/module-${f}.ts`,
    Array.from({ length: 40 }, (_, i) =>
      f === 0 && i === 9 ? BUG : `export const value${f}_${i} = compute(${i}, ${f})`
    )
  )
)

interface Phase {
  readonly requests: number
  readonly bytes: number
  readonly ms: number
}

const phase = (requests: readonly RecordedRequest[], ms: number): Phase => ({
  requests: requests.length,
  bytes: requests.reduce((sum, request) => sum + inputBytes(request), 0),
  ms
})

/** The review, then (with `fix`) one fix round; each phase's requests and time. */
async function run(fix: boolean): Promise<{ review: Phase; fix?: Phase; verifyMs: number }> {
  const scenario = await startScenario(files)
  try {
    repoConfig(scenario, ['sleep 1 && grep -q clamped src/module-0.ts'])
    scenario.model.enqueue(
      ...pass(1, [tool.post('src/module-0.ts', 10, 8, 'The total overflows for large carts')]),
      ...pass(2),
      ...pass(3),
      ...pass(4)
    )
    fixerScript(
      scenario.model,
      fixingSteps('a + b // overflow', 'Math.min(a + b, 2 ** 53) // clamped', 'src/module-0.ts')
    )
    const reviewOfCommit = reviewOfFix(scenario.model, () => [
      call('github_resolve_thread', {
        thread_id: scenario.pr.threads[0]?.id,
        reason: 'The commit clamps the total.'
      })
    ])
    let fixStarted = 0
    const started = performance.now()
    scenario.model.onAgentRequest = async (request) => {
      if (fixStarted === 0 && isFixerRequest(request)) fixStarted = performance.now()
    }
    const inputs = {
      confirm_min_score: 'off',
      ...(fix ? { auto_fix: 'true', fix_max_rounds: '1' } : {})
    }
    const result = await scenario.run({ inputs })
    const ended = performance.now()
    if (result.failed || (fix && result.outputs['fix_status'] !== 'converged')) {
      throw new Error(`the run did not go as scripted:\n${result.stdout}`)
    }
    const all = scenario.model.requests
    const fixer = all.filter(isFixerRequest)
    const reviewed = all.filter((r) => !isFixerRequest(r) && !reviewOfCommit.includes(r))
    const verifyMs = [...result.stdout.matchAll(/exited with \d+ after ([\d.]+) s/g)].reduce(
      (sum, m) => sum + Number(m[1]) * 1000,
      0
    )
    const reviewEnd = fix ? fixStarted : ended
    return {
      review: phase(reviewed, reviewEnd - started),
      ...(fix ? { fix: phase([...fixer, ...reviewOfCommit], ended - fixStarted) } : {}),
      verifyMs
    }
  } finally {
    await scenario.stop()
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`
const ratio = (a: number, b: number) => (a / b).toFixed(2)

export async function main(): Promise<void> {
  const alone = await run(false)
  const fixed = await run(true)
  const fix = fixed.fix
  if (fix === undefined) throw new Error('no fix round was measured')
  const { review } = alone
  console.log(`review: ${review.requests} model requests, ${kb(review.bytes)} input`)
  console.log(
    `one fix round (fixer + review of its commit): ${fix.requests} model requests, ${kb(fix.bytes)} input; ` +
      `ratio to the review: requests ${ratio(fix.requests, review.requests)}, ` +
      `input bytes ${ratio(fix.bytes, review.bytes)}`
  )
  console.log(
    `wall time: the fix round ${ratio(fix.ms, review.ms)}x the review, ` +
      `of which the verification command ${ratio(fixed.verifyMs, review.ms)}x the review`
  )
}
