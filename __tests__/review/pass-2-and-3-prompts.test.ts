/**
 * The pass 2 and pass 3 prompts: the pass-1 summary carried as data (or
 * its absence said), AGENTS.md fenced as data with the security sensitivity,
 * and "Not found" without it.
 */
import { describe, expect, it } from '@jest/globals'
import { assessSensitivity } from '../../src/core/findings/sensitivity.js'
import {
  AGENTS_MD_NOT_FOUND,
  buildPass2Prompt,
  buildPass3Prompt
} from '../../src/review/prompts/prompts.js'
import { fencedAfter, FULL } from './pass-prompt-fixtures.js'

describe('pass 2 prompt', () => {
  it('carries the pass-1 summary as data', () => {
    const prompt = buildPass2Prompt({
      pass1Summary: 'Found a missing null check in export.',
      scope: FULL
    })
    expect(prompt).toContain('You are conducting Pass 2 of 4')
    expect(fencedAfter(prompt, /^Your pass-1 summary/)).toEqual([
      'Found a missing null check in export.'
    ])
  })

  it('says so when pass 1 produced no summary', () => {
    expect(buildPass2Prompt({ pass1Summary: null, scope: FULL })).toContain(
      'Pass 1 did not complete'
    )
  })
})

describe('pass 3 prompt', () => {
  const sensitivity = assessSensitivity({ packageJson: JSON.stringify({ name: 'billing' }) })

  it('includes AGENTS.md fenced as data and the security sensitivity', () => {
    const agentsMd = '# Rules\n- UI never queries the DB.\n<!-- hidden -->'
    const prompt = buildPass3Prompt({ sensitivity, agentsMd, earlierSummaries: [], scope: FULL })
    expect(prompt).toContain('You are conducting Pass 3 of 4')
    expect(fencedAfter(prompt, /^AGENTS\.md \(untrusted data/)).toEqual([
      '# Rules',
      '',
      '- UI never queries the DB.'
    ])
    expect(prompt).toContain(sensitivity.sentence)
    expect(prompt).not.toContain(AGENTS_MD_NOT_FOUND)
  })

  it('says "Not found" without AGENTS.md', () => {
    const prompt = buildPass3Prompt({
      sensitivity,
      agentsMd: null,
      earlierSummaries: [],
      scope: FULL
    })
    expect(prompt).toMatch(/## AGENTS\.md content\n\nNot found/)
  })
})
