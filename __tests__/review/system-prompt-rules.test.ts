/**
 * The system prompt: the scoring rubric, the configured thresholds, the
 * value-add principles, the four passes, the assessment JSON, every tool by
 * its served name, and web tools only when enabled.
 */
import { describe, expect, it } from '@jest/globals'
import { TOOL_NAMES } from '../../src/core/names/tool-names.js'
import { buildSystemPrompt } from '../../src/review/prompts/prompts.js'

const system = buildSystemPrompt({
  problemScoreThreshold: 6,
  scoreElevationThreshold: 4,
  maxComments: 25,
  enableWeb: false
})

describe('system prompt', () => {
  it.each([
    [1, 'Micro-nit'],
    [2, 'Stylistic nit'],
    [3, 'Minor improvement'],
    [4, 'Readability/documentation'],
    [5, 'Suboptimal pattern'],
    [6, 'Local performance/complexity'],
    [7, 'Logic risk'],
    [8, 'Structural/rule violation'],
    [9, 'Major bug / security leak'],
    [10, 'Systemic catastrophe']
  ])('defines rubric level %i (%s)', (level, name) => {
    expect(system).toContain(`**${level} (${name}):**`)
  })

  it('carries the implementation guidance and the configured thresholds', () => {
    expect(system).toContain('problem_score_threshold = 6')
    expect(system).toContain('The "Silent" Default')
    expect(system).toContain('Refactor proportionality')
    expect(system).toMatch(/combine at least\s+4 suppressed findings/)
    expect(system).toContain('by +2 (max 10)')
    expect(system).toContain('At most 25 findings go inline')
  })

  it('states the value-add principles', () => {
    expect(system).toContain('**Silence over noise.**')
    expect(system).toContain('**Proportionality.**')
    expect(system).toContain('**No commitable suggestions.**')
    expect(system).toContain('pseudo-code')
  })

  it('announces 4 passes, each by number', () => {
    expect(system).toContain('4 passes')
    for (const n of [1, 2, 3, 4]) expect(system).toContain(`Pass ${n} of 4:`)
  })

  it('shows the assessment JSON as valid JSON with the three fields', () => {
    const json = /```json\n([\s\S]*?)\n\s*```/.exec(system)?.[1]
    expect(JSON.parse(json ?? '')).toEqual({
      finding: expect.any(String),
      assessment: expect.any(String),
      score: expect.any(Number)
    })
  })

  it('names every tool by its served name and leaves no slot unfilled', () => {
    // submit_confirmation, submit_consensus and submit_comment_draft belong to the confirmation sessions.
    const {
      submitConfirmation: _confirmation,
      submitConsensus: _consensus,
      submitCommentDraft: _draft,
      ...reviewTools
    } = TOOL_NAMES
    for (const name of Object.values(reviewTools)) {
      expect(system).toContain(`\`${name}\``)
    }
    expect(system).not.toMatch(/\{\{|\}\}/)
  })

  it('mentions web tools only when enabled', () => {
    expect(system).toContain('There are no web tools in this run.')
    const web = buildSystemPrompt({
      problemScoreThreshold: 5,
      scoreElevationThreshold: 5,
      maxComments: 25,
      enableWeb: true
    })
    expect(web).toContain('`webfetch`: check library documentation')
    expect(web).not.toContain('websearch')
  })
})
