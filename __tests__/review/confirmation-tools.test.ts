import { describe, expect, it } from '@jest/globals'
import { FindingStage } from '../../src/core/findings/finding-stage.js'
import { TOOL_NAMES } from '../../src/core/names/tool-names.js'
import type { ReviewGateway } from '../../src/ports/review-gateway.js'
import { ConfirmationTools } from '../../src/review/confirmation/confirmation-tools.js'
import { ActionReviewTools } from '../../src/review/tools/action-review-tools.js'
import { EMPTY_RUN_STATE } from '../core/state-fixtures.js'

const files = [
  { path: 'src/db.ts', status: 'modified', additions: 1, deletions: 0, patch: '@@ -1 +1,2 @@\n+q' }
]

describe('ConfirmationTools', () => {
  it('records the answer on the assigned finding, case-insensitively', async () => {
    const tools = new ConfirmationTools('A', files)
    tools.assign('F2')
    const ack = await tools.submitConfirmation({
      finding_id: 'f2',
      verdict: 'confirmed',
      reasoning: 'Real.',
      failing_test: 'test()'
    })
    expect(ack).toEqual({ ok: true, note: 'Your answer on F2 is recorded. Stop here.' })
    expect(tools.answer()).toEqual({
      verdict: 'confirmed',
      reasoning: 'Real.',
      failingTest: 'test()'
    })
  })

  it('refuses an answer on another finding, and one before any finding is assigned', async () => {
    const tools = new ConfirmationTools('B', files)
    await expect(
      tools.submitConfirmation({ finding_id: 'F1', verdict: 'refuted', reasoning: 'No.' })
    ).rejects.toThrow('No finding is under confirmation in this session')
    tools.assign('F1')
    await expect(
      tools.submitConfirmation({ finding_id: 'F3', verdict: 'refuted', reasoning: 'No.' })
    ).rejects.toThrow(
      'finding_id is "F3", but the finding under confirmation is "F1"; answer on F1.'
    )
    expect(tools.answer()).toBeUndefined()
  })

  it('forgets the answer on a new assignment and before the exchange', async () => {
    const tools = new ConfirmationTools('A', files)
    tools.assign('F1')
    await tools.submitConfirmation({ finding_id: 'F1', verdict: 'refuted', reasoning: 'No.' })
    tools.clearAnswer()
    expect(tools.answer()).toBeUndefined()
    await tools.submitConfirmation({ finding_id: 'F1', verdict: 'refuted', reasoning: 'No.' })
    tools.assign('F2')
    expect(tools.answer()).toBeUndefined()
  })

  it('reads patches of the PR', async () => {
    const tools = new ConfirmationTools('A', files)
    expect(await tools.getFilePatch({ file: 'src/db.ts' })).toMatchObject({
      patch: files[0]?.patch
    })
    await expect(tools.getFilePatch({ file: 'src/other.ts' })).rejects.toThrow(
      'file "src/other.ts" is not in the pull request\'s file list'
    )
  })

  it('refuses every review tool and the run state, with the reason', async () => {
    const tools = new ConfirmationTools('A', files)
    const calls: [string, () => Promise<unknown>][] = [
      [TOOL_NAMES.getRunState, () => tools.getRunState()],
      [TOOL_NAMES.postReviewComment, () => tools.postReviewComment()],
      [TOOL_NAMES.updateStagedFinding, () => tools.updateStagedFinding()],
      [TOOL_NAMES.replyToThread, () => tools.replyToThread()],
      [TOOL_NAMES.resolveThread, () => tools.resolveThread()],
      [TOOL_NAMES.submitPassResults, () => tools.submitPassResults()]
    ]
    for (const [name, call] of calls) {
      await expect(call()).rejects.toThrow(
        `${name} is not available in a confirmation session: read the code, then answer with submit_confirmation.`
      )
    }
  })
})

describe('the review’s own tools', () => {
  it('refuse submit_confirmation with the reason', async () => {
    const stage = new FindingStage(
      { problemScoreThreshold: 5, scoreElevationThreshold: 5, securitySensitive: false },
      []
    )
    const tools = new ActionReviewTools({
      gateway: {} as ReviewGateway,
      stage,
      state: EMPTY_RUN_STATE,
      secrets: [],
      warn: () => undefined
    })
    await expect(tools.submitConfirmation()).rejects.toThrow(
      'submit_confirmation is for confirmation sessions only; this review reports findings with its review tools and ends each pass with submit_pass_results.'
    )
  })
})

/** The review's own tools, as a review session gets them. */
function reviewTools(): ActionReviewTools {
  return new ActionReviewTools({
    gateway: {} as ReviewGateway,
    stage: new FindingStage(
      { problemScoreThreshold: 5, scoreElevationThreshold: 5, securitySensitive: false },
      []
    ),
    state: EMPTY_RUN_STATE,
    secrets: [],
    warn: () => undefined
  })
}

describe('the consensus check through the confirmer tools', () => {
  it('records agreement and why only for the finding asked, once a check is open', async () => {
    const tools = new ConfirmationTools('A', files)
    await expect(
      tools.submitConsensus({ finding_id: 'F1', agree: true, explanation: 'Same.' })
    ).rejects.toThrow(/No consensus check is open/)
    tools.assignConsensus('F1')
    await expect(
      tools.submitConsensus({ finding_id: 'F2', agree: true, explanation: 'Same.' })
    ).rejects.toThrow(/this consensus check is for "F1"/)
    const ack = await tools.submitConsensus({
      finding_id: 'f1',
      agree: false,
      explanation: 'A: overflow; B: null check.'
    })
    expect(ack).toMatchObject({ ok: true })
    expect(tools.consensus()).toEqual({ agree: false, explanation: 'A: overflow; B: null check.' })
  })

  it('a consensus session cannot change the confirmer’s own answer', async () => {
    const tools = new ConfirmationTools('A', files)
    tools.assign('F1')
    await tools.submitConfirmation({
      finding_id: 'F1',
      verdict: 'confirmed',
      reasoning: 'Overflow.',
      failing_test: 'it()'
    })
    tools.assignConsensus('F1')
    await expect(
      tools.submitConfirmation({ finding_id: 'F1', verdict: 'refuted', reasoning: 'No.' })
    ).rejects.toThrow(new RegExp(`consensus check on F1.*${TOOL_NAMES.submitConsensus}`))
    expect(tools.answer()?.verdict).toBe('confirmed')
  })

  it('the review’s own tools refuse it', async () => {
    const review = reviewTools()
    await expect(review.submitConsensus()).rejects.toThrow(/for consensus checks only/)
  })
})

describe('the comment draft through the confirmer tools', () => {
  it('records the draft only for the finding asked, once a draft is open', async () => {
    const tools = new ConfirmationTools('A', files)
    await expect(tools.submitCommentDraft({ finding_id: 'F1', body: 'Text.' })).rejects.toThrow(
      new RegExp(
        `No comment draft is open in this session: answer on the finding with ${TOOL_NAMES.submitConfirmation}`
      )
    )
    tools.assignDraft('F1')
    await expect(tools.submitCommentDraft({ finding_id: 'F2', body: 'Text.' })).rejects.toThrow(
      /this comment draft is for "F1"/
    )
    await expect(
      tools.submitConsensus({ finding_id: 'F1', agree: true, explanation: 'Same.' })
    ).rejects.toThrow(
      new RegExp(`drafts the comment of F1; answer with ${TOOL_NAMES.submitCommentDraft}`)
    )
    expect(await tools.submitCommentDraft({ finding_id: 'f1', body: 'Overflow.' })).toMatchObject({
      ok: true
    })
    expect(tools.draft()).toBe('Overflow.')
  })

  it('a draft session cannot answer a confirmation; once closed, the next confirmation is answered', async () => {
    const tools = new ConfirmationTools('A', files)
    tools.assign('F2')
    tools.assignDraft('F1')
    const answer = { finding_id: 'F2', verdict: 'refuted', reasoning: 'No.' } as const
    await expect(tools.submitConfirmation(answer)).rejects.toThrow(
      new RegExp(`drafts the comment of F1.*${TOOL_NAMES.submitCommentDraft}`)
    )
    tools.closeSideSession()
    await tools.submitConfirmation(answer)
    expect(tools.answer()?.verdict).toBe('refuted')
  })

  it('the review’s own tools refuse it', async () => {
    const review = reviewTools()
    await expect(review.submitCommentDraft()).rejects.toThrow(
      /for draft sessions after a confirmation only/
    )
  })
})
