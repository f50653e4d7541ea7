/**
 * Before any model request: the workspace the agent reads must be the head
 * the review is posted on (see core/checkout-head.ts). Otherwise the run
 * fails the way a failed start does, with the fix in the message.
 */
import { checkoutProblem } from '../../core/pull-request/checkout-head.js'
import { getErrorMessage } from '../../core/errors/error-message.js'
import type { ReviewEngineDeps } from '../../ports/review-engine.js'
import type { PreparedRun } from './prepare-run.js'
import { failReview } from './review-failure.js'

async function problemOf(
  prepared: PreparedRun,
  deps: ReviewEngineDeps
): Promise<string | undefined> {
  const headSha = prepared.context.pr.headSha
  try {
    return checkoutProblem(await deps.checkoutHead(), headSha)
  } catch (error) {
    return `the checkout's HEAD could not be read, so nothing shows it is the pull request head ${headSha}: ${getErrorMessage(error)}`
  }
}

/** Resolves when the checkout is the PR head; otherwise reports the failure and throws. */
export async function ensureCheckoutIsHead(
  prepared: PreparedRun,
  deps: ReviewEngineDeps
): Promise<void> {
  const problem = await problemOf(prepared, deps)
  if (problem !== undefined) await failReview(prepared.gateway, deps, problem)
}
