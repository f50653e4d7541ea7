/**
 * What the fixer's one tool does, seen from the action process. The tool
 * bridge validates the model's arguments and calls this port; the fix loop
 * implements it (checks every finding it handed out is accounted for).
 *
 * Argument names follow the tool signature the model is given (snake case,
 * as the model writes them), like the review's tools.
 */

/** A finding the fixer says it fixed, with one line saying how. */
export interface FixedFindingArgs {
  readonly finding_id: string
  readonly description: string
}

/** A finding the fixer did not fix, with why. */
export interface RejectedFindingArgs {
  readonly finding_id: string
  readonly reason: string
}

/** The fixer's answer for the round: each finding it was given, fixed or rejected. */
export interface SubmitFixResultArgs {
  readonly fixed: readonly FixedFindingArgs[]
  readonly rejected: readonly RejectedFindingArgs[]
}

/**
 * Implemented by the fix loop. The returned text is what the model reads as
 * the tool's result. A method that throws is reported to the model as a
 * failed tool call with the error's message (e.g. a finding left out of the
 * answer), so the model can call again; throw messages it can act on.
 */
export interface FixerTools {
  submitFixResult(args: SubmitFixResultArgs): Promise<string>
}
