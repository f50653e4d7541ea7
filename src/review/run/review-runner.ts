/**
 * The review engine: every run starts from the state the earlier runs left
 * on the PR. A reply in a bot thread gets a threads-only run, every other
 * trigger a full review. Talks to GitHub and to the agent only through
 * ports, so it is the same code on a runner and in the tests.
 */
import type { Config } from '../../config/action-config.js'
import type { ReviewEngine, ReviewEngineDeps, ReviewOutcome } from '../../ports/review-engine.js'
import { notTheDeveloper } from '../../trigger/review-comment-event.js'
import type { ReviewRequest } from '../../core/pull-request/review-request.js'
import { acknowledgeTrigger } from './acknowledge-trigger.js'
import { fullReview } from './full-review.js'
import { teamMemoryOf } from '../memory/load-memory.js'
import type { TeamMemory } from '../memory/team-memory.js'
import { prepareRun, type PreparedRun } from '../preparation/prepare-run.js'
import { supersededBy } from './superseded.js'
import { threadsOnlyRun } from './threads-only-run.js'

/**
 * One review per PR runs at a time, and a newer event replaces a waiting
 * one: a reply may have displaced the review of a pushed head. When the head
 * (of a PR that is ready for review) has no complete review yet, the reply
 * runs that review; fix verification answers its thread in pass 1.
 */
function headUnreviewed(prepared: PreparedRun): boolean {
  const { pr } = prepared.context
  const reviewed = prepared.state.metadata.last_reviewed_sha
  return !pr.draft && reviewed?.toLowerCase() !== pr.headSha.toLowerCase()
}

export class ReviewRunner implements ReviewEngine {
  constructor(private readonly deps: ReviewEngineDeps) {}

  async review(request: ReviewRequest, inputs: Config): Promise<ReviewOutcome> {
    if (inputs.dryRun) this.deps.log.info('dry run: nothing will be written to the pull request.')
    try {
      return await this.reviewPrepared(request, inputs)
    } finally {
      if (inputs.dryRun) this.deps.log.info('dry run: nothing was written to the pull request.')
    }
  }

  private async reviewPrepared(request: ReviewRequest, inputs: Config): Promise<ReviewOutcome> {
    const prepared = await prepareRun(request, inputs, this.deps)
    // The inputs with the repository config file applied.
    const config = prepared.config
    const superseded = await supersededBy(request, prepared, this.deps)
    if (superseded !== undefined) {
      this.deps.log.info(`No review: ${superseded}.`)
      return { kind: 'skipped', reason: superseded }
    }
    await acknowledgeTrigger(prepared, request, this.deps.log)
    const full = async () =>
      fullReview(prepared, config, this.deps, {
        memory: await teamMemoryOf(request, config, this.deps),
        directory: this.deps.directoryFor(request)
      })
    if (request.trigger !== 'reply') return full()
    if (headUnreviewed(prepared)) {
      this.deps.log.info(
        `Head ${prepared.context.pr.headSha} has no complete review yet: this reply runs it (its thread is verified in pass 1).`
      )
      return full()
    }
    if (request.replyBy === 'bystander') {
      return { kind: 'skipped', reason: notTheDeveloper(request.actor) }
    }
    // The memory is read after the answer, once, and only when the answered
    // thread settled: to teach from it and to count it.
    let memory: Promise<TeamMemory> | undefined
    return threadsOnlyRun(prepared, request, config, this.deps, () => {
      memory ??= teamMemoryOf(request, config, this.deps)
      return memory
    })
  }
}
