/**
 * End-to-end review runs: the action's real run() with the real opencode
 * binary, a scripted fake model and the fake GitHub server. A scenario seeds
 * a pull request (in GitHub and as a git checkout), scripts the model, runs
 * the action, and reads back what GitHub ended up holding.
 */
import { rm } from 'node:fs/promises'
import type { Resolver } from '../../src/egress/target-decision.js'
import { makeGitCheckout, scratchGit } from '../opencode/checkout.js'
import type { RunOptions } from '../../src/main.js'
import type { FixerSandbox } from '../../src/ports/fixer-sandbox.js'
import type { AgentStart } from '../../src/ports/review-engine.js'
import { runAction, type ActionRunResult } from '../support/action-run.js'
import type { FakeActor, FakePullRequest } from '../support/fake-github/pull-state.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'
import {
  FAKE_API_KEY,
  FAKE_MODEL,
  FakeModel,
  fakeProviderOverrides,
  scriptPlayer,
  type ScriptStep,
  type ScriptedToolCall
} from '../support/fake-model/index.js'
import { OPENCODE_BIN } from '../support/fake-model/sidecar.js'
import { example, prReviewReply, type Payload } from '../support/webhook-examples.js'

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

/** RunOptions.startAgent: the starts `which` picks play the model's script, the others boot. */
function playing(
  model: FakeModel,
  which: true | ((start: AgentStart) => boolean)
): NonNullable<RunOptions['startAgent']> {
  const player = scriptPlayer(model)
  return (start, sidecar) => (which === true || which(start) ? player.start(start) : sidecar(start))
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

export const tool = {
  post(
    file: string,
    line: number,
    score: number,
    finding: string,
    extra: Record<string, unknown> = {}
  ): ScriptedToolCall {
    return {
      name: 'github_post_review_comment',
      arguments: {
        file,
        line,
        body: `${finding}. Details for the developer.`,
        assessment: { finding, assessment: `Why "${finding}" matters here.`, score },
        ...extra
      }
    }
  },
  submit(pass: number, summary = `Pass ${pass} done.`, blocking = false): ScriptedToolCall {
    return {
      name: 'submit_pass_results',
      arguments: { pass_number: pass, summary, has_blocking_issues: blocking }
    }
  },
  resolve(threadId: string, reason: string): ScriptedToolCall {
    return { name: 'github_resolve_thread', arguments: { thread_id: threadId, reason } }
  },
  reply(threadId: string, body: string, isConcession: boolean): ScriptedToolCall {
    return {
      name: 'github_reply_to_thread',
      arguments: { thread_id: threadId, body, is_concession: isConcession }
    }
  }
}

/**
 * One pass as the model plays it: the pass's own tool calls (if any), then
 * submit_pass_results, then a closing text that ends the turn.
 */
export function pass(number: number, calls: readonly ScriptedToolCall[] = []): ScriptStep[] {
  return [
    ...(calls.length === 0 ? [] : [{ toolCalls: [...calls] }]),
    { toolCalls: [tool.submit(number)] },
    { text: `Pass ${number} complete.` }
  ]
}

type ChatBody = { messages?: Array<{ role: string; content: unknown }> }

/** The text of every message with `role` in one request to the model. */
function messagesOf(body: ChatBody, role: string): string[] {
  return (body.messages ?? [])
    .filter((message) => message.role === role)
    .map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content)
    )
}

/** The prompts the model received in one request (role "user"). */
export const userMessages = (body: ChatBody): string[] => messagesOf(body, 'user')

/** The tool results the model was sent back in one request (role "tool"). */
export const toolResults = (body: ChatBody): string[] => messagesOf(body, 'tool')

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

/**
 * A pull_request_review_comment.created payload for a reply that is already
 * in GitHub (seed it first): `comment` is that reply, answering `inReplyToId`
 * (the thread's root comment). The payload's PR is the scenario's, with its
 * author, head and number.
 */
export function replyEvent(
  scenario: Scenario,
  comment: { readonly id: number; readonly body: string; readonly author: FakeActor },
  inReplyToId: number | null
): Payload {
  const payload = prReviewReply(
    comment.body,
    comment.author.login,
    comment.author.type,
    inReplyToId
  )
  payload.comment.id = comment.id
  payload.number = scenario.pr.number
  payload.pull_request.number = scenario.pr.number
  payload.pull_request.head.sha = scenario.pr.headSha
  payload.pull_request.user = { ...payload.pull_request.user, login: scenario.pr.author.login }
  return payload
}

/**
 * Runs the action on a pull_request_review_comment event (a reply in a
 * review thread) with the scenario's inputs, as `Scenario.run` does for a push.
 */
export function runReply(
  scenario: Scenario,
  payload: Payload,
  options: { inputs?: Record<string, string>; passDeadlineMs?: number; played?: true } = {}
): Promise<ActionRunResult> {
  return runAction({
    eventName: 'pull_request_review_comment',
    payload,
    apiUrl: scenario.github.url,
    actor: String(payload.sender?.login ?? 'Codertocat'),
    inputs: scenarioInputs(scenario, options.inputs),
    env: { GITHUB_WORKSPACE: scenario.checkout, GITHUB_SERVER_URL: 'https://github.com' },
    options: {
      msPerSecond: 1,
      passDeadlineMs: options.passDeadlineMs ?? 60_000,
      ...(options.played === true ? { startAgent: playing(scenario.model, true) } : {})
    }
  })
}

/**
 * Every request that changed GitHub: REST calls other than GET, and GraphQL
 * mutations (a GraphQL query is a POST too, but only reads).
 */
export function githubWrites(github: FakeGitHub): string[] {
  return github.requests
    .filter((request) => {
      if (request.method === 'GET') return false
      if (request.route !== 'POST /graphql') return true
      const query = (request.body as { query?: unknown } | undefined)?.query
      return typeof query !== 'string' || /(^|\n)\s*mutation\b/.test(query)
    })
    .map((request) => `${request.method} ${request.path}`)
}

/**
 * Makes every request to `route` (a template, e.g. "POST /graphql") wait
 * `ms` before it is handled, so calls that arrive together overlap in
 * flight, as they do against the real API.
 */
export function slowRoute(github: FakeGitHub, route: string, ms: number): void {
  const match = github.router.match.bind(github.router)
  github.router.match = (method, path) => {
    const found = match(method, path)
    if (found === undefined || found.key !== route) return found
    return {
      ...found,
      handler: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, ms))
        return found.handler(request)
      }
    }
  }
}
