/**
 * The Config a run uses: the action's inputs with the repository config file
 * laid over them. An input the workflow sets explicitly wins over the file
 * (the workflow is the maintainer's word for this job); the file wins over
 * the built-in defaults. The file's ignore globs, instructions, path
 * instructions and discovery hints have no input to compete with.
 */
import type { Config } from './action-config.js'
import type { RepoConfig } from './repo-config.js'

export interface EffectiveConfig {
  readonly config: Config
  /** Keys the file sets that an explicit input overrides, e.g. "max_comments". */
  readonly overridden: readonly string[]
}

export function effectiveConfig(config: Config, file: RepoConfig | undefined): EffectiveConfig {
  if (file === undefined) return { config, overridden: [] }
  const overridden: string[] = []
  const pick = (key: string, explicit: boolean, input: number, fromFile: number | undefined) => {
    if (fromFile === undefined) return input
    if (explicit) {
      overridden.push(key)
      return input
    }
    return fromFile
  }
  return {
    config: {
      ...config,
      problemScoreThreshold: pick(
        'problem_score_threshold',
        config.explicit.problemScoreThreshold,
        config.problemScoreThreshold,
        file.problemScoreThreshold
      ),
      maxComments: pick(
        'max_comments',
        config.explicit.maxComments,
        config.maxComments,
        file.maxComments
      ),
      ignorePaths: [...config.ignorePaths, ...(file.ignore ?? [])],
      reviewInstructions: file.instructions ?? config.reviewInstructions,
      pathInstructions: file.pathInstructions ?? config.pathInstructions,
      discoveryHints: file.discoveryHints ?? config.discoveryHints
    },
    overridden
  }
}
