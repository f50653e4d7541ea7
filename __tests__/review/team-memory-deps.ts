/**
 * The engine's team memory for engine-tier tests: the real memory store
 * (github/github-memory-store.ts) on the fixture's fake GitHub, as the
 * action composes it when `team_memory` is on.
 */
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
