/**
 * The nudges sent when a pass ends unfinished: the pass and its submit tool
 * named, and the threads still unanswered listed.
 */
import { describe, expect, it } from '@jest/globals'
import { TOOL_NAMES } from '../../src/core/names/tool-names.js'
import { buildSubmitNudge, buildThreadsNudge } from '../../src/review/prompts/prompts.js'
import { threads } from './pass-prompt-fixtures.js'

describe('nudges', () => {
  it('names the pass and the submit tool', () => {
    const nudge = buildSubmitNudge(2)
    expect(nudge).toContain('Pass 2 of 4 is not finished')
    expect(nudge).toContain(`\`${TOOL_NAMES.submitPassResults}\``)
    expect(() => buildSubmitNudge(5)).toThrow(RangeError)
  })

  it('lists the unanswered threads', () => {
    const nudge = buildThreadsNudge(1, threads.slice(0, 1))
    expect(nudge).toContain('thread_id PRRT_kwDOA1, PENDING')
    expect(nudge).toContain(`\`${TOOL_NAMES.resolveThread}\``)
  })
})
