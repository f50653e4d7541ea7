/**
 * run() on workflow_dispatch, with a real webhook payload and a fake
 * GitHub: the PR named by pr_number (input or dispatch input) after checking
 * the dispatcher, a clear failure without one, a read-only dispatcher denied.
 */
import { example } from '../support/webhook-examples.js'
import { PERMISSION_ROUTE, useTriggerGitHub } from './trigger-run-fixture.js'

const { github, trigger } = useTriggerGitHub()

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
    expect(github().requestsTo(PERMISSION_ROUTE)).toHaveLength(1)
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
