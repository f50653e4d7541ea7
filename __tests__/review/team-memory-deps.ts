/**
 * The engine's team memory for engine-tier tests: the real memory store
 * (github/github-memory-store.ts) on the fixture's fake GitHub, as the
 * action composes it when `team_memory` is on, and the fixture, thread and
 * agent turns the teaching tests share.
 */
import { formatBotComment, parseRmcoc } from '../../src/core/memory/rmcoc.js'
import { createTeamMemoryStore } from '../../src/github/github-memory-store.js'
import { createGitHubClient } from '../../src/github/octokit.js'
import type { ReviewEngineDeps } from '../../src/ports/review-engine.js'
import type { ReviewTools } from '../../src/ports/review-tools.js'
import type { ScriptedTurn } from '../support/scripted-session.js'
import {
  ADDED_FILE,
  configOf,
  OWNER,
  REPO,
  startEngineFixture,
  TOKEN,
  type EngineFixture
} from './engine-harness.js'

/** The team memory tests' engine fixture: one added file at head c0ffee…. */
export const startMemoryFixture = (): Promise<EngineFixture> =>
  startEngineFixture({ headSha: 'c0ffee'.padEnd(40, '1'), files: [ADDED_FILE] })

/** An engine fixture where alice is a write collaborator (she may teach). */
export async function startTeamFixture(): Promise<EngineFixture> {
  const fixture = await startMemoryFixture()
  fixture.github.state.addUser('alice')
  fixture.github.state.grant(OWNER, REPO, 'alice', 'write')
  return fixture
}

/** The agent concedes thread `threadId`. */
export const conceding = (threadId: string) => (tools: ReviewTools) =>
  tools.replyToThread({ thread_id: threadId, body: 'Fair.', is_concession: true })

/** The agent records the learning of thread `threadId` in the learnings prompt. */
export const teaching =
  (threadId: string): ScriptedTurn =>
  async (tools) => {
    await tools.recordTeamLearning({ thread_id: threadId, rule: 'Unused constants document.' })
  }

export function memoryDepsOf(fixture: EngineFixture): Partial<ReviewEngineDeps> {
  const client = createGitHubClient({
    token: TOKEN,
    baseUrl: fixture.github.url,
    msPerSecond: 1,
    log: () => undefined
  })
  return {
    teamMemoryFor: (request) =>
      createTeamMemoryStore({
        client,
        owner: request.owner,
        repo: request.repo,
        botLogins: configOf().botLogins,
        msPerSecond: 1
      })
  }
}

/** The finding every teaching test's thread carries. */
export const TAUGHT_FINDING = 'Constant a is declared but never read anywhere'

/** The state_key the team memory tests sign and verify with. */
export const MEMORY_STATE_KEY = 'team-memory-state-key-0001'

/**
 * A bot finding on src/a.ts line 1 (score 6, style) with alice's reason,
 * and `more` comments after it.
 */
export function reasonedThread(
  fixture: EngineFixture,
  more: Array<{ author: string; body: string }> = []
) {
  const root = formatBotComment(`${TAUGHT_FINDING}.`, {
    finding: TAUGHT_FINDING,
    assessment: 'Dead code.',
    score: 6,
    category: 'style'
  })
  return fixture.github.state.addThread(fixture.pr, {
    path: 'src/a.ts',
    line: 1,
    comments: [
      { author: 'github-actions[bot]', body: root },
      { author: 'alice', body: 'We keep unused constants as documentation of defaults.' },
      ...more
    ]
  })
}

/** The learning comments of the fixture repository's issues (the memory issue also keeps each PR's outcomes). */
export function learningCommentsOf(fixture: EngineFixture) {
  return fixture.github.state.issues
    .inRepo(OWNER, REPO)
    .flatMap((issue) => issue.issueComments)
    .filter((comment) => {
      const parsed = parseRmcoc(comment.body)
      return parsed.ok && parsed.block.kind === 'learning'
    })
}
