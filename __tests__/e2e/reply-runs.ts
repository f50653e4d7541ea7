/**
 * Runs on a reply in a review thread: the pull_request_review_comment
 * payload for a reply already seeded in the fake GitHub, and the action run
 * on it with the scenario's inputs.
 */
import { runAction, type ActionRunResult } from '../support/action-run.js'
import type { FakeActor } from '../support/fake-github/pull-state.js'
import { prReviewReply, type Payload } from '../support/webhook-examples.js'
import { scenarioInputs, type Scenario } from './harness.js'
import { playing } from './model-script.js'

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
