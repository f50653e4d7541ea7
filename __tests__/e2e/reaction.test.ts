/**
 * Feedback that a review is under way, end to end (the action's run() on an
 * issue_comment mention, the scripted model, the fake GitHub): the mention
 * gets 👀 before anything else is written, and a token that may not react
 * still gets its review. The reaction comes before any agent starts, so the
 * review's script is played without opencode (script-player.ts): the same
 * run(), tools and GitHub writes, no sidecar.
 */
import { jest } from '@jest/globals'
import { runAction } from '../support/action-run.js'
import { json } from '../support/fake-github/router.js'
import { scriptPlayer } from '../support/fake-model/index.js'
import { prComment } from '../support/webhook-examples.js'
import {
  NUMBER,
  OWNER,
  pass,
  REPO,
  scenarioInputs,
  startScenario,
  type Scenario
} from './harness.js'
import { githubWrites } from './github-requests.js'
import { refundsFile } from './refunds-pr.js'

jest.setTimeout(180_000)

const ON_ISSUE_COMMENT = 'POST /repos/:owner/:repo/issues/comments/:comment_id/reactions'
const MENTION = '@review-my-code-bot please review'

let scenario: Scenario
afterEach(async () => {
  await scenario.stop()
})

/** A writer's mention, seeded in GitHub, and the run its issue_comment event starts. */
async function mentionRun() {
  scenario.github.state.addUser('Codertocat')
  scenario.github.state.grant(OWNER, REPO, 'Codertocat', 'write')
  const comment = scenario.github.state.addIssueComment(scenario.pr, {
    author: 'Codertocat',
    body: MENTION
  })
  const payload = prComment(MENTION)
  payload.comment.id = comment.id
  payload.issue.number = NUMBER
  scenario.model.enqueue(...pass(1), ...pass(2), ...pass(3), ...pass(4))
  const result = await runAction({
    eventName: 'issue_comment',
    payload,
    apiUrl: scenario.github.url,
    inputs: scenarioInputs(scenario),
    env: { GITHUB_WORKSPACE: scenario.checkout, GITHUB_SERVER_URL: 'https://github.com' },
    options: {
      msPerSecond: 1,
      passDeadlineMs: 60_000,
      startAgent: scriptPlayer(scenario.model).start
    }
  })
  return { result, commentId: comment.id }
}

it('a mention gets 👀 from the bot before anything else is written', async () => {
  scenario = await startScenario([refundsFile])

  const { result, commentId } = await mentionRun()

  expect(result.failed).toBe(false)
  expect(result.outputs['verdict']).toBe('approve')
  expect(scenario.github.state.reactions).toEqual([
    expect.objectContaining({
      subject: 'issue',
      commentId,
      content: 'eyes',
      user: { login: 'github-actions[bot]', type: 'Bot' }
    })
  ])
  expect(githubWrites(scenario.github)[0]).toBe(
    `POST /repos/${OWNER}/${REPO}/issues/comments/${commentId}/reactions`
  )
  expect(scenario.model.playedPrompts.length).toBeGreaterThan(0)
})

it('a 403 on the reaction warns and the review runs to its verdict', async () => {
  scenario = await startScenario([refundsFile])
  scenario.github.fail(
    ON_ISSUE_COMMENT,
    json(403, { message: 'Resource not accessible by integration' }),
    Infinity
  )

  const { result } = await mentionRun()

  expect(result.failed).toBe(false)
  expect(result.outputs['verdict']).toBe('approve')
  expect(result.outputs['skipped_reason']).toBe('')
  expect(result.stdout).toMatch(/::warning::The token may not add reactions .*pull-requests: write/)
  expect(scenario.github.state.reactions).toEqual([])
  expect(scenario.model.pending).toBe(0)
})
