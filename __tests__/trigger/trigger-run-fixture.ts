/**
 * The trigger tests' fixture: a fake GitHub with the example repositories'
 * users and permissions, started and stopped around each test by
 * `useTriggerGitHub`, whose `trigger` runs the action on a webhook payload
 * with an engine that records what it was asked to review (`recordingEngine`).
 */
import type { Config } from '../../src/config/action-config.js'
import type { ReviewEngine } from '../../src/ports/review-engine.js'
import type { ReviewRequest } from '../../src/core/pull-request/review-request.js'
import { runAction } from '../support/action-run.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'
import { example, type Payload } from '../support/webhook-examples.js'

export const OWNER = 'Codertocat'
export const REPO = 'Hello-World'
export const PERMISSION_ROUTE = 'GET /repos/:owner/:repo/collaborators/:login/permission'
const inputs = {
  github_token: 'ghs_faketoken123',
  model: 'openai/gpt-4o',
  opencode_api_key: 'sk-test-key'
}

/** An engine that records what it was asked to review and claims nothing. */
export function recordingEngine(): ReviewEngine & { requests: ReviewRequest[]; configs: Config[] } {
  const requests: ReviewRequest[] = []
  const configs: Config[] = []
  return {
    requests,
    configs,
    async review(request, config) {
      requests.push(request)
      configs.push(config)
      return {
        kind: 'reviewed',
        verdict: 'approve',
        findingsPosted: 0,
        findingsSuppressed: 0,
        threadsResolved: 0
      }
    }
  }
}

/** Runs the action on `payload` against `github`; `request` is what the engine was asked. */
async function triggerWith(
  github: FakeGitHub,
  eventName: string,
  payload: Payload,
  extraInputs: Record<string, string> = {}
) {
  const engine = recordingEngine()
  const result = await runAction({
    eventName,
    payload,
    inputs: { ...inputs, ...extraInputs },
    apiUrl: github.url,
    options: { engine, msPerSecond: 1 }
  })
  return { ...result, engine, request: engine.requests[0] }
}

/** `triggerWith`'s arguments after the fake GitHub. */
type TriggerArgs = Parameters<typeof triggerWith> extends [FakeGitHub, ...infer Rest] ? Rest : never

/**
 * A started fake GitHub: Codertocat may write, reader may read, maintainer
 * may maintain, in the repositories of the pull_request/issue_comment
 * examples and of the workflow_dispatch example.
 */
async function startTriggerGitHub(): Promise<FakeGitHub> {
  const github = await new FakeGitHub().start()
  for (const login of ['Codertocat', 'reader', 'stranger', 'maintainer'])
    github.state.addUser(login)
  const dispatchRepo = example('workflow_dispatch').repository
  for (const [owner, repo] of [
    [OWNER, REPO],
    [dispatchRepo.owner.login, dispatchRepo.name]
  ]) {
    github.state.grant(owner, repo, 'Codertocat', 'write')
    github.state.grant(owner, repo, 'reader', 'read')
    github.state.grant(owner, repo, 'maintainer', 'maintain')
  }
  return github
}

/**
 * Registers hooks that start `startTriggerGitHub` before each test and stop
 * it after; returns the running fake GitHub and `trigger`, `triggerWith` on it.
 */
export function useTriggerGitHub() {
  let github: FakeGitHub | undefined
  beforeEach(async () => {
    github = await startTriggerGitHub()
  })
  afterEach(async () => {
    await github?.stop()
    github = undefined
  })
  const running = (): FakeGitHub => {
    if (github === undefined) throw new Error('the fake GitHub runs only inside a test')
    return github
  }
  const trigger = (...args: TriggerArgs) => triggerWith(running(), ...args)
  return { github: running, trigger }
}
