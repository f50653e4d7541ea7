/**
 * run() before any review: an unsupported event is skipped and succeeds,
 * bad input fails before any API call naming the input and the value, and
 * the token and the model key are masked.
 */
import { example } from '../support/webhook-examples.js'
import { useTriggerGitHub } from './trigger-run-fixture.js'

const { github, trigger } = useTriggerGitHub()

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
    expect(github().requests).toHaveLength(0)
  })

  it('masks the token and the model key', async () => {
    const { stdout } = await trigger('push', example('push'))
    expect(stdout).toContain('::add-mask::ghs_faketoken123')
    expect(stdout).toContain('::add-mask::sk-test-key')
  })
})
