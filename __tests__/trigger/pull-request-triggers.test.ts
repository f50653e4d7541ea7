/**
 * run() on pull_request events, with real webhook payloads and a fake
 * GitHub: which actions start a review (without a permission check), drafts
 * and code-neutral actions skipped, fork PRs reviewed only with a model key.
 */
import { example } from '../support/webhook-examples.js'
import { OWNER, PERMISSION_ROUTE, REPO, useTriggerGitHub } from './trigger-run-fixture.js'

const { github, trigger } = useTriggerGitHub()

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
      expect(github().requestsTo(PERMISSION_ROUTE)).toHaveLength(0)
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
