/**
 * Teaching after a threads-only run's answer: when the answered thread
 * settled with a developer's reason (the agent conceded, or the dispute rule
 * left it to the developer's call), the same learnings prompt as after a
 * full review's passes, in the same session, so the team's reason becomes a
 * learning now and not only at the PR's next full review. The memory is
 * read only then: a reply that settles nothing costs no request. No
 * reactions are read here; the next full review reads the new ones.
 */
import type { Config } from '../../config/action-config.js'
import type { ReviewRequest } from '../../core/pull-request/review-request.js'
import type { AgentSession } from '../../ports/agent-session.js'
import type { ReviewEngineDeps } from '../../ports/review-engine.js'
import type { TeamMemory } from '../memory/team-memory.js'
import type { ActionReviewTools } from '../tools/action-review-tools.js'
import { settledThreadsTeach, teachOrWarn, type TeachingResult } from './teach-learnings.js'

export interface ReplyTeaching {
  readonly request: ReviewRequest
  readonly config: Config
  readonly deps: ReviewEngineDeps
  readonly tools: ActionReviewTools
  readonly session: AgentSession
  /** The run's team memory, read on first use (shared with the outcome count). */
  readonly memory: () => Promise<TeamMemory>
}

export async function teachAfterReply(input: ReplyTeaching): Promise<TeachingResult | undefined> {
  const { request, config, deps, tools } = input
  if (!config.teamMemory || !settledThreadsTeach(tools, request.prNumber)) return undefined
  return teachOrWarn({
    session: input.session,
    tools,
    memory: await input.memory(),
    prNumber: request.prNumber,
    directory: deps.directoryFor(request),
    deadlineMs: deps.passDeadlineMs ?? config.passTimeoutMinutes * 60_000,
    log: deps.log,
    now: () => deps.now()
  })
}
