/**
 * run() end to end for replies in review threads: the real webhook example,
 * a fake GitHub HTTP server for the account and permission look-ups, and a
 * stub engine that records whether it was asked to run.
 */
import { runAction } from '../support/action-run.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'
import { prReviewReply, REPLIED_TO_ID, type Payload } from '../support/webhook-examples.js'
import { OWNER, PERMISSION_ROUTE, recordingEngine, REPO } from './trigger-run-fixture.js'

const USER_ROUTE = 'GET /users/:login'
const inputs = {
  github_token: 'ghs_faketoken123',
  model: 'openai/gpt-4o',
  opencode_api_key: 'sk-test-key'
}

let github: FakeGitHub

async function reply(payload: Payload, extraInputs: Record<string, string> = {}) {
  const engine = recordingEngine()
  const result = await runAction({
    eventName: 'pull_request_review_comment',
    payload,
    inputs: { ...inputs, ...extraInputs },
    apiUrl: github.url,
    options: { engine, msPerSecond: 1 }
  })
  return { ...result, requests: engine.requests }
}

/** Every request that was not a read, as "METHOD path". */
function writesTo(server: FakeGitHub): string[] {
  return server.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)
}

beforeEach(async () => {
  github = await new FakeGitHub().start()
  for (const login of ['Codertocat', 'writer', 'reader', 'stranger']) github.state.addUser(login)
  github.state.grant(OWNER, REPO, 'Codertocat', 'write')
  github.state.grant(OWNER, REPO, 'writer', 'write')
  github.state.grant(OWNER, REPO, 'reader', 'read')
})

afterEach(async () => {
  await github.stop()
})

describe('a reply in a review thread', () => {
  it('by the PR author starts a threads-only run without asking for permissions', async () => {
    const payload = prReviewReply('I disagree: this path is unreachable.')
    const { requests, outputs, failed } = await reply(payload)
    expect(failed).toBe(false)
    expect(requests).toEqual([
      {
        owner: OWNER,
        repo: REPO,
        prNumber: payload.pull_request.number,
        trigger: 'reply',
        actor: 'Codertocat',
        headSha: payload.pull_request.head.sha,
        commentId: payload.comment.id,
        inReplyToId: REPLIED_TO_ID,
        replyBy: 'developer'
      }
    ])
    expect(outputs['skipped_reason']).toBe('')
    expect(github.requests).toHaveLength(0)
  })

  it('by a collaborator with write access is authorized through the API', async () => {
    const { requests, outputs, stdout } = await reply(prReviewReply('The bot is right.', 'writer'))
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({ trigger: 'reply', actor: 'writer', replyBy: 'developer' })
    expect(outputs['skipped_reason']).toBe('')
    expect(github.requests.map((r) => r.route)).toEqual([USER_ROUTE, PERMISSION_ROUTE])
    expect(stdout).toContain('Authorized: "writer" has write access.')
  })

  it.each([
    ['stranger', 'has none access'],
    ['reader', 'has read access']
  ])(
    'by %s (a bystander) goes to the engine as a bystander’s, quietly, with nothing written',
    async (login, why) => {
      // The engine answers no bystander; it only runs a review this run may have displaced.
      const { requests, stdout, failed } = await reply(prReviewReply('+1', login))
      expect(requests).toEqual([
        expect.objectContaining({ trigger: 'reply', replyBy: 'bystander' })
      ])
      expect(failed).toBe(false)
      expect(stdout).not.toContain('::warning::')
      expect(stdout).toContain(`No answer to this reply: "${login}" ${why}`)
      expect(github.requestsTo(PERMISSION_ROUTE)).toHaveLength(1)
      expect(writesTo(github)).toEqual([])
    }
  )

  it('is not answered when the permission API fails (fail closed)', async () => {
    github.fail(PERMISSION_ROUTE, { status: 500, body: { message: 'boom' } }, Infinity)
    const { requests } = await reply(prReviewReply('ok', 'writer'))
    expect(requests).toEqual([expect.objectContaining({ actor: 'writer', replyBy: 'bystander' })])
    expect(writesTo(github)).toEqual([])
  })

  it('by a bot account that the payload calls a User is not answered, allowed_bots or not', async () => {
    github.state.addUser('deploy-app', 'Bot')
    github.state.grant(OWNER, REPO, 'deploy-app', 'write')
    const { requests } = await reply(prReviewReply('ok', 'deploy-app'), {
      allowed_bots: 'deploy-app'
    })
    expect(requests).toEqual([
      expect.objectContaining({ actor: 'deploy-app', replyBy: 'bystander' })
    ])
  })

  it('by the bot itself is skipped before any API call', async () => {
    const payload = prReviewReply('Fixed in abc123.', 'github-actions[bot]', 'Bot')
    const { requests, outputs } = await reply(payload)
    expect(requests).toHaveLength(0)
    expect(outputs['skipped_reason']).toMatch(/^own-comment: /)
    expect(github.requests).toHaveLength(0)
  })

  it('that opens a new thread is skipped before any API call', async () => {
    const { requests, outputs } = await reply(prReviewReply('Nit.', 'writer', 'User', null))
    expect(requests).toHaveLength(0)
    expect(outputs['skipped_reason']).toMatch(/^not-a-reply: /)
    expect(github.requests).toHaveLength(0)
  })
})
