/**
 * End-to-end review runs: the action's real run() with the real opencode
 * binary, a scripted fake model and the fake GitHub server. A scenario seeds
 * a pull request (in GitHub and as a git checkout), runs the action on a push
 * with the model's inputs, and leaves GitHub's state to read back. The
 * model's script helpers live in model-script.ts and are re-exported here,
 * the one module most tests import.
 */
import { rm } from 'node:fs/promises'
import type { Resolver } from '../../src/egress/target-decision.js'
import { makeGitCheckout, scratchGit } from '../opencode/checkout.js'
import type { FixerSandbox } from '../../src/ports/fixer-sandbox.js'
import type { AgentStart } from '../../src/ports/review-engine.js'
import { runAction, type ActionRunResult } from '../support/action-run.js'
import type { FakePullRequest } from '../support/fake-github/pull-state.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'
import {
  FAKE_API_KEY,
  FAKE_MODEL,
  FakeModel,
  fakeProviderOverrides
} from '../support/fake-model/index.js'
import { OPENCODE_BIN } from '../support/fake-model/sidecar.js'
import { example } from '../support/webhook-examples.js'
import { playing } from './model-script.js'

export { pass, tool, toolResults, userMessages } from './model-script.js'

export const OWNER = 'Codertocat'
export const REPO = 'Hello-World'
export const NUMBER = 42
export const GITHUB_TOKEN = 'ghs_e2eFakeInstallationToken0001'
export const BASE_SHA = 'ba5e'.padEnd(40, '0')

/** A file added by the PR: every line of `lines` is on the new side of the diff. */
export function addedFile(path: string, lines: readonly string[]) {
  return {
    checkout: { [path]: `${lines.join('\n')}\n` },
    github: {
      filename: path,
      status: 'added',
      additions: lines.length,
      deletions: 0,
      patch: [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((line) => `+${line}`)].join('\n')
    }
  }
}

export interface ScenarioFile {
  readonly checkout: Record<string, string>
  readonly github: {
    filename: string
    status: string
    additions: number
    deletions: number
    patch?: string
  }
}

export interface Scenario {
  readonly github: FakeGitHub
  readonly pr: FakePullRequest
  readonly model: FakeModel
  readonly checkout: string
  run(options?: {
    inputs?: Record<string, string>
    passDeadlineMs?: number
    /**
     * The head before the push (the synchronize payload's `before`, with
     * `after` set to the PR's head); unset keeps the example payload's.
     */
    before?: string
    /** More runner variables (PATH, HTTPS_PROXY, ...). */
    env?: Record<string, string>
    /** The egress filter's resolver instead of the runner's DNS. */
    resolver?: Resolver
    /**
     * The run's agents play the model's script without opencode (no
     * sidecar boots): for a run that only prepares what a later run reads.
     * A predicate plays only the starts it picks; the others boot sidecars.
     */
    played?: boolean | ((start: AgentStart) => boolean)
    /** Fix mode's fixer played in its real copy (fixer-player.ts), no sidecar. */
    fixer?: (sandbox: FixerSandbox) => FixerSandbox
  }): Promise<ActionRunResult>
  stop(): Promise<void>
}

/**
 * Where a scenario's PR starts: BASE_SHA by default. Its head is always the
 * checkout's real HEAD commit, as on a runner whose checkout is the PR head
 * (the action refuses any other checkout).
 */
export interface ScenarioStart {
  readonly baseSha?: string
  /** Serve GitHub Enterprise Server's URL shapes (REST under /api/v3, GraphQL at /api/graphql). */
  readonly enterprise?: boolean
}

/** The commit the checkout has checked out. */
export function checkoutHead(checkout: string): string {
  return scratchGit(checkout, 'rev-parse', 'HEAD').trim()
}

export async function startScenario(
  files: readonly ScenarioFile[],
  start: ScenarioStart = {}
): Promise<Scenario> {
  const github = await new FakeGitHub({ enterprise: start.enterprise ?? false }).start()
  github.state.addUser('octocat')
  const model = await FakeModel.start()
  const scenario = await scenarioPr(github, model, NUMBER, files, start.baseSha ?? BASE_SHA)
  return {
    ...scenario,
    async stop() {
      await scenario.stop()
      await model.stop()
      await github.stop()
    }
  }
}

/**
 * Another pull request in the scenario's repository, with its own checkout
 * and the same GitHub and model: its `run` reviews that PR, its `stop`
 * removes only its checkout.
 */
export function addScenarioPr(
  scenario: Scenario,
  number: number,
  files: readonly ScenarioFile[]
): Promise<Scenario> {
  return scenarioPr(scenario.github, scenario.model, number, files, BASE_SHA)
}

async function scenarioPr(
  github: FakeGitHub,
  model: FakeModel,
  number: number,
  files: readonly ScenarioFile[],
  baseSha: string
): Promise<Scenario> {
  const checkout = await makeGitCheckout(Object.assign({}, ...files.map((file) => file.checkout)))
  const pr = github.state.addPullRequest(OWNER, REPO, number, {
    title: 'Add refunds',
    body: 'Adds partial refunds.',
    headSha: checkoutHead(checkout),
    baseSha,
    files: files.map((file) => ({ ...file.github }))
  })
  return {
    github,
    pr,
    model,
    checkout,
    async run(options = {}) {
      const payload = example('pull_request', 'synchronize')
      payload.number = number
      payload.pull_request.number = number
      payload.pull_request.head.sha = pr.headSha
      payload.pull_request.draft = false
      if (options.before !== undefined) {
        payload.before = options.before
        payload.after = pr.headSha
      }
      return runAction({
        eventName: 'pull_request',
        payload,
        apiUrl: github.url,
        inputs: { ...modelInputs(model), ...options.inputs },
        env: {
          GITHUB_WORKSPACE: checkout,
          GITHUB_SERVER_URL: 'https://github.com',
          ...options.env
        },
        options: {
          msPerSecond: 1,
          passDeadlineMs: options.passDeadlineMs ?? 60_000,
          ...(options.resolver === undefined ? {} : { resolver: options.resolver }),
          ...(options.played === undefined || options.played === false
            ? {}
            : { startAgent: playing(model, options.played) }),
          ...(options.fixer === undefined ? {} : { fixerSandbox: options.fixer })
        }
      })
    },
    async stop() {
      await rm(checkout, { recursive: true, force: true })
    }
  }
}

/**
 * A push that changes no file: a new commit in the checkout, and the PR's
 * head moved to it. Returns the old head.
 */
export function pushEmptyCommit(scenario: Scenario): string {
  const from = scenario.pr.headSha
  scratchGit(scenario.checkout, 'commit', '-q', '--allow-empty', '-m', 'empty push')
  scenario.pr.headSha = checkoutHead(scenario.checkout)
  return from
}

/** The inputs `Scenario.run` passes, for runs on other events. */
export function scenarioInputs(
  scenario: Scenario,
  extra: Record<string, string> = {}
): Record<string, string> {
  return { ...modelInputs(scenario.model), ...extra }
}

function modelInputs(model: FakeModel): Record<string, string> {
  return {
    github_token: GITHUB_TOKEN,
    model: FAKE_MODEL,
    opencode_api_key: FAKE_API_KEY,
    opencode_config: JSON.stringify(fakeProviderOverrides(model.baseURL)),
    opencode_path: OPENCODE_BIN
  }
}
