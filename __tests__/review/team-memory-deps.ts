/**
 * The engine's team memory for engine-tier tests: the real memory store
 * (github/github-memory-store.ts) on the fixture's fake GitHub, as the
 * action composes it when `team_memory` is on.
 */
import { formatBotComment } from '../../src/core/memory/rmcoc.js'
import { createTeamMemoryStore } from '../../src/github/github-memory-store.js'
import { createGitHubClient } from '../../src/github/octokit.js'
import type { ReviewEngineDeps } from '../../src/ports/review-engine.js'
import { configOf, TOKEN, type EngineFixture } from './engine-harness.js'

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
