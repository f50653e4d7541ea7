/**
 * The team memory of one run: read when `team_memory` is on and the deps
 * offer a store for the repository, or learnings kept by the mode itself
 * (read-only); otherwise none.
 */
import type { Config } from '../../config/action-config.js'
import type { ReviewRequest } from '../../core/pull-request/review-request.js'
import type { ReviewEngineDeps } from '../../ports/review-engine.js'
import { TeamMemory } from './team-memory.js'

export async function teamMemoryOf(
  request: ReviewRequest,
  config: Config,
  deps: ReviewEngineDeps
): Promise<TeamMemory> {
  if (!config.teamMemory) {
    deps.log.debug('Team memory is off (team_memory: false).')
    return TeamMemory.none()
  }
  if (deps.teamMemoryFor === undefined) {
    if (deps.teamLearnings === undefined) return TeamMemory.none()
    return TeamMemory.readOnly(await deps.teamLearnings())
  }
  return TeamMemory.load(deps.teamMemoryFor(request), {
    owner: request.owner,
    repo: request.repo,
    botLogins: config.botLogins,
    stateKey: config.stateKey,
    secrets: deps.secrets,
    dryRun: config.dryRun,
    log: deps.log
  })
}
