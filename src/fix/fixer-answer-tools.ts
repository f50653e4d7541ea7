/**
 * The fixer's one tool, seen from the fix loop: its answer is taken only when
 * it accounts for every finding of the round (each fixed or rejected, none
 * left out, none unknown, none twice). A refusal names the problems, so the
 * model can correct its answer and call again; the first accepted answer is
 * the round's.
 */
import { checkFixerAnswer } from '../core/fixing/fixer-accounting.js'
import type { FixCandidate, FixerAnswer } from '../core/fixing/fix-types.js'
import type { FixerTools, SubmitFixResultArgs } from '../ports/fixer-tools.js'

export class FixerAnswerTools implements FixerTools {
  #answer: FixerAnswer | undefined

  constructor(private readonly given: readonly FixCandidate[]) {}

  /** The accepted answer; undefined until the fixer gave one. */
  get answer(): FixerAnswer | undefined {
    return this.#answer
  }

  async submitFixResult(args: SubmitFixResultArgs): Promise<string> {
    if (this.#answer !== undefined) {
      throw new Error('This round already has your answer; stop now.')
    }
    const answer: FixerAnswer = {
      fixed: args.fixed.map((f) => ({ findingId: f.finding_id, description: f.description })),
      rejected: args.rejected.map((r) => ({ findingId: r.finding_id, reason: r.reason }))
    }
    const check = checkFixerAnswer(this.given, answer)
    if (!check.ok) {
      throw new Error(
        `Answer not recorded: ${check.problems.join('; ')}. Call the tool again with every finding you were given.`
      )
    }
    this.#answer = answer
    return `Recorded: ${answer.fixed.length} fixed, ${answer.rejected.length} rejected. Stop now.`
  }
}
