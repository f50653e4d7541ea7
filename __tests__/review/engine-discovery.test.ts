/**
 * Discovery runs (`discovery_runs`), without opencode: the primary model
 * reviews in N scripted agents at once, each with its own focus hint at the
 * end of every pass prompt. A finding two runs raise is published once
 * naming both; when no run finds anything the review is clean and the job
 * summary says so; the repository's `discovery_hints` replace the built-in
 * ones, fenced as data, and fewer hints mean fewer runs.
 */
import { parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { runNotes } from '../../src/action/job-summary-run-notes.js'
import { builtInHints } from '../../src/review/passes/discovery-runs.js'
import type { AgentHandle } from '../../src/ports/review-engine.js'
import type { ReviewTools } from '../../src/ports/review-tools.js'
import { reviewComments } from '../support/fake-github/pull-state.js'
import { ScriptedAgent, type ScriptedTurn } from '../support/scripted-session.js'
import {
  OWNER,
  REPO,
  startEngineFixture,
  type EngineFixture,
  ADDED_FILE,
  stagingPasses
} from './engine-harness.js'

const MODEL = 'fake/model'

let fixture: EngineFixture
beforeEach(async () => {
  fixture = await startEngineFixture({
    files: [ADDED_FILE]
  })
})
afterEach(async () => {
  await fixture.stop()
})

/** One scripted agent per started run, in the order the runs start. */
class DiscoveryAgents {
  readonly agents: ScriptedAgent[] = []
  readonly models: (string | undefined)[] = []
  constructor(private readonly scripts: ScriptedTurn[][]) {}
  readonly start = async (input: {
    systemPrompt: string
    tools: ReviewTools
    model?: string
  }): Promise<AgentHandle> => {
    const agent = new ScriptedAgent(this.scripts[this.agents.length] ?? [])
    this.agents.push(agent)
    this.models.push(input.model)
    return agent.start(input)
  }
}

const run = (agents: DiscoveryAgents, runs: number) =>
  fixture.run([], { inputs: { discovery_runs: String(runs) }, deps: { startAgent: agents.start } })

it('three runs, three distinct hints in every pass prompt; a finding two runs raise is published once naming both', async () => {
  const agents = new DiscoveryAgents([
    stagingPasses([2, 'Variable b shadows the import', 7]),
    stagingPasses([2, 'Variable b shadows an import', 6]),
    stagingPasses()
  ])
  const result = await run(agents, 3)
  expect(result.error).toBeUndefined()
  expect(agents.models).toEqual([MODEL, MODEL, MODEL])
  const hints = builtInHints().slice(0, 3)
  agents.agents.forEach((agent, i) => {
    expect(agent.prompts).toHaveLength(4)
    for (const prompt of agent.prompts) {
      expect(prompt).toContain(`This is discovery run ${i + 1} of 3`)
      expect(prompt).toContain(hints[i])
      for (const other of hints.filter((_, j) => j !== i)) expect(prompt).not.toContain(other)
    }
  })
  const comments = reviewComments(fixture.pr)
  expect(comments).toHaveLength(1)
  const block = parseRmcoc(comments[0]?.body ?? '')
  expect(block.ok && block.block.kind === 'finding' && block.block.reviewers?.sort()).toEqual([
    `${MODEL} run 1/3`,
    `${MODEL} run 2/3`
  ])
  expect(result.reports.at(-1)?.reviewers?.map((r) => [r.model, r.primary])).toEqual([
    [`${MODEL} run 1/3`, true],
    [`${MODEL} run 2/3`, false],
    [`${MODEL} run 3/3`, false]
  ])
})

it('no run finds anything: no PR comment, verdict approve, the job summary says the runs found nothing', async () => {
  const agents = new DiscoveryAgents([stagingPasses(), stagingPasses(), stagingPasses()])
  const result = await run(agents, 3)
  expect(result.error).toBeUndefined()
  expect(reviewComments(fixture.pr)).toHaveLength(0)
  expect(fixture.pr.issueComments).toHaveLength(0)
  const report = result.reports.at(-1)
  expect(report?.verdict.verdict).toBe('approve')
  expect(runNotes(report!).join('\n')).toContain('3 discovery runs found nothing')
})

it('the repository’s discovery_hints replace the built-in ones, fenced as data; two hints, two runs', async () => {
  fixture.github.state.setFileContent(
    OWNER,
    REPO,
    fixture.pr.baseSha,
    '.github/review-my-code-bot.yml',
    'discovery_hints:\n  - Money rounding in invoices\n  - Tenant isolation of queries\n'
  )
  const agents = new DiscoveryAgents([stagingPasses(), stagingPasses(), stagingPasses()])
  const result = await run(agents, 3)
  expect(result.error).toBeUndefined()
  expect(agents.agents).toHaveLength(2)
  const [first, second] = agents.agents.map((agent) => agent.prompts[0] ?? '')
  expect(first).toContain('This is discovery run 1 of 2')
  expect(first).toMatch(/focus set by the repository \(discovery_hints\) \(untrusted data/)
  expect(first).toContain('Money rounding in invoices')
  expect(second).toContain('Tenant isolation of queries')
  for (const hint of builtInHints()) expect(first).not.toContain(hint)
})

it('discovery_runs 1 (the default): one run, no focus note', async () => {
  const agents = new DiscoveryAgents([stagingPasses()])
  const result = await fixture.run([], { deps: { startAgent: agents.start } })
  expect(result.error).toBeUndefined()
  expect(agents.agents).toHaveLength(1)
  expect(agents.agents[0]?.prompts.join('\n')).not.toContain('discovery run')
})
