/**
 * Runs that get no secrets: a PR from a fork, or a run
 * Dependabot started, with neither opencode_api_key nor a provider_env
 * variable set, is a skip with a reason and a notice, not a red run. A key,
 * or a provider credential that is actually set, lets the review start.
 * Through run() with webhook examples; the engine is a stub that records.
 */
import { runAction } from '../support/action-run.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'
import { example, prReviewReply, type Payload } from '../support/webhook-examples.js'
import { recordingEngine } from './trigger-run-fixture.js'

const NO_KEY = {
  github_token: 'ghs_faketoken123',
  model: 'amazon-bedrock/claude',
  opencode_api_key: ''
}

let github: FakeGitHub
beforeAll(async () => {
  github = await new FakeGitHub().start()
})
afterAll(async () => {
  await github.stop()
})

async function trigger(input: {
  eventName?: string
  payload: Payload
  actor?: string
  inputs?: Record<string, string>
  env?: Record<string, string>
}) {
  const engine = recordingEngine()
  const result = await runAction({
    eventName: input.eventName ?? 'pull_request',
    payload: input.payload,
    inputs: { ...NO_KEY, ...input.inputs },
    apiUrl: github.url,
    ...(input.actor === undefined ? {} : { actor: input.actor }),
    ...(input.env === undefined ? {} : { env: input.env }),
    options: { engine, msPerSecond: 1 }
  })
  return { ...result, requests: engine.requests }
}

function dependabotPr(): Payload {
  const payload = example('pull_request', 'opened')
  payload.sender = { ...payload.sender, login: 'dependabot[bot]', type: 'Bot' }
  return payload
}

function forkPr(): Payload {
  const payload = example('pull_request', 'opened')
  payload.pull_request.head.repo.full_name = 'someone/Hello-World'
  return payload
}

describe('Dependabot', () => {
  it('a run Dependabot started without a key or provider credentials: a skip with a notice, not a failure', async () => {
    const payload = dependabotPr()
    const result = await trigger({ payload, actor: 'dependabot[bot]' })
    expect(result.requests).toHaveLength(0)
    expect(result.failed).toBe(false)
    expect(result.outputs['skipped_reason']).toMatch(
      /^dependabot-without-secrets: dependabot\[bot\] started this run, and runs Dependabot starts get no Actions secrets/
    )
    expect(result.stdout).toContain(
      `::notice::No review for PR #${payload.pull_request.number}: runs started by dependabot[bot] receive Dependabot secrets only`
    )
    expect(result.stdout).toContain('Store the model key as a Dependabot secret')
  })

  it('a provider_env name that is not set counts as no credentials', async () => {
    const result = await trigger({
      payload: dependabotPr(),
      actor: 'dependabot[bot]',
      inputs: { provider_env: 'AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY' }
    })
    expect(result.requests).toHaveLength(0)
    expect(result.outputs['skipped_reason']).toMatch(/^dependabot-without-secrets: /)
  })

  it('provider credentials that are set (e.g. from OIDC): the review starts', async () => {
    const result = await trigger({
      payload: dependabotPr(),
      actor: 'dependabot[bot]',
      inputs: { provider_env: 'AWS_ACCESS_KEY_ID' },
      env: { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLEEXAMPLE01' }
    })
    expect(result.failed).toBe(false)
    expect(result.requests).toHaveLength(1)
    expect(result.outputs['skipped_reason']).toBe('')
  })

  it('a model key given as a Dependabot secret: the review starts', async () => {
    const result = await trigger({
      payload: dependabotPr(),
      actor: 'dependabot[bot]',
      inputs: { opencode_api_key: 'sk-dependabot-secret-01' }
    })
    expect(result.requests).toHaveLength(1)
  })

  it('a person started the run (no key set): not the Dependabot skip', async () => {
    const result = await trigger({ payload: example('pull_request', 'opened') })
    expect(result.outputs['skipped_reason'] ?? '').not.toMatch(/^dependabot-without-secrets/)
    expect(result.requests).toHaveLength(1)
  })

  it('a draft stays a draft skip: the secrets rule only turns would-be reviews into skips', async () => {
    const payload = dependabotPr()
    payload.pull_request.draft = true
    const result = await trigger({ payload, actor: 'dependabot[bot]' })
    expect(result.outputs['skipped_reason']).toMatch(/^draft: /)
  })
})

describe('forks', () => {
  it('a fork PR with only an unset provider_env name: skipped as without secrets', async () => {
    const result = await trigger({
      payload: forkPr(),
      inputs: { provider_env: 'GOOGLE_APPLICATION_CREDENTIALS' }
    })
    expect(result.requests).toHaveLength(0)
    expect(result.failed).toBe(false)
    expect(result.outputs['skipped_reason']).toMatch(/^fork-without-secrets: /)
    expect(result.stdout).toMatch(/::notice::No review for fork PR #\d+/)
  })

  it('a fork PR whose run has provider credentials set: the review starts', async () => {
    const result = await trigger({
      payload: forkPr(),
      inputs: { provider_env: 'GOOGLE_APPLICATION_CREDENTIALS' },
      env: { GOOGLE_APPLICATION_CREDENTIALS: '/tmp/gha-creds-1234.json' }
    })
    expect(result.requests).toHaveLength(1)
  })

  it('a reply in a review thread of a fork PR without credentials: skipped, not failed', async () => {
    const payload = prReviewReply('Fixed it.', 'Codertocat', 'User', 1)
    payload.pull_request.head.repo.full_name = 'someone/Hello-World'
    const result = await trigger({ eventName: 'pull_request_review_comment', payload })
    expect(result.requests).toHaveLength(0)
    expect(result.failed).toBe(false)
    expect(result.outputs['skipped_reason']).toMatch(/^fork-without-secrets: /)
  })
})
