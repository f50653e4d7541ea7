/** PendingTools: the tools of an agent booted before its review; calls go to the tools bound later. */
import { describe, expect, it } from '@jest/globals'
import { PendingTools } from '../../src/opencode/pending-tools.js'
import { RecordingPort } from '../bridge/recording-port.js'

const SUBMIT = { pass_number: 1, summary: 'Done.', has_blocking_issues: false }

describe('PendingTools', () => {
  it('refuses every call before a review binds its tools', async () => {
    const pending = new PendingTools()
    await expect(pending.submitPassResults(SUBMIT)).rejects.toThrow(
      'no review has started this agent yet'
    )
    await expect(pending.getRunState()).rejects.toThrow('no review has started this agent yet')
  })

  it("passes every call, with its arguments, to the bound review's tools", async () => {
    const pending = new PendingTools()
    const port = new RecordingPort()
    pending.bind(port)
    await pending.submitPassResults(SUBMIT)
    await pending.resolveThread({ thread_id: 'T1', reason: 'fixed' })
    expect(port.calls).toEqual([
      { method: 'submitPassResults', args: SUBMIT },
      { method: 'resolveThread', args: { thread_id: 'T1', reason: 'fixed' } }
    ])
  })

  it('binds once', () => {
    const pending = new PendingTools()
    pending.bind(new RecordingPort())
    expect(() => pending.bind(new RecordingPort())).toThrow('the agent has its tools already')
  })
})
