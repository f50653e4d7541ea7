/**
 * run() end to end for each trigger: real webhook payloads, a fake GitHub
 * HTTP server for the account and permission look-ups, outputs read from the
 * GITHUB_OUTPUT file the way a runner would.
 */
import type { Config } from '../../src/config/action-config.js'
import type { ReviewEngine } from '../../src/ports/review-engine.js'
import type { ReviewRequest } from '../../src/core/pull-request/review-request.js'
import { runAction } from '../support/action-run.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'
import { example, prComment, type Payload } from '../support/webhook-examples.js'

const OWNER = 'Codertocat'
const REPO = 'Hello-World'
const PERMISSION_ROUTE = 'GET /repos/:owner/:repo/collaborators/:login/permission'
const inputs = {
  github_token: 'ghs_faketoken123',
  model: 'openai/gpt-4o',
  opencode_api_key: 'sk-test-key'
}

let github: FakeGitHub

/** An engine that records what it was asked to review and claims nothing. */
function recordingEngine(): ReviewEngine & { requests: ReviewRequest[]; configs: Config[] } {
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

async function trigger(
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

beforeEach(async () => {
  github = await new FakeGitHub().start()
  for (const login of ['Codertocat', 'reader', 'stranger', 'maintainer'])
    github.state.addUser(login)
  // The pull_request/issue_comment examples live in Codertocat/Hello-World,
  // the workflow_dispatch example in octo-org's repository.
  const dispatchRepo = example('workflow_dispatch').repository
  for (const [owner, repo] of [
    [OWNER, REPO],
    [dispatchRepo.owner.login, dispatchRepo.name]
  ]) {
    github.state.grant(owner, repo, 'Codertocat', 'write')
    github.state.grant(owner, repo, 'reader', 'read')
    github.state.grant(owner, repo, 'maintainer', 'maintain')
  }
})

afterEach(async () => {
  await github.stop()
})

describe('pull_request events', () => {
  it.each(['opened', 'reopened', 'ready_for_review', 'synchronize'])(
    '%s starts a review of that PR without a permission check',
    async (action) => {
      const payload = example('pull_request', action)
      const { request, outputs, failed } = await trigger('pull_request', payload)
      expect(failed).toBe(false)
      expect(request).toEqual({
        owner: OWNER,
        repo: REPO,
        prNumber: payload.pull_request.number,
        trigger: 'pull_request',
        actor: payload.sender.login,
        headSha: payload.pull_request.head.sha,
        // A push also says which head came before it.
        ...(action === 'synchronize' ? { beforeSha: payload.before } : {})
      })
      expect(outputs['skipped_reason']).toBe('')
      expect(github.requestsTo(PERMISSION_ROUTE)).toHaveLength(0)
    }
  )

  it('skips a draft PR', async () => {
    const payload = example('pull_request', 'opened')
    payload.pull_request.draft = true
    const { request, outputs, failed } = await trigger('pull_request', payload)
    expect(request).toBeUndefined()
    expect(failed).toBe(false)
    expect(outputs['skipped_reason']).toMatch(/^draft: /)
    expect(outputs['verdict']).toBe('')
  })

  it('skips actions that do not change the code under review', async () => {
    const { request, outputs } = await trigger('pull_request', example('pull_request', 'closed'))
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/^unsupported-action: pull_request "closed"/)
  })

  it('skips a fork PR without a model key with a notice that says how to run it', async () => {
    const payload = example('pull_request', 'opened')
    payload.pull_request.head.repo.full_name = 'someone/Hello-World'
    const { request, outputs, stdout, failed } = await trigger('pull_request', payload, {
      opencode_api_key: ''
    })
    expect(request).toBeUndefined()
    expect(failed).toBe(false)
    expect(outputs['skipped_reason']).toMatch(/^fork-without-secrets: /)
    expect(stdout).toMatch(
      /::notice::No review for fork PR #\d+.*@review-my-code-bot.*workflow_dispatch/
    )
  })

  it('reviews a fork PR when a model key is available', async () => {
    const payload = example('pull_request', 'opened')
    payload.pull_request.head.repo.full_name = 'someone/Hello-World'
    const { request } = await trigger('pull_request', payload)
    expect(request?.prNumber).toBe(payload.pull_request.number)
  })
})

describe('issue_comment mentions', () => {
  it('a writer mentioning the bot starts a review of the PR, drafts included', async () => {
    const payload = prComment('@review-my-code-bot please review')
    const { request, outputs, failed } = await trigger('issue_comment', payload)
    expect(failed).toBe(false)
    expect(request).toEqual({
      owner: OWNER,
      repo: REPO,
      prNumber: payload.issue.number,
      trigger: 'mention',
      actor: 'Codertocat',
      commentId: payload.comment.id
    })
    expect(outputs['skipped_reason']).toBe('')
    // The body comes from the payload: the comment is never fetched again.
    expect(github.requests.map((r) => r.route)).toEqual(['GET /users/:login', PERMISSION_ROUTE])
  })

  it('a writer\'s "fix" mention asks for fix mode after the review; a reader\'s is refused before anything runs', async () => {
    const { request } = await trigger('issue_comment', prComment('@review-my-code-bot fix'))
    expect(request).toMatchObject({ trigger: 'mention', fix: true })
    const review = await trigger('issue_comment', prComment('@review-my-code-bot review'))
    expect(review.request?.fix).toBeUndefined()
    const reader = await trigger('issue_comment', prComment('@review-my-code-bot fix', 'reader'))
    expect(reader.request).toBeUndefined()
    expect(reader.outputs['skipped_reason']).toMatch(/^unauthorized: "reader" has read access/)
  })

  it.each(['maintainer'])('%s access is enough', async (login) => {
    const { request } = await trigger('issue_comment', prComment('@review-my-code-bot', login))
    expect(request?.actor).toBe(login)
  })

  it('honours a custom trigger phrase', async () => {
    const { request } = await trigger('issue_comment', prComment('@my-bot go'), {
      trigger_phrase: '@my-bot'
    })
    expect(request?.trigger).toBe('mention')
  })

  it.each([
    ['reader', /^unauthorized: "reader" has read access/],
    ['stranger', /^unauthorized: "stranger" has none access/]
  ])('denies %s', async (login, reason) => {
    github.state.grant(OWNER, REPO, 'stranger', 'none')
    const { request, outputs, stdout, failed } = await trigger(
      'issue_comment',
      prComment('@review-my-code-bot', login)
    )
    expect(request).toBeUndefined()
    expect(failed).toBe(false)
    expect(outputs['skipped_reason']).toMatch(reason)
    expect(stdout).toContain('::warning::Review not started')
  })

  it('denies when the permission API fails (fail closed)', async () => {
    github.fail(PERMISSION_ROUTE, { status: 500, body: { message: 'boom' } }, Infinity)
    const { request, outputs } = await trigger('issue_comment', prComment('@review-my-code-bot'))
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(
      /^unauthorized: could not read the repository permission of "Codertocat"/
    )
  })

  it('denies when the account look-up fails (fail closed)', async () => {
    github.fail('GET /users/:login', { status: 403, body: { message: 'Forbidden' } })
    const { request, outputs } = await trigger('issue_comment', prComment('@review-my-code-bot'))
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(
      /^unauthorized: could not look up account "Codertocat"/
    )
  })

  it('denies a bot that is not in allowed_bots, even with write access', async () => {
    github.state.addUser('deploy-app', 'Bot')
    github.state.grant(OWNER, REPO, 'deploy-app', 'write')
    const { request, outputs } = await trigger(
      'issue_comment',
      prComment('@review-my-code-bot', 'deploy-app', 'User')
    )
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/is a bot and is not listed in allowed_bots/)
  })

  it('allows a bot listed in allowed_bots, matched in either login form', async () => {
    github.state.addUser('renovate[bot]', 'Bot')
    const { request } = await trigger(
      'issue_comment',
      prComment('@review-my-code-bot', 'renovate[bot]', 'Bot'),
      {
        allowed_bots: 'Renovate'
      }
    )
    expect(request?.actor).toBe('renovate[bot]')
  })

  it('does not trust a [bot] suffix: a listed name that is really a User needs write access', async () => {
    github.state.addUser('helper', 'User')
    github.state.grant(OWNER, REPO, 'helper', 'read')
    const { request, outputs } = await trigger(
      'issue_comment',
      prComment('@review-my-code-bot', 'helper', 'Bot'),
      {
        allowed_bots: 'helper'
      }
    )
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/"helper" has read access/)
  })

  it.each([
    'x@review-my-code-bot please',
    '@review-my-code-botx please',
    '> @review-my-code-bot was mentioned before',
    'use `@review-my-code-bot` to trigger'
  ])('a look-alike mention %j does not trigger', async (body) => {
    const { request, outputs } = await trigger('issue_comment', prComment(body))
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/^no-mention: /)
    expect(github.requests).toHaveLength(0)
  })

  it("the bot's own comment never triggers", async () => {
    const { request, outputs } = await trigger(
      'issue_comment',
      prComment('@review-my-code-bot summary', 'github-actions[bot]', 'Bot')
    )
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/^own-comment: /)
  })

  it('a comment carrying the bot marker never triggers', async () => {
    const body = 'quoted summary\n<!-- review-my-code-bot -->\n@review-my-code-bot'
    const { request, outputs } = await trigger('issue_comment', prComment(body))
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/^own-comment: /)
  })

  it('a comment on an issue (not a PR) is skipped', async () => {
    const payload = example('issue_comment', 'created')
    payload.comment.body = '@review-my-code-bot'
    const { request, outputs } = await trigger('issue_comment', payload)
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/^not-a-pull-request: /)
  })

  it('an edited comment is skipped', async () => {
    const payload = prComment('@review-my-code-bot')
    payload.action = 'edited'
    const { request, outputs } = await trigger('issue_comment', payload)
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/^unsupported-action: /)
  })
})

describe('workflow_dispatch', () => {
  it('reviews the PR named by pr_number after checking the dispatcher', async () => {
    const payload = example('workflow_dispatch')
    payload.sender.login = 'Codertocat'
    const { request } = await trigger('workflow_dispatch', payload, { pr_number: '7' })
    expect(request).toMatchObject({
      prNumber: 7,
      trigger: 'workflow_dispatch',
      actor: 'Codertocat'
    })
    expect(github.requestsTo(PERMISSION_ROUTE)).toHaveLength(1)
  })

  it('takes pr_number from the dispatch inputs when the action input is empty', async () => {
    const payload = example('workflow_dispatch')
    payload.sender.login = 'Codertocat'
    payload.inputs = { pr_number: '9' }
    const { request } = await trigger('workflow_dispatch', payload)
    expect(request?.prNumber).toBe(9)
  })

  it('fails with a clear message without a pr_number', async () => {
    const payload = example('workflow_dispatch')
    payload.inputs = null
    const { request, failed, stdout } = await trigger('workflow_dispatch', payload)
    expect(request).toBeUndefined()
    expect(failed).toBe(true)
    expect(stdout).toContain(
      '::error::pr_number must be a positive integer when the workflow is dispatched, got ""'
    )
  })

  it('denies a read-only dispatcher', async () => {
    const payload = example('workflow_dispatch')
    payload.sender.login = 'reader'
    const { request, outputs } = await trigger('workflow_dispatch', payload, { pr_number: '7' })
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/^unauthorized: /)
  })
})

describe('everything else', () => {
  it('skips an unsupported event and succeeds', async () => {
    const { request, outputs, failed } = await trigger('push', example('push'))
    expect(request).toBeUndefined()
    expect(failed).toBe(false)
    expect(outputs['skipped_reason']).toMatch(/^unsupported-event: the push event/)
  })

  it('fails on bad input before any API call, naming the input and the value', async () => {
    const { request, failed, stdout } = await trigger(
      'pull_request',
      example('pull_request', 'opened'),
      {
        problem_score_threshold: 'eleven'
      }
    )
    expect(request).toBeUndefined()
    expect(failed).toBe(true)
    expect(stdout).toContain(
      '::error::problem_score_threshold must be an integer from 1 to 10, got "eleven"'
    )
    expect(github.requests).toHaveLength(0)
  })

  it('masks the token and the model key', async () => {
    const { stdout } = await trigger('push', example('push'))
    expect(stdout).toContain('::add-mask::ghs_faketoken123')
    expect(stdout).toContain('::add-mask::sk-test-key')
  })
})
