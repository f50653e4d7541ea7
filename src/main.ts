/**
 * Composition root: inputs -> trigger -> authorization -> review engine.
 * The only module that wires adapters to the rest.
 */
import * as core from '@actions/core'
import { ConfigError, parseConfig, SECRET_INPUTS } from './config/action-config.js'
import { readEnvironment, readEventPayload } from './action/environment.js'
import { setOutcomeOutputs } from './action/outputs.js'
import { reviewEngineDeps } from './action/review-deps.js'
import { GitHubActorDirectory } from './github/github-actor-directory.js'
import { createGitHubClient } from './github/octokit.js'
import type { ReviewEngine } from './ports/review-engine.js'
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
}

function skipRun(reason: string): void {
  core.info(`No review: ${reason}`)
  setOutcomeOutputs({ kind: 'skipped', reason })
}

export async function run(options: RunOptions = {}): Promise<void> {
  try {
    // Mask secrets before anything can echo them, valid or not.
    for (const name of SECRET_INPUTS) {
      const value = core.getInput(name)
      if (value !== '') core.setSecret(value)
    }
    const config = parseConfig((name) => core.getInput(name))
    const env = readEnvironment(options.env ?? process.env)
    const payload = await readEventPayload(env.eventPath)
    const decision = decideTrigger(
      {
        eventName: env.eventName,
        payload,
        actor: env.actor,
        providerEnvSet: providerEnvSet(config, options.env ?? process.env)
      },
      config
    )
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
        return
      } else {
        core.info(`Authorized: ${verdict.reason}.`)
      }
    }
    if (request.trigger === 'reply' && request.replyBy === undefined) {
      request = { ...request, replyBy: 'developer' }
    }
    core.info(
      `Reviewing ${request.owner}/${request.repo}#${request.prNumber} (${request.trigger} by ${request.actor}).`
    )
    const processEnv = options.env ?? process.env
    const engine =
      options.engine ??
      new ReviewRunner(
        reviewEngineDeps({
          client,
          config,
          env,
          checkout: processEnv['GITHUB_WORKSPACE'] || process.cwd(),
          processEnv,
          ...(options.msPerSecond === undefined ? {} : { msPerSecond: options.msPerSecond }),
          ...(options.passDeadlineMs === undefined
            ? {}
            : { passDeadlineMs: options.passDeadlineMs })
        })
      )
    const outcome = await engine.review(request, config)
    if (outcome.kind === 'skipped') {
      skipRun(outcome.reason)
      return
    }
    setOutcomeOutputs(outcome)
  } catch (error) {
    if (error instanceof ReviewFailedError && error.outcome !== undefined) {
      setOutcomeOutputs(error.outcome)
    }
    const message =
      error instanceof ConfigError ? error.problems.join('\n') : getErrorMessage(error)
    core.setFailed(message)
  }
}
