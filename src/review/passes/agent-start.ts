/**
 * What a session needs before the agent's first turn: the system prompt, the
 * action's tools bound to this run (a reviewer model, or one thread), and the
 * agent started over a checkout of the PR head. Full reviews and threads-only
 * runs both start their agent here.
 */
import type { Config } from '../../config/action-config.js'
import { ignoreMatcher } from '../../config/ignore-globs.js'
import { getErrorMessage } from '../../core/errors/error-message.js'
import type { FindingStage } from '../../core/findings/finding-stage.js'
import type { LearningBlock } from '../../core/memory/rmcoc.js'
import type { AgentHandle, ReviewEngineDeps } from '../../ports/review-engine.js'
import { ensureCheckoutIsHead } from '../preparation/checkout-guard.js'
import type { PreparedRun } from '../preparation/prepare-run.js'
import { failReview } from '../preparation/review-failure.js'
import { buildSystemPrompt } from '../prompts/prompts.js'
import { ActionReviewTools } from '../tools/action-review-tools.js'

export function systemPromptFor(config: Config): string {
  return buildSystemPrompt({
    problemScoreThreshold: config.problemScoreThreshold,
    scoreElevationThreshold: config.scoreElevationThreshold,
    maxComments: config.maxComments,
    enableWeb: config.enableWeb
  })
}

export function toolsFor(
  prepared: PreparedRun,
  stage: FindingStage,
  deps: ReviewEngineDeps,
  onlyThread?: string,
  reviewer?: { readonly model: string; readonly primary: boolean },
  learnings: readonly LearningBlock[] = []
): ActionReviewTools {
  return new ActionReviewTools({
    gateway: prepared.gateway,
    stage,
    state: prepared.state,
    secrets: deps.secrets,
    files: prepared.context.files,
    ignored: ignoreMatcher(prepared.config.ignorePaths),
    warn: (message) => deps.log.warning(message),
    learnings,
    ...(onlyThread === undefined ? {} : { onlyThread, maxThreadActions: 1 }),
    ...(reviewer === undefined
      ? {}
      : { reviewer: reviewer.model, answersThreads: reviewer.primary })
  })
}

/** Starts the agent over a checkout of the PR head, or says on the PR why it could not. */
export async function startAgentOrFail(
  prepared: PreparedRun,
  tools: ActionReviewTools,
  config: Config,
  deps: ReviewEngineDeps
): Promise<AgentHandle> {
  await ensureCheckoutIsHead(prepared, deps)
  try {
    return await deps.startAgent({ systemPrompt: systemPromptFor(config), tools })
  } catch (error) {
    return await failReview(
      prepared.gateway,
      deps,
      `the review agent could not start: ${getErrorMessage(error)}`
    )
  }
}
