/**
 * The confirmation engine tests' fixture, started and stopped around each
 * test by `useConfirmationFixture`: a scripted review that stages findings in
 * pass 1, run with two scripted confirmers (and optionally a scripted
 * consensus check and draft), and readers of what GitHub holds.
 */
import { parseRmcoc } from '../../src/core/memory/rmcoc.js'
import type { ReviewTools } from '../../src/ports/review-tools.js'
import {
  ScriptedConfirmers,
  type ConfirmerAnswer,
  type ConfirmerTurn,
  type ConsensusDecision,
  type ConsensusTurn,
  type DraftDecision,
  type DraftTurn
} from '../support/scripted-confirmers.js'
import { ScriptedAgent, submit, type ScriptedTurn } from '../support/scripted-session.js'
import { startEngineFixture, type EngineFixture, ADDED_FILE } from './engine-harness.js'

/** The engine fixture every confirmation test starts: one added file. */
const startConfirmationFixture = (): Promise<EngineFixture> =>
  startEngineFixture({ files: [ADDED_FILE] })

const post = (tools: ReviewTools, line: number, score: number, finding: string) =>
  tools.postReviewComment({
    file: 'src/a.ts',
    line,
    body: `${finding}. Details.`,
    assessment: { finding, assessment: `Why ${finding} matters.`, score }
  })

/** Pass 1 stages the findings; passes 2-4 only submit. */
export const staging = (...findings: [number, number, string][]): ScriptedTurn[] => [
  submit(async (tools) => {
    for (const [line, score, finding] of findings) await post(tools, line, score, finding)
  })
]

/** Runs the scripted review on `fixture` with scripted confirmers. */
async function reviewWithConfirmers(
  fixture: EngineFixture,
  turns: ScriptedTurn[],
  decide: (turn: ConfirmerTurn) => ConfirmerAnswer,
  inputs: Record<string, string> = {},
  consensus?: (turn: ConsensusTurn) => ConsensusDecision,
  draft?: (turn: DraftTurn) => DraftDecision
) {
  const agent = new ScriptedAgent(turns)
  const confirmers = new ScriptedConfirmers(decide, consensus, draft)
  const run = await fixture.run([], {
    inputs,
    deps: { startAgent: confirmers.router(agent.start) }
  })
  return { run, agent, confirmers }
}

/** `reviewWithConfirmers`' arguments after the fixture. */
type ConfirmerReviewArgs =
  Parameters<typeof reviewWithConfirmers> extends [EngineFixture, ...infer Rest] ? Rest : never

/** The first comment of every thread on the fixture's PR. */
const rootCommentsOf = (fixture: EngineFixture) =>
  fixture.pr.threads.map((thread) => thread.comments[0]?.body ?? '')

/** The finding block of a published comment; throws when it has none. */
export function blockOf(body: string) {
  const parsed = parseRmcoc(body)
  if (!parsed.ok || parsed.block.kind !== 'finding') throw new Error('no finding block')
  return parsed.block
}

/**
 * Registers hooks that start `startConfirmationFixture` before each test and
 * stop it after; returns the running fixture, and `review` and
 * `rootComments` on it.
 */
export function useConfirmationFixture() {
  let fixture: EngineFixture | undefined
  beforeEach(async () => {
    fixture = await startConfirmationFixture()
  })
  afterEach(async () => {
    await fixture?.stop()
    fixture = undefined
  })
  const running = (): EngineFixture => {
    if (fixture === undefined) throw new Error('the engine fixture runs only inside a test')
    return fixture
  }
  return {
    fixture: running,
    review: (...args: ConfirmerReviewArgs) => reviewWithConfirmers(running(), ...args),
    rootComments: () => rootCommentsOf(running())
  }
}
