/**
 * The ReviewTools port as a confirmation session sees it. A confirmer reads
 * (the PR's patches, and the checkout through opencode's own read tools) and
 * answers on the one finding it was given with submit_confirmation; every
 * review write is refused with the reason, so a confirmer can neither post,
 * nor reply, nor resolve. The run state is refused too: a confirmer judges
 * the finding from the code, not from what reviewers said about it.
 *
 * One instance per confirmer agent: that is how an answer is known to come
 * from confirmer A or B. The step assigns one finding at a time; a
 * consensus check or a comment draft is a session of its own, answered with
 * its own tool, and while one is open a confirmation answer is refused.
 */
import type { ConfirmationAnswer, ConsensusAnswer } from '../../core/findings/confirmation.js'
import { TOOL_NAMES } from '../../core/names/tool-names.js'
import type { ChangedFile } from '../../core/pull-request/pr-data.js'
import type {
  FilePatchResult,
  PostReviewCommentResult,
  ReviewTools,
  RunState,
  SubmitCommentDraftArgs,
  SubmitConfirmationArgs,
  SubmitConsensusArgs,
  ToolAck
} from '../../ports/review-tools.js'
import { filePatchFor } from '../tools/file-patches.js'

export class ConfirmationTools implements ReviewTools {
  private current: string | undefined
  private answered: ConfirmationAnswer | undefined
  /** The finding a consensus check runs on in this agent, and what it answered. */
  private consensusFor: string | undefined
  private consensusAnswer: ConsensusAnswer | undefined
  /** The confirmed finding whose comment is being drafted in this agent, and the draft. */
  private draftFor: string | undefined
  private drafted: string | undefined

  /** `name`: "A" or "B", for messages and the log. */
  constructor(
    readonly name: string,
    private readonly files: readonly ChangedFile[]
  ) {}

  /** The finding this confirmer now answers on; forgets any earlier answer. */
  assign(findingId: string): void {
    this.current = findingId
    this.answered = undefined
  }

  /** The answer on the assigned finding since `assign` or `clearAnswer`; undefined when none came. */
  answer(): ConfirmationAnswer | undefined {
    return this.answered
  }

  /** Before the exchange round: the next answer is a new one. */
  clearAnswer(): void {
    this.answered = undefined
  }

  /** A consensus check on `findingId` starts in a session of this agent; forgets the last one. */
  assignConsensus(findingId: string): void {
    this.consensusFor = findingId
    this.consensusAnswer = undefined
  }

  /** What the consensus check answered since `assignConsensus`; undefined when it did not. */
  consensus(): ConsensusAnswer | undefined {
    return this.consensusAnswer
  }

  async submitConsensus(args: SubmitConsensusArgs): Promise<ToolAck> {
    const asked = this.sideSessionFinding(this.consensusFor, args.finding_id, 'consensus check')
    this.consensusAnswer = { agree: args.agree, explanation: args.explanation }
    this.consensusFor = undefined
    return { ok: true, note: `The consensus check on ${asked} is recorded. Stop here.` }
  }

  /** A comment draft for confirmed `findingId` starts in a session of this agent. */
  assignDraft(findingId: string): void {
    this.draftFor = findingId
    this.drafted = undefined
  }

  /** The draft submitted since `assignDraft`; undefined when none came. */
  draft(): string | undefined {
    return this.drafted
  }

  /** After a consensus check or draft session: the agent's next prompt is a confirmation again. */
  closeSideSession(): void {
    this.consensusFor = undefined
    this.draftFor = undefined
  }

  async submitCommentDraft(args: SubmitCommentDraftArgs): Promise<ToolAck> {
    const asked = this.sideSessionFinding(this.draftFor, args.finding_id, 'comment draft')
    this.drafted = args.body
    this.draftFor = undefined
    return { ok: true, note: `The comment of ${asked} is recorded. Stop here.` }
  }

  async getFilePatch(args: { file: string }): Promise<FilePatchResult> {
    return filePatchFor(this.files, args.file)
  }

  async submitConfirmation(args: SubmitConfirmationArgs): Promise<ToolAck> {
    if (this.consensusFor !== undefined) {
      throw new Error(
        `This session is a consensus check on ${this.consensusFor}, not a confirmation: answer with ${TOOL_NAMES.submitConsensus}.`
      )
    }
    if (this.draftFor !== undefined) {
      throw new Error(
        `This session drafts the comment of ${this.draftFor}, not a confirmation: answer with ${TOOL_NAMES.submitCommentDraft}.`
      )
    }
    if (this.current === undefined) {
      throw new Error(
        'No finding is under confirmation in this session; there is nothing to answer.'
      )
    }
    if (args.finding_id.trim().toUpperCase() !== this.current.toUpperCase()) {
      throw new Error(
        `finding_id is "${args.finding_id}", but the finding under confirmation is "${this.current}"; answer on ${this.current}.`
      )
    }
    this.answered = {
      verdict: args.verdict,
      reasoning: args.reasoning,
      failingTest: args.failing_test ?? ''
    }
    return { ok: true, note: `Your answer on ${this.current} is recorded. Stop here.` }
  }

  async getRunState(): Promise<RunState> {
    return this.refuse(TOOL_NAMES.getRunState)
  }

  async postReviewComment(): Promise<PostReviewCommentResult> {
    return this.refuse(TOOL_NAMES.postReviewComment)
  }

  async updateStagedFinding(): Promise<PostReviewCommentResult> {
    return this.refuse(TOOL_NAMES.updateStagedFinding)
  }

  async replyToThread(): Promise<ToolAck> {
    return this.refuse(TOOL_NAMES.replyToThread)
  }

  async resolveThread(): Promise<ToolAck> {
    return this.refuse(TOOL_NAMES.resolveThread)
  }

  async submitPassResults(): Promise<ToolAck> {
    return this.refuse(TOOL_NAMES.submitPassResults)
  }

  /** The finding of the open side session `name`; throws when none is open or the id is another. */
  private sideSessionFinding(asked: string | undefined, findingId: string, name: string): string {
    if (asked === undefined) {
      throw new Error(`No ${name} is open in this session: ${this.whatToAnswer()}.`)
    }
    if (findingId.trim().toUpperCase() !== asked.toUpperCase()) {
      throw new Error(
        `finding_id is "${findingId}", but this ${name} is for "${asked}"; answer on ${asked}.`
      )
    }
    return asked
  }

  /** Which tool the session that is open answers with. */
  private whatToAnswer(): string {
    if (this.consensusFor !== undefined)
      return `this session is a consensus check on ${this.consensusFor}; answer with ${TOOL_NAMES.submitConsensus}`
    if (this.draftFor !== undefined)
      return `this session drafts the comment of ${this.draftFor}; answer with ${TOOL_NAMES.submitCommentDraft}`
    return `answer on the finding with ${TOOL_NAMES.submitConfirmation}`
  }

  async recordTeamLearning(): Promise<ToolAck> {
    return this.refuse(TOOL_NAMES.recordTeamLearning)
  }

  private refuse(tool: string): never {
    throw new Error(
      `${tool} is not available in a confirmation session: read the code, then answer with ${TOOL_NAMES.submitConfirmation}.`
    )
  }
}
