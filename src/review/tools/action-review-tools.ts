/**
 * The agent's tools as the action implements them (the ReviewTools port the
 * bridge calls). Findings go to the FindingStage (published once after pass
 * 4); thread replies and resolutions go to GitHub at once, sanitized and
 * carrying their rmcoc block so the next run can rebuild the state.
 */
import { REPO_CONFIG_PATH } from '../../config/repo-config.js'
import { findingPathProblem } from '../../core/findings/finding-path.js'
import type { RefusedFinding } from '../../core/reports/run-report.js'
import { formatBotComment, type ReplyBlock, type Resolution } from '../../core/memory/rmcoc.js'
import { sanitizeComment } from '../../core/text-safety/sanitize.js'
import type { RunState, ThreadState } from '../../core/memory/run-state.js'
import { TOOL_NAMES } from '../../core/names/tool-names.js'
import type {
  FilePatchResult,
  PostReviewCommentArgs,
  PostReviewCommentResult,
  RecordTeamLearningArgs,
  ReplyToThreadArgs,
  ResolveThreadArgs,
  ReviewTools,
  SubmitPassResultsArgs,
  ToolAck,
  UpdateStagedFindingArgs
} from '../../ports/review-tools.js'
import type { LearningDesk } from '../memory/learning-desk.js'
import { filePatchFor } from './file-patches.js'
import { heldBackAfterRescore, screenByLearnings } from './learning-screen.js'
import { THREADS_ARE_THE_PRIMARYS, type ReviewToolsOptions } from './review-tools-options.js'
import { neutralizeReplies } from './run-state-view.js'
import { toToolResult } from './stage-results.js'
import { AnswerLimits, DEFAULT_MAX_THREAD_ACTIONS } from './answer-limits.js'
import { closedInThisRun, openThread, replyBlockFor, unansweredThreads } from './thread-answers.js'
import { liveRunState, type ThreadAction, type ThreadOutcome } from './thread-outcomes.js'

export type { ThreadAction, ThreadOutcome, ReviewToolsOptions }

export { THREADS_ARE_THE_PRIMARYS }

export { DEFAULT_MAX_THREAD_ACTIONS }

export class ActionReviewTools implements ReviewTools {
  /** The pass the orchestrator is running; submit_pass_results must name it. */
  currentPass = 1
  readonly passResults = new Map<number, SubmitPassResultsArgs>()
  readonly threadOutcomes: ThreadOutcome[] = []
  readonly warnings: string[] = []
  /** Duplicate and rejected submissions (the stage counts them, this keeps them for the report). */
  readonly refused: RefusedFinding[] = []
  readonly limits: AnswerLimits
  /** Set when the learnings prompt is sent: where record_team_learning goes. */
  learningDesk: LearningDesk | undefined = undefined

  private readonly prPaths: ReadonlySet<string>

  constructor(private readonly options: ReviewToolsOptions) {
    this.prPaths = new Set((options.files ?? []).map((file) => file.path))
    this.limits = new AnswerLimits(
      options.maxThreadActions ?? DEFAULT_MAX_THREAD_ACTIONS,
      options.onlyThread
    )
  }

  async getRunState(): Promise<RunState> {
    // Replies are the PR's people's text: the model gets what a reviewer sees, no hidden parts.
    return neutralizeReplies(liveRunState(this.options.state, this.threadOutcomes))
  }

  async getFilePatch(args: { file: string }): Promise<FilePatchResult> {
    return filePatchFor(this.options.files ?? [], args.file)
  }

  async postReviewComment(args: PostReviewCommentArgs): Promise<PostReviewCommentResult> {
    if (this.options.onlyThread !== undefined) {
      return {
        status: 'rejected',
        reason: `This run only answers the reply in thread ${this.options.onlyThread}: it posts no new findings. Leave it for the next review.`
      }
    }
    const pathProblem = findingPathProblem(args.file, this.prPaths)
    const ignoredBy = this.options.ignored?.(args.file)
    const reason =
      pathProblem !== undefined
        ? `${pathProblem}: use the path as the PR's file list shows it.`
        : ignoredBy !== undefined
          ? `${args.file} matches "${ignoredBy}" in the ignore list of ${REPO_CONFIG_PATH}: findings on it are not posted. Do not stage findings on ignored files.`
          : undefined
    if (reason !== undefined) {
      this.refuse(args, 'rejected', reason)
      return { status: 'rejected', reason }
    }
    const screened = screenByLearnings(args, this.options.learnings ?? [])
    if (screened.kind === 'refused') {
      this.refuse(args, 'learning', screened.reason)
      return { status: 'rejected', reason: screened.reason }
    }
    const result = this.options.stage.submit(
      this.currentPass,
      {
        file: args.file,
        line: args.line,
        body: screened.body,
        finding: args.assessment.finding,
        assessment: args.assessment.assessment,
        score: args.assessment.score,
        category: args.category,
        combines: args.combines
      },
      this.options.reviewer
    )
    if (result.kind === 'duplicate' || result.kind === 'rejected') {
      this.refuse(args, result.kind, result.reason)
    }
    return toToolResult(result)
  }

  async updateStagedFinding(args: UpdateStagedFindingArgs): Promise<PostReviewCommentResult> {
    if (args.action === 'withdraw') {
      const { reviewer } = this.options
      const withdrawn = this.options.stage.withdraw(args.finding_id, args.reason, reviewer)
      if (!withdrawn.ok) return { status: 'rejected', reason: withdrawn.reason }
      return {
        status: 'withdrawn',
        finding_id: args.finding_id,
        note: withdrawn.note ?? `Withdrawn: ${args.reason}`
      }
    }
    if (args.score === undefined) {
      return { status: 'rejected', reason: 'score is required when action is "rescore"' }
    }
    const result = this.options.stage.rescore(args.finding_id, args.score, this.options.reviewer)
    if (result.kind !== 'staged' && result.kind !== 'suppressed') return toToolResult(result)
    return this.heldBackByLearning(result.id) ?? toToolResult(result)
  }

  /** A re-scored finding a learning covers at its new score leaves the findings to publish. */
  private heldBackByLearning(id: string): PostReviewCommentResult | undefined {
    const finding = this.options.stage.all().find((f) => f.id === id)
    if (finding === undefined) return undefined
    const reason = heldBackAfterRescore(finding, this.options.learnings ?? [])
    if (reason === undefined) return undefined
    this.options.stage.holdBack(id, reason)
    return { status: 'withdrawn', finding_id: id, note: `${reason} It is not published.` }
  }

  async replyToThread(args: ReplyToThreadArgs): Promise<ToolAck> {
    if (this.options.answersThreads === false) throw new Error(THREADS_ARE_THE_PRIMARYS)
    return this.answering(args.thread_id, (thread) => this.reply(thread, args))
  }

  private async reply(thread: ThreadState, args: ReplyToThreadArgs): Promise<ToolAck> {
    const block = replyBlockFor(thread, args.is_concession)
    await this.options.gateway.replyToThread(thread.root_comment_id, this.body(args.body, block))
    if (!args.is_concession) {
      this.record(thread, block.kind === 'rebuttal' ? 'rebutted' : 'followed-up', args.body)
      return { ok: true }
    }
    // A concession drops the finding: the thread is resolved with it. The
    // answer is recorded first: the reply is out even if resolving fails.
    this.record(thread, 'conceded', args.body)
    await this.resolveOnGitHub(thread)
    return { ok: true, note: 'Conceded and resolved; do not resolve it again.' }
  }

  async resolveThread(args: ResolveThreadArgs): Promise<ToolAck> {
    if (this.options.answersThreads === false) throw new Error(THREADS_ARE_THE_PRIMARYS)
    if (closedInThisRun(this.threadOutcomes, args.thread_id)) {
      return { ok: true, note: 'Already resolved in this run; nothing to do.' }
    }
    return this.answering(args.thread_id, (thread) => this.resolve(thread, args))
  }

  private async resolve(thread: ThreadState, args: ResolveThreadArgs): Promise<ToolAck> {
    if (thread.origin !== 'summary') {
      const block: ReplyBlock = { kind: 'resolution', status: 'RESOLVED' }
      await this.options.gateway.replyToThread(
        thread.root_comment_id,
        this.body(args.reason, block)
      )
    }
    // A summary-only finding has no thread: its record says RESOLVED from this run on.
    this.record(thread, 'resolved', args.reason, 'fixed')
    if (thread.origin !== 'summary') await this.resolveOnGitHub(thread)
    return { ok: true }
  }

  async submitCommentDraft(): Promise<ToolAck> {
    throw new Error(
      `${TOOL_NAMES.submitCommentDraft} is for draft sessions after a confirmation only; this review reports findings with its review tools and ends each pass with ${TOOL_NAMES.submitPassResults}.`
    )
  }

  async submitConsensus(): Promise<ToolAck> {
    throw new Error(
      `${TOOL_NAMES.submitConsensus} is for consensus checks only; this review reports findings with its review tools and ends each pass with ${TOOL_NAMES.submitPassResults}.`
    )
  }

  async submitConfirmation(): Promise<ToolAck> {
    throw new Error(
      `${TOOL_NAMES.submitConfirmation} is for confirmation sessions only; this review reports findings with its review tools and ends each pass with ${TOOL_NAMES.submitPassResults}.`
    )
  }

  async recordTeamLearning(args: RecordTeamLearningArgs): Promise<ToolAck> {
    if (this.learningDesk === undefined) {
      throw new Error(
        `${TOOL_NAMES.recordTeamLearning} is only for the learnings prompt after the review passes, for the threads it lists; none is open now.`
      )
    }
    return this.learningDesk.record(args)
  }

  async submitPassResults(args: SubmitPassResultsArgs): Promise<ToolAck> {
    if (args.pass_number !== this.currentPass) {
      throw new Error(
        `pass_number is ${args.pass_number}, but this is pass ${this.currentPass} of 4; submit pass ${this.currentPass}.`
      )
    }
    this.passResults.set(args.pass_number, args)
    return { ok: true, note: `Pass ${args.pass_number} recorded. Wait for the next pass message.` }
  }

  /**
   * Threads that still wait for an answer in this run (PENDING or DISPUTED,
   * not yet handled). Summary-only findings have no thread to answer in.
   */
  unansweredThreads(): ThreadState[] {
    if (this.options.answersThreads === false) return []
    return unansweredThreads(this.options.state.threads, this.threadOutcomes)
  }

  private refuse(args: PostReviewCommentArgs, kind: RefusedFinding['kind'], reason: string): void {
    this.refused.push({
      file: args.file,
      line: args.line,
      score: args.assessment.score,
      finding: args.assessment.finding,
      kind,
      reason
    })
  }

  /** The current state with this run's actions applied. */
  liveState(): RunState {
    return liveRunState(this.options.state, this.threadOutcomes)
  }

  /** Records an action taken outside the tools (the deterministic dispute rules). */
  record(thread: ThreadState, action: ThreadAction, text: string, resolution?: Resolution): void {
    this.threadOutcomes.push({
      thread,
      action,
      text,
      ...(resolution === undefined ? {} : { resolution })
    })
  }

  /** Runs one answer (reply or resolution) for an open thread, within the caps. */
  private answering(
    threadId: string,
    answer: (thread: ThreadState) => Promise<ToolAck>
  ): Promise<ToolAck> {
    const thread = openThread(this.options.state.threads, this.threadOutcomes, threadId)
    return this.limits.run(thread, this.threadOutcomes, answer)
  }

  private body(text: string, block: ReplyBlock): string {
    return sanitizeComment({
      text,
      secrets: this.options.secrets,
      compose: (sanitized) => formatBotComment(sanitized, block)
    })
  }

  private async resolveOnGitHub(thread: ThreadState): Promise<void> {
    const result = await this.options.gateway.resolveThread(thread.id)
    if (result.kind === 'forbidden') {
      this.warnings.push(result.warning)
      this.options.warn(result.warning)
    }
  }
}
