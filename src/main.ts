/**
 * Composition root: inputs -> trigger -> authorization -> review engine.
 * The only module that wires adapters to the rest.
 */
import * as core from '@actions/core'
import { ConfigError, parseConfig, SECRET_INPUTS, type Config } from './config/action-config.js'
import { readEnvironment, readEventPayload, type ActionEnvironment } from './action/environment.js'
import { setOutcomeOutputs } from './action/outputs.js'
import { fixModeWanted, runFixMode } from './action/fix-mode.js'
import { reviewEngineDeps, type ReviewDepsInput } from './action/review-deps.js'
import type { ReviewRequest, TriggerDecision } from './core/pull-request/review-request.js'
import { GitHubActorDirectory } from './github/github-actor-directory.js'
import { createGitHubClient, type GitHubClient } from './github/octokit.js'
import type {
  AgentHandle,
  AgentStart,
  ReviewEngine,
  ReviewEngineDeps,
  ReviewOutcome
} from './ports/review-engine.js'
import type { Resolver } from './egress/target-decision.js'
import type { FixerSandbox } from './ports/fixer-sandbox.js'
import { ReviewFailedError } from './review/preparation/review-failure.js'
import { ReviewRunner } from './review/run/review-runner.js'
import { authorizeActor } from './trigger/authorize.js'
import { getErrorMessage } from './core/errors/error-message.js'
import { decideTrigger } from './trigger/event.js'
import { providerEnvSet } from './trigger/no-secrets.js'

export interface RunOptions {
  /** The review engine; the four-pass engine over GitHub and OpenCode by default. */
  readonly engine?: ReviewEngine
  readonly env?: NodeJS.ProcessEnv
  /** Milliseconds per retry-after second (tests shrink waits). */
  readonly msPerSecond?: number
  /** Per-pass deadline instead of pass_timeout_minutes (tests use seconds). */
  readonly passDeadlineMs?: number
  /** The egress filter's resolver instead of the runner's DNS (tests answer from a table). */
  readonly resolver?: Resolver
  /**
   * Starts the review's agents instead of the action (which boots an
   * opencode sidecar, `sidecar`): tests replay a script without booting one
   * for the starts they choose. Nothing is booted ahead.
   */
  readonly startAgent?: (
    start: AgentStart,
    sidecar: ReviewEngineDeps['startAgent']
  ) => Promise<AgentHandle>
  /**
   * Wraps fix mode's sandbox (the fixer's copy and agent): tests play the
   * fixer's script in the real copy without booting its sidecar.
   */
  readonly fixerSandbox?: (sandbox: FixerSandbox) => FixerSandbox
}

function skipRun(reason: string): void {
  core.info(`No review: ${reason}`)
  setOutcomeOutputs({ kind: 'skipped', reason })
}

/** Mask secrets before anything can echo them, valid or not. */
function maskSecretInputs(): void {
  for (const name of SECRET_INPUTS) {
    const value = core.getInput(name)
    if (value !== '') core.setSecret(value)
  }
}

async function decide(
  config: Config,
  env: ActionEnvironment,
  processEnv: NodeJS.ProcessEnv
): Promise<TriggerDecision> {
  const payload = await readEventPayload(env.eventPath)
  return decideTrigger(
    {
      eventName: env.eventName,
      payload,
      actor: env.actor,
      providerEnvSet: providerEnvSet(config, processEnv)
    },
    config
  )
}

/**
 * The request as the run takes it, or undefined when the actor may not
 * start it (the run is then skipped here).
 */
async function authorizedRequest(
  decision: Extract<TriggerDecision, { kind: 'review' }>,
  client: GitHubClient,
  config: Config
): Promise<ReviewRequest | undefined> {
  let request = decision.request
  if (decision.authorize) {
    const directory = new GitHubActorDirectory(client, request.owner, request.repo)
    // allowed_bots lets a bot ask for a review by mention, not hold a
    // conversation: a reply is answered for people only.
    const allowedBots = request.trigger === 'reply' ? [] : config.allowedBots
    const verdict = await authorizeActor(request.actor, directory, allowedBots)
    if (!verdict.allowed && request.trigger === 'reply') {
      // Bystanders reply in review threads all the time: no warning. The
      // engine still looks, in case this run displaced a review of a new head.
      core.info(`No answer to this reply: ${verdict.reason}.`)
      request = { ...request, replyBy: 'bystander' }
    } else if (!verdict.allowed) {
      core.warning(`Review not started: ${verdict.reason}.`)
      skipRun(`unauthorized: ${verdict.reason}`)
      return undefined
    } else {
      core.info(`Authorized: ${verdict.reason}.`)
    }
  }
  if (request.trigger === 'reply' && request.replyBy === undefined) {
    request = { ...request, replyBy: 'developer' }
  }
  return request
}

interface ReviewSetting {
  readonly config: Config
  readonly env: ActionEnvironment
  readonly client: GitHubClient
  readonly processEnv: NodeJS.ProcessEnv
  readonly options: RunOptions
}

/**
 * The review by the given engine, or by the action's own: its agent boots
 * now, while the engine reads the pull request, and whatever the run did
 * not use of it is stopped when the run ends.
 */
function reviewDepsInput(setting: ReviewSetting): ReviewDepsInput {
  const { config, options, processEnv } = setting
  return {
    client: setting.client,
    config,
    env: setting.env,
    checkout: processEnv['GITHUB_WORKSPACE'] || process.cwd(),
    processEnv,
    bootAgentAhead: options.startAgent === undefined,
    ...(options.msPerSecond === undefined ? {} : { msPerSecond: options.msPerSecond }),
    ...(options.passDeadlineMs === undefined ? {} : { passDeadlineMs: options.passDeadlineMs }),
    ...(options.resolver === undefined ? {} : { resolver: options.resolver })
  }
}

async function review(request: ReviewRequest, setting: ReviewSetting): Promise<ReviewOutcome> {
  const { config, options } = setting
  if (options.engine !== undefined) return options.engine.review(request, config)
  const actionDeps = reviewEngineDeps(reviewDepsInput(setting))
  const replace = options.startAgent
  const deps =
    replace === undefined
      ? actionDeps
      : {
          ...actionDeps,
          startAgent: (start: AgentStart) => replace(start, actionDeps.startAgent)
        }
  try {
    // The sidecar's spawn first: the review's GitHub reads would share this
    // process's one thread with the boot's own steps (export, network) and
    // delay the spawn that the first model request waits for; once it is
    // spawned, the reads overlap its seconds of start-up.
    await deps.agentSpawned()
    return await new ReviewRunner(deps).review(request, config)
  } finally {
    await deps.releaseAgents()
  }
}

function reportFailure(error: unknown): void {
  if (error instanceof ReviewFailedError && error.outcome !== undefined) {
    setOutcomeOutputs(error.outcome)
  }
  const message = error instanceof ConfigError ? error.problems.join('\n') : getErrorMessage(error)
  core.setFailed(message)
}

export async function run(options: RunOptions = {}): Promise<void> {
  try {
    maskSecretInputs()
    const config = parseConfig((name) => core.getInput(name))
    const processEnv = options.env ?? process.env
    const env = readEnvironment(processEnv)
    const decision = await decide(config, env, processEnv)
    if (decision.kind === 'skip') {
      if (decision.notice !== undefined) core.notice(decision.notice)
      skipRun(decision.reason)
      return
    }
    const client = createGitHubClient({
      token: config.githubToken,
      baseUrl: env.apiUrl,
      log: (message) => core.warning(message),
      debug: (message) => core.debug(message),
      ...(options.msPerSecond === undefined ? {} : { msPerSecond: options.msPerSecond })
    })
    const request = await authorizedRequest(decision, client, config)
    if (request === undefined) return
    core.info(
      `Reviewing ${request.owner}/${request.repo}#${request.prNumber} (${request.trigger} by ${request.actor}).`
    )
    const setting = { config, env, client, processEnv, options }
    const outcome = await review(request, setting)
    if (outcome.kind === 'skipped') {
      skipRun(outcome.reason)
      return
    }
    setOutcomeOutputs(outcome)
    // Fix mode needs the action's own adapters: a run with another engine never fixes.
    if (fixModeWanted(request, config) && options.engine === undefined) {
      await runFixMode({
        request,
        config,
        client,
        review: reviewDepsInput(setting),
        ...(options.fixerSandbox === undefined ? {} : { wrapSandbox: options.fixerSandbox })
      })
    }
  } catch (error) {
    reportFailure(error)
  }
}
