/**
 * Discovery runs with the real opencode: `discovery_runs: 3` starts three
 * sidecars of the same model at once, each run's pass prompts ending with
 * its own focus hint. The fake model tells the runs apart by the run number
 * in each session's first prompt (ScriptedConversations). A finding two runs
 * raise is published once, naming both runs. A clean review of several runs
 * and the repository's hints are review/engine-discovery.test.ts's (the
 * action's runner with the real gateway and publication, without sidecars).
 */
import { jest } from '@jest/globals'
import { parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { builtInHints } from '../../src/review/passes/discovery-runs.js'
import { ScriptedConversations } from '../support/fake-model/conversations.js'
import type { ScriptStep } from '../support/fake-model/index.js'
import { FAKE_MODEL } from '../support/fake-model/index.js'
import { addedFile, pass, startScenario, tool, type Scenario } from './harness.js'
import { passPrompt } from './requests.js'

jest.setTimeout(240_000)

const refunds = addedFile(
  'src/refunds.ts',
  Array.from({ length: 40 }, (_, i) => `export const step${i + 1} = ${i + 1}`)
)

let scenario: Scenario
afterEach(async () => {
  await scenario.stop()
})

const RUN = /This is discovery run (\d) of 3/

/** Each run's four passes; run 1 and run 2 raise the same defect, run 3 nothing. */
const SCRIPTS: Record<string, ScriptStep[]> = {
  '1': [
    ...pass(1, [tool.post('src/refunds.ts', 10, 6, 'Refund total ignores partial captures')]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  ],
  '2': [
    ...pass(1, [tool.post('src/refunds.ts', 11, 8, 'Refund totals ignore the partial captures')]),
    ...pass(2),
    ...pass(3),
    ...pass(4)
  ],
  '3': [...pass(1), ...pass(2), ...pass(3), ...pass(4)]
}

function firstUserText(body: unknown): string {
  const messages = (body as { messages?: { role: string; content: unknown }[] }).messages ?? []
  const user = messages.find((m) => m.role === 'user')
  return typeof user?.content === 'string' ? user.content : JSON.stringify(user?.content ?? '')
}

it('three discovery runs get three distinct hints; a finding two runs raise is published once naming both', async () => {
  scenario = await startScenario([refunds])
  const runs = new ScriptedConversations({
    belongs: (request) => RUN.test(firstUserText(request.body)),
    keyOf: (request) => RUN.exec(firstUserText(request.body))?.[1] ?? '?',
    scriptFor: (key) => SCRIPTS[key] ?? []
  })
  scenario.model.route = runs.route
  const result = await scenario.run({ inputs: { discovery_runs: '3' } })
  expect(result.failed).toBe(false)

  // Three sessions, one per run, each of whose pass prompts ends with its own hint only.
  const sessions = [...runs.requests.values()]
  expect(sessions).toHaveLength(3)
  const hints = builtInHints().slice(0, 3)
  const seen = sessions.map((requests) => {
    const run = Number(RUN.exec(firstUserText(requests[0]?.body))?.[1])
    for (const n of [1, 2, 3, 4]) {
      const prompt = passPrompt(requests, n)
      expect(prompt).toContain(hints[run - 1])
      for (const other of hints.filter((_, i) => i !== run - 1)) expect(prompt).not.toContain(other)
    }
    return run
  })
  expect(seen.sort()).toEqual([1, 2, 3])

  // One comment for the shared defect, at the higher score, naming both runs.
  const blocks = scenario.pr.threads
    .flatMap((thread) => thread.comments)
    .map((comment) => parseRmcoc(comment.body))
    .flatMap((parsed) => (parsed.ok && parsed.block.kind === 'finding' ? [parsed.block] : []))
  expect(blocks).toHaveLength(1)
  expect(blocks[0]?.score).toBe(8)
  expect([...(blocks[0]?.reviewers ?? [])].sort()).toEqual([
    `${FAKE_MODEL} run 1/3`,
    `${FAKE_MODEL} run 2/3`
  ])
  expect(result.outputs).toMatchObject({ findings_posted: '1' })
  expect(result.jobSummary).toContain(`<h4>Passes of ${FAKE_MODEL} run 3/3</h4>`)
})
