/**
 * The real review engine's adapters, wired for one run: the GitHub gateway
 * (the only holder of the token), the tool bridge on loopback, and the
 * OpenCode sidecar that reaches our tools only through that bridge.
 */
import * as core from '@actions/core'
import type { Config } from '../config/action-config.js'
import { getErrorMessage } from '../core/errors/error-message.js'
import type { JobSummaryInput as RunReport } from '../core/reports/run-report.js'
import { GitHubActorDirectory } from '../github/github-actor-directory.js'
import { GitHubReviewGateway } from '../github/github-review-gateway.js'
import { createTeamMemoryStore } from '../github/github-memory-store.js'
import type { GitHubClient } from '../github/octokit.js'
import {
  bootBridgedAgent,
  startBridgedAgent,
  type BridgedAgentOptions
} from '../opencode/bridged-agent.js'
import type { Resolver } from '../egress/target-decision.js'
import { SidecarStates } from '../opencode/leftover.js'
import { readCheckoutHead } from '../process/git-head.js'
import { trustedPath } from '../process/trusted-path.js'
import {
  isSecretCredential,
  missingCredentialsWarning,
  readProviderCredentials
} from '../opencode/provider-credentials.js'
import type { ReviewLog } from '../ports/agent-session.js'
import type { ReviewRequest } from '../core/pull-request/review-request.js'
import type {
  AgentHandle,
  AgentStart,
  ReportFiles,
  ReviewEngineDeps
} from '../ports/review-engine.js'
import type { ActionEnvironment } from './environment.js'
import { writeJobSummary } from './job-summary.js'
import { writeSarifFile } from './sarif-file.js'

export const actionLog: ReviewLog = {
  debug: (message) => core.debug(message),
  info: (message) => core.info(message),
  warning: (message) => core.warning(message),
  group: (title, body) => core.group(title, body)
}

export interface ReviewDepsInput {
  readonly client: GitHubClient
  readonly config: Config
  readonly env: ActionEnvironment
  /** The checked-out PR the agent reads (GITHUB_WORKSPACE). */
  readonly checkout: string
  readonly processEnv: Readonly<Record<string, string | undefined>>
  readonly msPerSecond?: number
  readonly passDeadlineMs?: number
  /**
   * Boot the primary reviewer's agent right away, while the run reads the
   * pull request (see agentsOfRun); the caller must call releaseAgents().
   */
  readonly bootAgentAhead?: boolean
  /** The egress filter's resolver; default: the runner's DNS (tests pass a table). */
  readonly resolver?: Resolver
}

/** The deps of one run, and the end of its agents. */
export interface ActionEngineDeps extends ReviewEngineDeps {
  /**
   * Settles once the agent booted ahead has its process spawned (at once
   * when there is none), or after SPAWN_HEAD_START_MS at the latest.
   */
  agentSpawned(): Promise<void>
  /** Stops an agent booted ahead that the run did not start; call when the run ends. */
  releaseAgents(): Promise<void>
}

/**
 * How long the run lets the agent booted ahead get to its spawn before it
 * reads the pull request: a binary found at once spawns within a few hundred
 * ms; one being installed (minutes) does not hold the run up.
 */
export const SPAWN_HEAD_START_MS = 1_000

/** `spawned`, or `ms` passed, whichever comes first. */
async function atMost(spawned: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
  await Promise.race([spawned, timeout])
  clearTimeout(timer)
}

/**
 * The `provider_env` values for the sidecar, each secret one masked in the
 * log (and redacted from posted text through `secrets`); a listed name the job does
 * not set gets a warning.
 */
function providerCredentials(
  names: readonly string[],
  processEnv: Readonly<Record<string, string | undefined>>
): Readonly<Record<string, string>> {
  const { values, missing } = readProviderCredentials(names, processEnv)
  const warning = missingCredentialsWarning(missing)
  if (warning !== undefined) core.warning(warning)
  for (const [name, value] of Object.entries(values)) {
    if (isSecretCredential(name)) core.setSecret(value)
  }
  return values
}

/** The credential values to redact from posted text (settings such as a region are not). */
function secretValues(values: Readonly<Record<string, string>>): string[] {
  return Object.entries(values)
    .filter(([name]) => isSecretCredential(name))
    .map(([, value]) => value)
}

/**
 * How the run starts its agents. With `bootAgentAhead`, the primary
 * reviewer's agent (the `model` input) boots now, so its sidecar is up by the
 * time the review has read the pull request, created its check run and
 * checked the checkout; the review's first start for that model takes it,
 * with the review's own system prompt and tools, and nothing reaches the
 * model before that. Every other start (another reviewer model, a
 * confirmer, a second start) boots its own. An agent booted ahead that the
 * run never starts (a skipped run, a failed one) is stopped by release().
 */
function agentsOfRun(
  input: ReviewDepsInput,
  providerEnv: Readonly<Record<string, string>>
): {
  start(start: AgentStart): Promise<AgentHandle>
  spawned(): Promise<void>
  release(): Promise<void>
} {
  // Several reviewer models run a sidecar each: the post step must know them all.
  const sidecarStates = new SidecarStates((name, value) => core.saveState(name, value))
  const options = (): BridgedAgentOptions => ({
    checkout: input.checkout,
    apiKey: input.config.opencodeApiKey,
    providerEnv,
    log: actionLog,
    env: input.processEnv,
    saveState: sidecarStates.slot(),
    ...(input.resolver === undefined ? {} : { resolver: input.resolver })
  })
  const ahead =
    input.bootAgentAhead === true ? bootBridgedAgent(input.config, options()) : undefined
  return {
    start: (start) => ahead?.claim(start) ?? startBridgedAgent(start, input.config, options()),
    spawned: () =>
      ahead === undefined ? Promise.resolve() : atMost(ahead.spawned, SPAWN_HEAD_START_MS),
    release: async () => ahead?.release()
  }
}

/** Exact values of the run's secrets (token, model key, state key, provider credentials). */
export function runSecrets(
  config: Config,
  processEnv: Readonly<Record<string, string | undefined>>
): string[] {
  const { values } = readProviderCredentials(config.providerEnv, processEnv)
  return [
    config.githubToken,
    config.opencodeApiKey,
    config.stateKey,
    ...secretValues(values)
  ].filter((value) => value.length >= 8)
}

export function reviewEngineDeps(input: ReviewDepsInput): ActionEngineDeps {
  const { config, env } = input
  const providerEnv = providerCredentials(config.providerEnv, input.processEnv)
  const secrets = runSecrets(config, input.processEnv)
  const agents = agentsOfRun(input, providerEnv)
  return {
    gatewayFor: (request) =>
      new GitHubReviewGateway({
        client: input.client,
        pullRequest: { owner: request.owner, repo: request.repo, number: request.prNumber },
        log: (message) => core.info(message),
        ...(input.msPerSecond === undefined ? {} : { msPerSecond: input.msPerSecond })
      }),
    directoryFor: (request) => new GitHubActorDirectory(input.client, request.owner, request.repo),
    ...(config.teamMemory
      ? {
          teamMemoryFor: (request: ReviewRequest) =>
            createTeamMemoryStore({
              client: input.client,
              owner: request.owner,
              repo: request.repo,
              botLogins: config.botLogins,
              ...(input.msPerSecond === undefined ? {} : { msPerSecond: input.msPerSecond })
            })
        }
      : {}),
    checkoutHead: async () =>
      readCheckoutHead(input.checkout, await trustedPath(input.processEnv, [input.checkout])),
    now: () => new Date(),
    startAgent: (start) => agents.start(start),
    agentSpawned: () => agents.spawned(),
    releaseAgents: () => agents.release(),
    log: actionLog,
    secrets,
    ...(input.passDeadlineMs === undefined ? {} : { passDeadlineMs: input.passDeadlineMs }),
    runUrl: `${env.serverUrl}/${env.repository}/actions/runs/${env.runId}`,
    // The job summary is a report, not the review: failing to write it only warns.
    report: async (report) => {
      try {
        await writeJobSummary(report, secrets)
      } catch (error) {
        core.warning(`Could not write the job summary: ${getErrorMessage(error)}`)
      }
      return writeReviewSarif(report, input, secrets)
    }
  }
}

/** A full review's SARIF file; failing to write it only warns, and the output stays empty. */
async function writeReviewSarif(
  report: RunReport,
  input: ReviewDepsInput,
  secrets: readonly string[]
): Promise<ReportFiles> {
  if (report.openFindings === undefined) return {}
  try {
    const sarifFile = await writeSarifFile({
      findings: report.openFindings,
      secrets,
      runnerTemp: input.processEnv['RUNNER_TEMP'],
      runId: input.env.runId,
      serverUrl: input.env.serverUrl,
      actionRepository: input.processEnv['GITHUB_ACTION_REPOSITORY']
    })
    core.info(`SARIF of ${report.openFindings.length} open finding(s) written to ${sarifFile}.`)
    return { sarifFile }
  } catch (error) {
    core.warning(`Could not write the SARIF file: ${getErrorMessage(error)}`)
    return {}
  }
}
