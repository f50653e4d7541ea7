/**
 * The review engine's deps for a local run: the same agent start as on a
 * runner (the tool bridge on loopback, then the read-only opencode sidecar
 * over a sanitized export, the model key held only by the loopback model
 * proxy), over a checkout of the reviewed head, with the local gateway in
 * place of GitHub. The run report is handed to the caller instead of being
 * written to a job summary.
 */
import type { Config } from '../config/action-config.js'
import type { JobSummaryInput as RunReport } from '../core/reports/run-report.js'
import { startBridgedAgent, type BridgedAgentOptions } from '../opencode/bridged-agent.js'
import { stopLeftoverSidecar } from '../opencode/leftover.js'
import { readCheckoutHead } from '../process/git-head.js'
import { trustedPath } from '../process/trusted-path.js'
import type { ActorDirectory } from '../ports/actor-directory.js'
import type { ReviewLog } from '../ports/agent-session.js'
import type { AgentHandle, AgentStart, ReviewEngineDeps } from '../ports/review-engine.js'
import type { ReviewGateway } from '../ports/review-gateway.js'
import { onInterrupt } from './interrupt-cleanups.js'
import type { LazyHeadCheckout } from './local-checkout.js'
import { readLocalLearnings } from './local-learnings.js'
import { normalizeLogin } from '../core/names/login.js'

export interface LocalDepsInput {
  readonly config: Config
  readonly env: Readonly<Record<string, string | undefined>>
  readonly log: ReviewLog
  readonly gateway: ReviewGateway
  /** The checkout of the reviewed head the agent reads. */
  readonly checkout: LazyHeadCheckout
  /** The developer's work tree: its files are the branch's, so no program is run from it. */
  readonly workTree: string
  /** The developer: the one person who speaks for the local pull request. */
  readonly developer: string
  /** The model key (OPENCODE_API_KEY); '' when provider credentials stand in for it. */
  readonly apiKey: string
  /** provider_env values for the sidecar. */
  readonly providerEnv: Readonly<Record<string, string>>
  /** Exact values never to be written into a comment. */
  readonly secrets: readonly string[]
  /** Receives the run's report. */
  readonly onReport: (report: RunReport) => void
  readonly passDeadlineMs?: number | undefined
  /** Starts the agents instead of the sidecar over the checkout (tests). */
  readonly startAgent?: ReviewEngineDeps['startAgent'] | undefined
  /** The repository's learnings file (the developer's dismissals teach it). */
  readonly learningsPath?: string | undefined
}

/** The learnings for a review; a corrupt file is set aside with a warning, as the state file is. */
async function readLearningsFor(input: LocalDepsInput, path: string) {
  const read = await readLocalLearnings(path)
  for (const warning of read.warnings) input.log.warning(warning)
  return read.learnings
}

/** Locally only the developer speaks for the branch; nobody else can reply in its threads. */
export function localDirectory(developer: string): ActorDirectory {
  return {
    actorType: async () => 'User',
    repositoryPermission: async (login) =>
      normalizeLogin(login) === normalizeLogin(developer)
        ? { permission: 'write' }
        : { permission: 'none' }
  }
}

/**
 * The environment the agent starts with: PATH without the entries inside the
 * developer's work tree (a `node_modules/.bin` a shell or npx put there), as
 * the action leaves out GITHUB_WORKSPACE's. The branch under review may be
 * someone else's pull request checked out locally: an `opencode`, `git` or
 * `rg` it ships must not run. The agent start itself leaves out the clone's.
 */
export async function withoutWorkTreePath(
  input: Pick<LocalDepsInput, 'env' | 'log' | 'workTree'>,
  checkout: string
): Promise<Readonly<Record<string, string | undefined>>> {
  const trusted = await trustedPath(input.env, [input.workTree, checkout])
  for (const { entry, reason } of trusted.dropped) {
    input.log.warning(
      `PATH entry ${JSON.stringify(entry)} left out, no program is run from it: ${reason}`
    )
  }
  return { ...input.env, PATH: trusted.path }
}

/** What an agent's start takes locally: the model credentials, the environment, the log. */
export type LocalAgentInput = Pick<
  LocalDepsInput,
  'env' | 'log' | 'workTree' | 'apiKey' | 'providerEnv'
>

/**
 * The sidecar's options for an agent over `checkout` (the reviewer's, or the
 * fixer's copy): the PATH without the work tree's entries and, since no
 * post step runs after a local run, an interrupt that stops the sidecar the
 * agent recorded (its process group and temp folders).
 */
export async function localAgentOptions(
  input: LocalAgentInput,
  checkout: string
): Promise<BridgedAgentOptions> {
  let unregister = (): void => undefined
  return {
    checkout,
    apiKey: input.apiKey,
    providerEnv: input.providerEnv,
    log: input.log,
    env: await withoutWorkTreePath(input, checkout),
    saveState: (_name, value) => {
      unregister()
      if (value !== '') {
        unregister = onInterrupt(() =>
          stopLeftoverSidecar({ getState: () => value, log: (m) => input.log.info(m) })
        )
      }
    }
  }
}

/** Starts the tool bridge, then the sidecar over the export of `checkout`. */
async function startAgent(
  input: LocalDepsInput,
  checkout: string,
  start: AgentStart
): Promise<AgentHandle> {
  return startBridgedAgent(start, input.config, await localAgentOptions(input, checkout))
}

export function localEngineDeps(input: LocalDepsInput): ReviewEngineDeps {
  const { learningsPath } = input
  return {
    gatewayFor: () => input.gateway,
    directoryFor: () => localDirectory(input.developer),
    async checkoutHead() {
      const { directory } = await input.checkout.get()
      return readCheckoutHead(directory, await trustedPath(input.env, [directory]))
    },
    async startAgent(start) {
      if (input.startAgent !== undefined) return input.startAgent(start)
      const { directory } = await input.checkout.get()
      return startAgent(input, directory, start)
    },
    log: input.log,
    secrets: input.secrets,
    runUrl: 'local:review',
    report: async (report) => {
      input.onReport(report)
    },
    now: () => new Date(),
    ...(learningsPath === undefined
      ? {}
      : { teamLearnings: () => readLearningsFor(input, learningsPath) }),
    ...(input.passDeadlineMs === undefined ? {} : { passDeadlineMs: input.passDeadlineMs })
  }
}
