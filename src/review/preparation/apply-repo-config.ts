/**
 * The repository config file (read from the base branch with the rest of the
 * review context) laid over the inputs. A file that is not valid fails the
 * run before the agent starts, with every problem named on the PR and in
 * the log: a review with half of the maintainers' settings would mislead.
 */
import type { Config } from '../../config/action-config.js'
import { effectiveConfig } from '../../config/effective-config.js'
import { parseRepoConfig, REPO_CONFIG_PATH, RepoConfigError } from '../../config/repo-config.js'
import type { ReviewEngineDeps } from '../../ports/review-engine.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'
import type { ReviewContext } from './review-context.js'
import { failReview } from './review-failure.js'

export async function applyRepoConfig(
  context: ReviewContext,
  config: Config,
  gateway: ReviewGateway,
  deps: Pick<ReviewEngineDeps, 'runUrl' | 'secrets' | 'log'>
): Promise<Config> {
  if (context.repoConfigText === undefined) return config
  let merged
  try {
    merged = effectiveConfig(config, parseRepoConfig(context.repoConfigText))
  } catch (error) {
    if (!(error instanceof RepoConfigError)) throw error
    return await failReview(gateway, deps, error.problems.join('; '))
  }
  const applied = merged.config
  deps.log.info(
    `${REPO_CONFIG_PATH} from the base branch: problem_score_threshold ${applied.problemScoreThreshold}, ` +
      `max_comments ${applied.maxComments}, ${applied.ignorePaths.length} ignore glob(s), ` +
      `${applied.reviewInstructions === '' ? 'no' : `${applied.reviewInstructions.length} characters of`} instructions.`
  )
  for (const key of merged.overridden) {
    deps.log.info(`${REPO_CONFIG_PATH}: ${key} is set by the workflow input, which wins.`)
  }
  return applied
}
