/**
 * The confirmation sessions' prompts (prompts/confirm-*.md): the system
 * prompt, one prompt per finding (the finding and its file's patch, nothing
 * of the review's conversation), and the exchange prompt that shows one
 * confirmer the other's answer. Everything from the PR or a model is fenced
 * as untrusted data; ids and scores are ours.
 */
import type { ConfirmationAnswer } from '../../core/findings/confirmation.js'
import type { StagedFinding } from '../../core/findings/finding-shapes.js'
import type { ChangedFile } from '../../core/pull-request/pr-data.js'
import { fenceUntrusted } from '../../core/text-safety/untrusted-text.js'
import { fillTemplate } from '../prompts/prompt-template.js'
import { PROMPT_TEXTS, type PromptName } from '../prompts/prompt-texts.generated.js'
import { PROMPT_TOOL_NAMES } from '../prompts/prompts.js'

/** Patch text inlined at most; a longer patch is left to the patch tool. */
export const CONFIRM_PATCH_BUDGET_CHARS = 30_000

function fill(name: PromptName, values: Record<string, string> = {}): string {
  return fillTemplate(name, PROMPT_TEXTS[name], values, PROMPT_TOOL_NAMES).trim()
}

export function buildConfirmationSystemPrompt(): string {
  return fill('confirm-system')
}

function renderPatch(finding: StagedFinding, files: readonly ChangedFile[]): string {
  const file = files.find((candidate) => candidate.path === finding.file)
  if (file === undefined) {
    return 'The file is not among the files the pull request changes: read it with your tools.'
  }
  if (file.patch === undefined || file.patch.length > CONFIRM_PATCH_BUDGET_CHARS) {
    return `The pull request's patch of this file is not inlined (${file.patch === undefined ? 'binary or too large' : 'too long'}): read the file, and ${PROMPT_TOOL_NAMES['getFilePatch']} for its change.`
  }
  return fenceUntrusted({
    label: "The pull request's change to this file",
    text: file.patch,
    kind: 'code',
    info: 'diff'
  })
}

/** The first prompt of a finding's session: the finding and its file's change. */
export function buildConfirmFindingPrompt(
  finding: StagedFinding,
  files: readonly ChangedFile[]
): string {
  const text = [
    `Location: ${finding.file}:${finding.line}`,
    `Finding: ${finding.finding}`,
    `Assessment: ${finding.assessment}`,
    '',
    finding.body
  ].join('\n')
  return fill('confirm-finding', {
    finding_id: finding.id,
    score: String(finding.score),
    finding: fenceUntrusted({ label: 'The finding as reported', text, kind: 'prose' }),
    patch: renderPatch(finding, files)
  })
}

/** The exchange round: the other confirmer's answer, as data. */
export function buildExchangePrompt(findingId: string, other: ConfirmationAnswer): string {
  const text = [
    `Verdict: ${other.verdict}`,
    `Reasoning: ${other.reasoning}`,
    ...(other.failingTest.trim() === '' ? [] : ['Failing test:', other.failingTest])
  ].join('\n')
  return fill('confirm-exchange', {
    finding_id: findingId,
    other_answer: fenceUntrusted({ label: "The other checker's answer", text, kind: 'prose' })
  })
}

/** Once, when a confirmer's turn ended without its answer. */
export function buildConfirmNudge(findingId: string): string {
  return fill('confirm-nudge', { finding_id: findingId })
}
