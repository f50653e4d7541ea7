/**
 * The confirmation sessions' prompts (prompts/confirm-*.md): the system
 * prompt, one prompt per finding (the finding and its file's patch, nothing
 * of the review's conversation), and the exchange prompt that shows one
 * confirmer the other's answer. Everything from the PR or a model is fenced
 * as untrusted data; ids and scores are ours.
 */
import type {
  Confirmation,
  ConfirmationAnswer,
  ConsensusAnswer
} from '../../core/findings/confirmation.js'
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

/** The finding as the reviewer reported it: where, what, why, and its comment when asked. */
function reportedText(finding: StagedFinding, withComment: boolean): string {
  return [
    `Location: ${finding.file}:${finding.line}`,
    `Finding: ${finding.finding}`,
    `Assessment: ${finding.assessment}`,
    ...(withComment ? ['', finding.body] : [])
  ].join('\n')
}

/** The first prompt of a finding's session: the finding and its file's change. */
export function buildConfirmFindingPrompt(
  finding: StagedFinding,
  files: readonly ChangedFile[]
): string {
  const text = reportedText(finding, true)
  return fill('confirm-finding', {
    finding_id: finding.id,
    score: String(finding.score),
    finding: fenceUntrusted({ label: 'The finding as reported', text, kind: 'prose' }),
    patch: renderPatch(finding, files)
  })
}

function answerText(answer: ConfirmationAnswer): string {
  return [
    `Verdict: ${answer.verdict}`,
    `Reasoning: ${answer.reasoning}`,
    ...(answer.failingTest.trim() === '' ? [] : ['Failing test:', answer.failingTest])
  ].join('\n')
}

/**
 * An exchange round: the other confirmer's answer, as data, and, when both
 * confirmed but the consensus check found different defects, its explanation.
 */
export function buildExchangePrompt(
  findingId: string,
  other: ConfirmationAnswer,
  consensus?: ConsensusAnswer
): string {
  const disagreement =
    consensus === undefined || consensus.agree
      ? ''
      : `A consensus check found that your two answers do not describe the same defect:\n\n${fenceUntrusted(
          { label: 'The consensus check', text: consensus.explanation, kind: 'prose' }
        )}`
  return fill('confirm-exchange', {
    finding_id: findingId,
    other_answer: fenceUntrusted({
      label: "The other checker's answer",
      text: answerText(other),
      kind: 'prose'
    }),
    consensus: disagreement
  })
}

/** The consensus check: the finding and both confirming answers, in a fresh session. */
export function buildConsensusPrompt(
  finding: StagedFinding,
  a: ConfirmationAnswer,
  b: ConfirmationAnswer
): string {
  const reported = reportedText(finding, false)
  return fill('confirm-consensus', {
    finding_id: finding.id,
    finding: fenceUntrusted({ label: 'The finding as reported', text: reported, kind: 'prose' }),
    answer_a: fenceUntrusted({ label: 'Checker A’s answer', text: answerText(a), kind: 'prose' }),
    answer_b: fenceUntrusted({ label: 'Checker B’s answer', text: answerText(b), kind: 'prose' })
  })
}

/**
 * The comment draft of a confirmed finding, in a fresh session: the finding
 * as reported (with its comment) and the confirmed reasoning (both
 * confirming answers' reasoning and the consensus check's explanation; the
 * failing tests stay out, the comment shows one anyway).
 */
export function buildDraftPrompt(finding: StagedFinding, confirmation: Confirmation): string {
  const reported = reportedText(finding, true)
  const { a, b } = confirmation.answers ?? {}
  const reasoning = [
    ...(a === undefined ? [] : [`Checker A: ${a.reasoning}`]),
    ...(b === undefined ? [] : [`Checker B: ${b.reasoning}`]),
    ...(confirmation.consensus === undefined
      ? []
      : [`Consensus check: ${confirmation.consensus.explanation}`])
  ].join('\n\n')
  return fill('confirm-draft', {
    finding_id: finding.id,
    score: String(finding.score),
    finding: fenceUntrusted({ label: 'The finding as reported', text: reported, kind: 'prose' }),
    reasoning: fenceUntrusted({ label: 'The confirmed reasoning', text: reasoning, kind: 'prose' })
  })
}

/** Once, when a confirmer's turn ended without its answer. */
export function buildConfirmNudge(findingId: string): string {
  return fill('confirm-nudge', { finding_id: findingId })
}
