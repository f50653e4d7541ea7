/**
 * The prompts name exactly the tools a run offers: every tool a rendered
 * prompt names is one of the action's tools or one of opencode's own that
 * the sidecar offers (EXPLORATION_TOOLS, WEB_TOOLS with enable_web;
 * __tests__/opencode/read-only.test.ts checks a real opencode offers exactly
 * those), and the exploration tools are all named.
 */
import {
  EXPLORATION_TOOLS,
  MCP_SERVER_NAMES,
  TOOL_NAMES,
  WEB_TOOLS
} from '../../src/core/names/tool-names.js'
import type { StagedFinding } from '../../src/core/findings/finding-shapes.js'
import {
  buildConfirmationSystemPrompt,
  buildConsensusPrompt,
  buildDraftPrompt
} from '../../src/review/confirmation/confirmation-prompts.js'
import { buildPass2Prompt, buildSystemPrompt } from '../../src/review/prompts/prompts.js'
import type { ReviewScope } from '../../src/review/scope/change-since.js'

const FULL: ReviewScope = { kind: 'full', reason: 'first review: no earlier run recorded one' }

/** opencode's own tools (1.18.33 and the names earlier prompts used): none may be named unless offered. */
const OPENCODE_TOOLS = [
  'read',
  'grep',
  'glob',
  'list',
  'todowrite',
  'todoread',
  'webfetch',
  'websearch',
  'codesearch',
  'bash',
  'edit',
  'write',
  'patch',
  'apply_patch',
  'multiedit',
  'task',
  'question',
  'skill',
  'lsp'
]

/**
 * Tool names a prompt names: a backticked opencode tool or `<mcp server>_...`
 * name, or a run of opencode tool names like "read, grep and glob".
 */
function namedTools(prompt: string): Set<string> {
  const named = new Set<string>()
  for (const match of prompt.matchAll(/`([a-z_]+)`/g)) named.add(match[1]!)
  const word = `(?:${OPENCODE_TOOLS.join('|')})`
  const run = new RegExp(`\\b${word}(?:(?:, | and |, and )${word})+\\b`, 'g')
  for (const match of prompt.matchAll(run))
    for (const name of match[0].split(/, and |, | and /)) named.add(name)
  return new Set(
    [...named].filter(
      (name) =>
        OPENCODE_TOOLS.includes(name) ||
        MCP_SERVER_NAMES.some((server) => name.startsWith(`${server}_`))
    )
  )
}

const OURS: readonly string[] = Object.values(TOOL_NAMES)

function offered(enableWeb: boolean): Set<string> {
  return new Set([...OURS, ...EXPLORATION_TOOLS, ...(enableWeb ? WEB_TOOLS : [])])
}

const system = (enableWeb: boolean) =>
  buildSystemPrompt({
    problemScoreThreshold: 5,
    scoreElevationThreshold: 5,
    maxComments: 25,
    enableWeb
  })

describe('the tools the prompts name', () => {
  it.each([false, true])('system prompt (enable_web %s): only tools the run offers', (web) => {
    const named = namedTools(system(web))
    expect([...named].filter((name) => !offered(web).has(name))).toEqual([])
    for (const tool of EXPLORATION_TOOLS) expect(named).toContain(tool)
    for (const tool of WEB_TOOLS) expect(named.has(tool)).toBe(web)
  })

  it('pass 2 and the confirmation prompts name the exploration tools, nothing else of opencode', () => {
    const finding: StagedFinding = {
      id: 'F1',
      pass: 1,
      file: 'src/a.ts',
      line: 2,
      body: 'b overflows.',
      finding: 'b overflows',
      assessment: 'Wrong totals.',
      score: 9,
      baseScore: 9,
      promoted: false,
      elevated: false,
      combines: [],
      state: 'staged'
    }
    const answer = { verdict: 'confirmed', reasoning: 'Overflow.', failingTest: 'it()' } as const
    const prompts = [
      buildPass2Prompt({ pass1Summary: 'Pass 1 done.', scope: FULL }),
      buildConfirmationSystemPrompt(),
      buildConsensusPrompt(finding, answer, answer),
      buildDraftPrompt(finding, {
        outcome: 'confirmed',
        basis: 'agreed',
        note: 'both',
        answers: { a: answer, b: answer }
      })
    ]
    for (const prompt of prompts) {
      const named = namedTools(prompt)
      expect([...named].filter((name) => !offered(false).has(name))).toEqual([])
      for (const tool of EXPLORATION_TOOLS) expect(named).toContain(tool)
    }
  })

  it('would notice a tool the run does not offer', () => {
    expect(namedTools('explore with read, grep, glob and list tools')).toContain('list')
    expect(namedTools('use `websearch` for CVEs')).toContain('websearch')
  })
})
