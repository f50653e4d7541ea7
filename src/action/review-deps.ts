/**
 * The real review engine's adapters, wired for one run: the GitHub gateway
 * (the only holder of the token), the tool bridge on loopback, and the
 * OpenCode sidecar that reaches our tools only through that bridge.
 */
import * as core from '@actions/core'
import { ToolBridge } from '../bridge/tool-bridge.js'
import type { Config } from '../config/config.js'
import { GitHubActorDirectory } from '../github/actor-directory.js'
import { GitHubReviewGateway } from '../github/review-gateway.js'
import type { GitHubClient } from '../github/octokit.js'
import { startOpencodeAgent } from '../opencode/agent-runtime.js'
import type { ReviewLog } from '../ports/agent-session.js'
import type { ReviewEngineDeps } from '../ports/review-engine.js'
import type { ActionEnvironment } from './environment.js'
import { writeJobSummary } from './job-summary.js'

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
}

export function reviewEngineDeps(input: ReviewDepsInput): ReviewEngineDeps {
  const { config, env } = input
  const secrets = [config.githubToken, config.opencodeApiKey, config.stateKey].filter(
    (value) => value.length >= 8
  )
  return {
    gatewayFor: (request) =>
      new GitHubReviewGateway({
        client: input.client,
        pullRequest: { owner: request.owner, repo: request.repo, number: request.prNumber },
        log: (message) => core.info(message),
        ...(input.msPerSecond === undefined ? {} : { msPerSecond: input.msPerSecond })
      }),
    directoryFor: (request) => new GitHubActorDirectory(input.client, request.owner, request.repo),
    now: () => new Date(),
    async startAgent({ systemPrompt, tools }) {
      const bridge = await ToolBridge.start({
        port: tools,
        onError: (error) =>
          core.warning(`tool bridge: ${error instanceof Error ? error.message : String(error)}`)
      })
      try {
        const agent = await startOpencodeAgent({
          checkout: input.checkout,
          model: config.model,
          apiKey: config.opencodeApiKey,
          enableWeb: config.enableWeb,
          overrides: config.opencodeConfig,
          opencodeVersion: config.opencodeVersion,
          opencodePath: config.opencodePath,
          mcpServers: bridge.mcpServers,
          systemPrompt,
          log: actionLog,
          env: input.processEnv,
          saveState: (name, value) => core.saveState(name, value)
        })
        return {
          session: agent.session,
          async stop() {
            await agent.stop()
            await bridge.close()
          }
        }
      } catch (error) {
        await bridge.close()
        throw error
      }
    },
    log: actionLog,
    secrets,
    ...(input.passDeadlineMs === undefined ? {} : { passDeadlineMs: input.passDeadlineMs }),
    runUrl: `${env.serverUrl}/${env.repository}/actions/runs/${env.runId}`,
    // The job summary is a report, not the review: failing to write it only warns.
    report: async (report) => {
      try {
        await writeJobSummary(report, secrets)
      } catch (error) {
        core.warning(
          `Could not write the job summary: ${error instanceof Error ? error.message : String(error)}`
        )
      }
    }
  }
}
