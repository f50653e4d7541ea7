/**
 * The tools of an agent that boots before its review has tools: the bridge
 * serves this port from the start (the sidecar's config names the bridge),
 * and the review binds its own tools when it starts the agent. No call can
 * come earlier, since the model gets no prompt before that; one that did
 * would be refused.
 */
import type {
  FilePatchResult,
  GetFilePatchArgs,
  PostReviewCommentArgs,
  PostReviewCommentResult,
  RecordTeamLearningArgs,
  ReplyToThreadArgs,
  ResolveThreadArgs,
  ReviewTools,
  RunState,
  SubmitConfirmationArgs,
  SubmitCommentDraftArgs,
  SubmitConsensusArgs,
  SubmitPassResultsArgs,
  ToolAck,
  UpdateStagedFindingArgs
} from '../ports/review-tools.js'

export class PendingTools implements ReviewTools {
  private bound: ReviewTools | undefined

  /** The review's tools; from now on every call goes to them. Binds once. */
  bind(tools: ReviewTools): void {
    if (this.bound !== undefined) throw new Error('the agent has its tools already')
    this.bound = tools
  }

  private get tools(): ReviewTools {
    if (this.bound === undefined) throw new Error('no review has started this agent yet')
    return this.bound
  }

  async getRunState(): Promise<RunState> {
    return this.tools.getRunState()
  }
  async postReviewComment(args: PostReviewCommentArgs): Promise<PostReviewCommentResult> {
    return this.tools.postReviewComment(args)
  }
  async updateStagedFinding(args: UpdateStagedFindingArgs): Promise<PostReviewCommentResult> {
    return this.tools.updateStagedFinding(args)
  }
  async replyToThread(args: ReplyToThreadArgs): Promise<ToolAck> {
    return this.tools.replyToThread(args)
  }
  async resolveThread(args: ResolveThreadArgs): Promise<ToolAck> {
    return this.tools.resolveThread(args)
  }
  async submitPassResults(args: SubmitPassResultsArgs): Promise<ToolAck> {
    return this.tools.submitPassResults(args)
  }
  async getFilePatch(args: GetFilePatchArgs): Promise<FilePatchResult> {
    return this.tools.getFilePatch(args)
  }
  async submitConfirmation(args: SubmitConfirmationArgs): Promise<ToolAck> {
    return this.tools.submitConfirmation(args)
  }
  async submitConsensus(args: SubmitConsensusArgs): Promise<ToolAck> {
    return this.tools.submitConsensus(args)
  }
  async submitCommentDraft(args: SubmitCommentDraftArgs): Promise<ToolAck> {
    return this.tools.submitCommentDraft(args)
  }
  async recordTeamLearning(args: RecordTeamLearningArgs): Promise<ToolAck> {
    return this.tools.recordTeamLearning(args)
  }
}
