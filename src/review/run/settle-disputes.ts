/**
 * The dispute rule, applied after the agent has read the replies: a thread
 * the developer still disputes, with their rejection of the bot's rebuttal
 * as the last word, goes to the human reviewers (ESCALATED), or, when the
 * PR has none, is resolved as the developer's call. The agent first had the
 * chance to verify a claimed fix or concede; a thread it closed never gets
 * here, and the rule never argues a point itself.
 */
import type { Config } from '../../config/action-config.js'
import { humanReviewers, isRejectedAgain, settleDisputes } from '../../core/memory/disputes.js'
import { getErrorMessage } from '../../core/errors/error-message.js'
import type { PullRequestData } from '../../core/pull-request/pr-data.js'
import type { ReviewLog } from '../../ports/agent-session.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'
import type { ActionReviewTools } from '../tools/action-review-tools.js'

export interface SettleInput {
  readonly gateway: ReviewGateway
  readonly tools: ActionReviewTools
  readonly pr: PullRequestData
  readonly config: Config
  readonly secrets: readonly string[]
  readonly log: ReviewLog
  /** Only these threads (a threads-only run answers one); every thread when absent. */
  readonly threadIds?: ReadonlySet<string>
}

/** Applies the rule to every thread still rejected again; returns how many it settled. */
export async function settleRemainingDisputes(input: SettleInput): Promise<number> {
  const { gateway, tools, log } = input
  const disputed = tools
    .liveState()
    .threads.filter(
      (thread) =>
        thread.origin !== 'summary' &&
        isRejectedAgain(thread) &&
        // The agent must have had the chance to read the reply first.
        !tools.limits.capRefused.has(thread.id) &&
        (input.threadIds === undefined || input.threadIds.has(thread.id))
    )
    // The rule's replies count against the run's cap like the agent's.
    .slice(0, tools.limits.remaining(tools.threadOutcomes))
  const actions = settleDisputes(disputed, humanReviewers(input.pr, input.config.botLogins), {
    secrets: input.secrets
  })
  for (const action of actions) {
    try {
      await gateway.replyToThread(action.thread.root_comment_id, action.body)
    } catch (error) {
      // One thread's failure must not cost the run its findings: the next run tries again.
      const warning = `The dispute rule could not answer thread ${action.thread.id}: ${getErrorMessage(error)}`
      tools.warnings.push(warning)
      log.warning(warning)
      continue
    }
    if (action.resolve) {
      const resolved = await gateway.resolveThread(action.thread.id).catch((error: unknown) => ({
        kind: 'forbidden' as const,
        warning: `Thread ${action.thread.id} could not be resolved: ${getErrorMessage(error)}`
      }))
      if (resolved.kind === 'forbidden') {
        tools.warnings.push(resolved.warning)
        log.warning(resolved.warning)
      }
    }
    const escalated = action.kind === 'escalate'
    tools.record(
      action.thread,
      escalated ? 'escalated' : 'resolved',
      escalated
        ? 'Still disputed after the developer rejected the rebuttal again: escalated to the human reviewers.'
        : "Still disputed and the PR has no human reviewer: resolved as the developer's call.",
      escalated ? undefined : 'developers-call'
    )
    log.info(
      `Thread ${action.thread.id}: ${escalated ? 'escalated to human review' : "settled as the developer's call"}.`
    )
  }
  return actions.length
}
