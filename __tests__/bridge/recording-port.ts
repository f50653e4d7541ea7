/**
 * A ReviewTools port for tests: records every call with its arguments and
 * answers with scripted results (or throws a scripted error).
 */
import type {
  FilePatchResult,
  PostReviewCommentResult,
  ReviewTools,
  RunState,
  ToolAck
} from '../../src/ports/review-tools.js'
import { EMPTY_RUN_STATE } from '../core/state-fixtures.js'

export interface RecordedCall {
  readonly method: keyof ReviewTools
  readonly args: unknown
}

export class RecordingPort implements ReviewTools {
  readonly calls: RecordedCall[] = []
  runState: RunState = EMPTY_RUN_STATE

  postResult: PostReviewCommentResult = {
    status: 'staged',
    finding_id: 'F1',
    score: 7,
    note: 'Accepted at score 7.'
  }
  /** When set, every method throws it. */
  failWith: Error | undefined

  private record(method: keyof ReviewTools, args: unknown): void {
    this.calls.push({ method, args })
    if (this.failWith) throw this.failWith
  }

  async getRunState(): Promise<RunState> {
    this.record('getRunState', undefined)
    return this.runState
  }

  async postReviewComment(args: unknown): Promise<PostReviewCommentResult> {
    this.record('postReviewComment', args)
    return this.postResult
  }

  async updateStagedFinding(args: unknown): Promise<PostReviewCommentResult> {
    this.record('updateStagedFinding', args)
    return { status: 'staged', finding_id: 'F1', score: 5, note: 're-scored' }
  }

  async replyToThread(args: unknown): Promise<ToolAck> {
    this.record('replyToThread', args)
    return { ok: true }
  }

  async resolveThread(args: unknown): Promise<ToolAck> {
    this.record('resolveThread', args)
    return { ok: true }
  }

  async submitConfirmation(args: unknown): Promise<ToolAck> {
    this.record('submitConfirmation', args)
    return { ok: true, note: 'answer recorded' }
  }

  async submitConsensus(args: unknown): Promise<ToolAck> {
    this.record('submitConsensus', args)
    return { ok: true, note: 'consensus recorded' }
  }

  async recordTeamLearning(args: unknown): Promise<ToolAck> {
    this.record('recordTeamLearning', args)
    return { ok: true, note: 'learning recorded' }
  }

  async submitCommentDraft(args: unknown): Promise<ToolAck> {
    this.record('submitCommentDraft', args)
    return { ok: true, note: 'draft recorded' }
  }

  async submitPassResults(args: unknown): Promise<ToolAck> {
    this.record('submitPassResults', args)
    return { ok: true, note: 'pass recorded' }
  }

  async getFilePatch(args: { file: string }): Promise<FilePatchResult> {
    this.record('getFilePatch', args)
    return {
      file: args.file,
      status: 'modified',
      additions: 1,
      deletions: 0,
      patch: '@@ -1 +1,2 @@'
    }
  }
}
