/**
 * The fixer's prompts (prompts/fix-*.md): its system prompt, and one prompt
 * per round listing the findings to fix or reject. The findings are text an
 * earlier model run wrote about the pull request's code: each is fenced as
 * untrusted data; ids, paths, lines and scores are the bot's own.
 */
import type { FixCandidate } from '../../core/fixing/fix-types.js'
import type { FixerPrompts } from '../../ports/fixer-sandbox.js'
import { EXPLORATION_TOOLS, FIXER_TOOL_NAME } from '../../core/names/tool-names.js'
import { fenceUntrusted } from '../../core/text-safety/untrusted-text.js'
import { fillTemplate } from './prompt-template.js'
import { PROMPT_TEXTS, type PromptName } from './prompt-texts.generated.js'

/** opencode's file-changing tools the fixer is offered (one `edit` permission covers them). */
export const FIXER_EDIT_TOOLS = ['edit', 'write'] as const

/** Every `{{tool.<key>}}` the fixer's prompts may use: only what its sidecar offers. */
export const FIXER_PROMPT_TOOL_NAMES: Readonly<Record<string, string>> = {
  ...Object.fromEntries([...EXPLORATION_TOOLS, ...FIXER_EDIT_TOOLS].map((name) => [name, name])),
  submitFixResult: FIXER_TOOL_NAME
}

function fill(name: PromptName, values: Record<string, string> = {}): string {
  return fillTemplate(name, PROMPT_TEXTS[name], values, FIXER_PROMPT_TOOL_NAMES).trim()
}

export function buildFixerSystemPrompt(): string {
  return fill('fix-system')
}

/** One finding: the bot's own facts, then the reviewer's text fenced as data. */
function renderCandidate(candidate: FixCandidate): string {
  const where = candidate.line === null ? candidate.path : `${candidate.path}:${candidate.line}`
  const confirmed =
    candidate.confirmation === undefined ? '' : `, ${candidate.confirmation} by two checkers`
  const text = `Finding: ${candidate.finding}\nAssessment: ${candidate.assessment}`
  return [
    `## finding_id ${candidate.id}`,
    `Location: ${where}; score ${candidate.score} of 10${confirmed}.`,
    fenceUntrusted({ label: `What the reviewer wrote about ${candidate.id}`, text, kind: 'prose' })
  ].join('\n\n')
}

export function buildFixRoundPrompt(round: number, candidates: readonly FixCandidate[]): string {
  return fill('fix-round', {
    round: String(round),
    count: String(candidates.length),
    findings: candidates.map(renderCandidate).join('\n\n')
  })
}

/** Once, when the round's turn ended without an accepted answer. */
export function buildFixNudge(round: number): string {
  return fill('fix-nudge', { round: String(round) })
}

/** The fixer's prompts as the fix loop's fixer round takes them. */
export const FIXER_PROMPTS: FixerPrompts = {
  system: buildFixerSystemPrompt,
  round: buildFixRoundPrompt,
  nudge: buildFixNudge
}
