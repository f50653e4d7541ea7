/**
 * The comment of a confirmed finding, drafted from the confirmed reasoning:
 * one prompt in a fresh session of confirmer A's agent, answered with
 * submit_comment_draft. The draft replaces the reviewer's text (the score
 * stays; it is sanitized at publication like every model text), so the
 * developer reads what the checks established, not the first guess. Without
 * a draft the reviewer's text stays: nothing is lost, the log says why.
 */
import type { FindingStage } from '../../core/findings/finding-stage.js'
import type { StagedFinding } from '../../core/findings/finding-shapes.js'
import type { Confirmation } from '../../core/findings/confirmation.js'
import type { ReviewEngineDeps } from '../../ports/review-engine.js'
import { buildDraftPrompt } from './confirmation-prompts.js'
import { askDraft, type ConfirmationAccount, type Confirmer } from './confirmer-pair.js'

export interface DraftInput {
  readonly stage: FindingStage
  readonly finding: StagedFinding
  readonly confirmation: Confirmation
  /** The confirmer whose agent drafts (A, as for the consensus check). */
  readonly drafter: Confirmer
  readonly deadlineMs: number
  readonly account: ConfirmationAccount
  readonly log: ReviewEngineDeps['log']
}

/** Drafts and applies the comment of a confirmed finding; true when the text was replaced. */
export async function draftConfirmedComment(input: DraftInput): Promise<boolean> {
  const { finding, confirmation } = input
  if (confirmation.outcome !== 'confirmed' || confirmation.basis === 'earlier-run') return false
  const prompt = buildDraftPrompt(finding, confirmation)
  const draft = await askDraft(input.drafter, finding.id, prompt, input.deadlineMs, input.account)
  if (!draft.ok) {
    input.log.info(
      `${finding.id} keeps the reviewer's comment: no draft from the confirmation (${draft.why}).`
    )
    return false
  }
  input.stage.redraft(finding.id, draft.body)
  input.log.info(`${finding.id}: comment drafted from the confirmed reasoning.`)
  return true
}
