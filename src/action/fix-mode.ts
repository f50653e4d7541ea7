/**
 * Fix mode after a review (opt-in: `auto_fix`, or a write collaborator's
 * `fix` mention): refused with a note for a fork's pull request, in a dry
 * run and without `fix.verify` in the repository config of the base branch;
 * otherwise the fix loop (src/fix/) over the action's steps (fix-deps.ts).
 * Either way the run ends with one fix report comment and the fix outputs.
 */
import * as core from '@actions/core'
import type { Config } from '../config/action-config.js'
import { parseRepoConfig, REPO_CONFIG_PATH, type FixSettings } from '../config/repo-config.js'
import { effectiveConfig } from '../config/effective-config.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import { composeFixReport } from '../core/fixing/fix-report.js'
import type { FixStatus } from '../core/fixing/fix-types.js'
import type { PullRequestData } from '../core/pull-request/pr-data.js'
import type { ReviewRequest } from '../core/pull-request/review-request.js'
import { isSameRepositoryPullRequest } from '../core/pull-request/same-repository.js'
import { runFixLoop } from '../fix/fix-loop.js'
import { fixCommits, type FixLoopResult } from '../fix/fix-loop-result.js'
import { fixReportInput } from '../fix/fix-report-input.js'
import { GitHubReviewGateway } from '../github/github-review-gateway.js'
import type { GitHubClient } from '../github/octokit.js'
import type { FixerSandbox } from '../ports/fixer-sandbox.js'
import type { ReviewGateway } from '../ports/review-gateway.js'
import type { ReviewOutcome } from '../ports/review-engine.js'
import { SidecarStates } from '../opencode/leftover.js'
import { opencodeFixerSandbox } from '../opencode/fixer-workspace.js'
import { readProviderCredentials } from '../opencode/provider-credentials.js'
import { FIXER_PROMPTS } from '../review/prompts/fixer-prompts.js'
import { SignedGateway } from '../review/gateways/signed-gateway.js'
import { actionFixDeps } from './fix-deps.js'
import { setFixOutputs, setOutcomeOutputs } from './outputs.js'
import { actionLog, runSecrets, type ReviewDepsInput } from './review-deps.js'

export interface FixModeInput {
  readonly request: ReviewRequest
  readonly config: Config
  readonly client: GitHubClient
  /** How the review of each fix commit is run (the review's own deps input). */
  readonly review: ReviewDepsInput
  /** Wraps the fixer's sandbox (RunOptions.fixerSandbox); absent: the opencode sandbox as it is. */
  readonly wrapSandbox?: (sandbox: FixerSandbox) => FixerSandbox
}

/** Whether this run fixes after its review: asked by a mention, or auto_fix on a review run. */
export function fixModeWanted(request: ReviewRequest, config: Config): boolean {
  return request.fix === true || (config.autoFix && request.trigger !== 'reply')
}

function refused(reason: string): FixLoopResult {
  return { status: 'refused', reason, rounds: [], stuck: [], open: [], deferred: [] }
}

/** Why fix mode cannot run on this pull request, or its verification settings. */
async function settingsOrRefusal(
  pr: PullRequestData,
  gateway: ReviewGateway,
  config: Config
): Promise<{ verify: FixSettings; minScore: number } | { refusal: string }> {
  if (!isSameRepositoryPullRequest(pr)) {
    return {
      refusal: `Fix mode commits only to branches of this repository; ${pr.headRef} is in ${pr.headRepository ?? 'a deleted fork'}.`
    }
  }
  if (config.dryRun) return { refusal: 'dry_run is on: fix mode commits nothing in a dry run.' }
  const text = await gateway.readFile(REPO_CONFIG_PATH, pr.baseSha)
  const file = text === undefined ? {} : parseRepoConfig(text)
  if (file.fix === undefined) {
    return {
      refusal: `Fix mode needs the commands that verify a fix: add \`fix: { verify: ["npm ci", "npm run build"] }\` (your repository's own) to ${REPO_CONFIG_PATH} on the base branch.`
    }
  }
  const threshold = effectiveConfig(config, file).config.problemScoreThreshold
  return { verify: file.fix, minScore: threshold }
}

async function loop(
  input: FixModeInput,
  gateway: ReviewGateway,
  onReview: (o: ReviewOutcome) => void
) {
  const pr = await gateway.getPullRequest()
  const settings = await settingsOrRefusal(pr, gateway, input.config)
  if ('refusal' in settings) return refused(settings.refusal)
  const secrets = runSecrets(input.config, input.review.processEnv)
  const deps = actionFixDeps({
    request: input.request,
    config: input.config,
    gateway,
    client: input.client,
    pr,
    verify: settings.verify,
    secrets,
    fixer: {
      sandbox: (input.wrapSandbox ?? ((sandbox: FixerSandbox) => sandbox))(
        opencodeFixerSandbox(input.config, {
          checkout: input.review.checkout,
          apiKey: input.config.opencodeApiKey,
          providerEnv: readProviderCredentials(input.config.providerEnv, input.review.processEnv)
            .values,
          log: actionLog,
          env: input.review.processEnv,
          // The post step stops the fixer's sidecar too if the job is cancelled.
          saveState: new SidecarStates((name, value) => core.saveState(name, value)).slot(),
          ...(input.review.resolver === undefined ? {} : { resolver: input.review.resolver })
        })
      ),
      prompts: FIXER_PROMPTS,
      deadlineMs: input.review.passDeadlineMs ?? input.config.passTimeoutMinutes * 60_000
    },
    review: input.review,
    onReview
  })
  return runFixLoop(deps, {
    reviewedHead: pr.headSha,
    checkout: input.review.checkout,
    maxRounds: input.config.fixMaxRounds,
    minScore: settings.minScore,
    repoConfigPath: REPO_CONFIG_PATH,
    secrets
  })
}

/**
 * Runs fix mode. The review outputs then describe the last review of a fix
 * commit (the pull request as it now is), the fix outputs how the loop ended.
 */
export async function runFixMode(input: FixModeInput): Promise<void> {
  const { request, config } = input
  const github = new GitHubReviewGateway({
    client: input.client,
    pullRequest: { owner: request.owner, repo: request.repo, number: request.prNumber },
    log: (message) => core.info(message)
  })
  const gateway = config.stateKey === '' ? github : new SignedGateway(github, config.stateKey)
  let lastReview: ReviewOutcome | undefined
  let result: FixLoopResult
  try {
    result = await core.group('Fix mode', () => loop(input, gateway, (o) => (lastReview = o)))
  } catch (error) {
    result = { ...refused(`Fix mode failed: ${getErrorMessage(error)}`) }
  }
  if (lastReview?.kind === 'reviewed') setOutcomeOutputs(lastReview)
  await report(result, input, gateway)
}

async function report(result: FixLoopResult, input: FixModeInput, gateway: ReviewGateway) {
  const status: FixStatus = result.status
  const commits = fixCommits(result)
  core.info(`Fix mode: ${status}. ${result.reason}`)
  if (status === 'refused' && result.rounds.length === 0) core.warning(result.reason)
  setFixOutputs(status, commits)
  const secrets = runSecrets(input.config, input.review.processEnv)
  const body = composeFixReport(fixReportInput(result, input.config.fixMaxRounds), secrets)
  try {
    await gateway.postIssueComment(body)
  } catch (error) {
    core.warning(`Could not post the fix report: ${getErrorMessage(error)}`)
  }
}
