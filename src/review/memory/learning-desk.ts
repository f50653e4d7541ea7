/**
 * Where the agent's `record_team_learning` calls land after the passes.
 * Each call is checked before anything is written: the thread must be one
 * of the candidates the learnings prompt listed, a thread teaches at most
 * one learning, and the rule must survive cleaning (buildLearning). What
 * passes is posted in the memory issue as one comment (logged only in a
 * dry run). A thread whose learning could not be kept (the write threw or
 * was refused) is remembered: its teaching did not complete.
 */
import { getErrorMessage } from '../../core/errors/error-message.js'
import { TOOL_NAMES } from '../../core/names/tool-names.js'
import type { LearningBlock } from '../../core/memory/rmcoc.js'
import { buildLearning, LearningInputError } from '../../core/team-memory/learning-builder.js'
import type { LearningCandidate } from '../../core/team-memory/learning-candidates.js'
import type { RecordTeamLearningArgs, ToolAck } from '../../ports/review-tools.js'
import type { RecordLearningResult, TeamMemory } from './team-memory.js'

export class LearningDesk {
  /** The learnings this run recorded (or would have, in a dry run), by thread. */
  readonly recorded = new Map<string, LearningBlock>()
  /** Threads whose learning the model wrote but the memory did not keep. */
  private readonly unkept = new Set<string>()

  constructor(
    private readonly candidates: readonly LearningCandidate[],
    private readonly memory: TeamMemory,
    private readonly now: () => Date
  ) {}

  private candidate(threadId: string): LearningCandidate {
    const id = threadId.trim()
    const found = this.candidates.find((c) => c.thread === id)
    if (found === undefined) {
      const listed = this.candidates.map((c) => c.thread).join(', ')
      throw new Error(
        `thread_id "${threadId}" is not a thread the learnings prompt lists (listed: ${listed}); record learnings only for those.`
      )
    }
    if (this.recorded.has(found.thread)) {
      throw new Error(
        `Thread ${found.thread} already taught a learning in this run; one learning per thread.`
      )
    }
    return found
  }

  async record(args: RecordTeamLearningArgs): Promise<ToolAck> {
    const candidate = this.candidate(args.thread_id)
    let learning: LearningBlock
    try {
      learning = buildLearning({ candidate, rule: args.rule, now: this.now() })
    } catch (error) {
      if (!(error instanceof LearningInputError)) throw error
      throw new Error(
        `${getErrorMessage(error)}. Call ${TOOL_NAMES.recordTeamLearning} again with the rule as one plain sentence.`
      )
    }
    let result: RecordLearningResult
    try {
      result = await this.memory.record(learning)
    } catch (error) {
      this.unkept.add(candidate.thread)
      throw error
    }
    if (result.kind === 'unavailable') {
      this.unkept.add(candidate.thread)
      return { ok: true, note: `Not kept: ${result.reason} Do not call it again.` }
    }
    this.recorded.set(candidate.thread, learning)
    this.unkept.delete(candidate.thread)
    return {
      ok: true,
      note:
        result.kind === 'dry-run'
          ? `Learning ${learning.id} accepted (dry run: not written).`
          : `Learning ${learning.id} recorded in the team memory.`
    }
  }

  /**
   * The candidate threads whose teaching did not complete: every one not
   * recorded when the prompt itself failed, otherwise those whose learning
   * was written but not kept (a thread the model declined is not one).
   */
  untaught(promptFailed: boolean): string[] {
    const threads = this.candidates.map((c) => c.thread)
    return threads.filter(
      (thread) => !this.recorded.has(thread) && (promptFailed || this.unkept.has(thread))
    )
  }
}
