/**
 * Fix mode's steps on a runner (FixLoopDeps): the bot's state read back from
 * GitHub, the fixer's round (fixer-round.ts), the repository's verification
 * commands run by the action in a throwaway copy of the fix with a scrubbed
 * environment, one createCommitOnBranch commit per round, and the review of
 * that commit in the same run, read from the patched copy.
 */
import type { Config } from '../config/action-config.js'
import type { FixSettings } from '../config/repo-config.js'
import { rebuildRunState } from '../core/memory/threads.js'
import type { PullRequestData } from '../core/pull-request/pr-data.js'
import type { ReviewRequest } from '../core/pull-request/review-request.js'
import { GitHubBranchCommitter } from '../github/branch-commit.js'
import type { GitHubClient } from '../github/octokit.js'
import type { FixLoopDeps } from '../ports/fix-loop.js'
import type { ReviewGateway } from '../ports/review-gateway.js'
import type { ReviewOutcome } from '../ports/review-engine.js'
import { verifyInCopy } from '../process/verification-copy.js'
import { ReviewRunner } from '../review/run/review-runner.js'
import { runFixerRound, type FixerRoundSetting } from '../fix/fixer-round.js'
import { actionLog, reviewEngineDeps, type ReviewDepsInput } from './review-deps.js'

export interface FixDepsInput {
  readonly request: ReviewRequest
  readonly config: Config
  readonly gateway: ReviewGateway
  readonly client: GitHubClient
  readonly pr: PullRequestData
  readonly verify: FixSettings
  readonly secrets: readonly string[]
  readonly fixer: FixerRoundSetting
  /** The review's deps input; the review of each commit reads the patched copy instead. */
  readonly review: ReviewDepsInput
  /** Called with the outcome of each review of a fix commit. */
  readonly onReview: (outcome: ReviewOutcome) => void
}

/** The verification commands in a copy of `directory`, so their output never reaches a commit. */
function verifyIn(directory: string, input: FixDepsInput) {
  return verifyInCopy(directory, {
    commands: input.verify.verify,
    timeoutMs: input.verify.timeoutMinutes * 60_000,
    env: input.review.processEnv,
    secrets: input.secrets,
    log: (line) => actionLog.info(line)
  })
}

/** The review of the fix commit `head`, from the copy holding its tree. */
async function reviewCommit(
  input: FixDepsInput,
  commit: { head: string; before: string; directory: string }
): Promise<void> {
  const deps = reviewEngineDeps({
    ...input.review,
    checkout: commit.directory,
    bootAgentAhead: false
  })
  const request: ReviewRequest = {
    owner: input.request.owner,
    repo: input.request.repo,
    prNumber: input.request.prNumber,
    trigger: 'pull_request',
    actor: input.request.actor,
    headSha: commit.head,
    beforeSha: commit.before
  }
  try {
    const outcome = await new ReviewRunner({
      ...deps,
      // The copy is the commit's tree by construction: the commit holds exactly its changes.
      checkoutHead: async () => ({ kind: 'commit', sha: commit.head })
    }).review(request, input.config)
    input.onReview(outcome)
  } finally {
    await deps.releaseAgents()
  }
}

export function actionFixDeps(input: FixDepsInput): FixLoopDeps {
  const committer = new GitHubBranchCommitter(input.client)
  return {
    openFindings: async () =>
      rebuildRunState({
        threads: await input.gateway.listReviewThreads(),
        issueComments: [],
        botLogins: input.config.botLogins
      }).state.threads,
    runFixer: (round) => runFixerRound(round, input.fixer),
    verify: (directory) => verifyIn(directory, input),
    commit: (commit) =>
      committer.commit({
        owner: input.request.owner,
        repo: input.request.repo,
        branch: input.pr.headRef,
        expectedHeadOid: commit.expectedHead,
        headline: commit.headline,
        body: commit.body,
        changes: commit.changes
      }),
    reReview: (commit) => reviewCommit(input, commit),
    log: actionLog
  }
}
