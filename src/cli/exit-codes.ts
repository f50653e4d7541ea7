/**
 * The command's exit codes, in one place: scripts and CI gates branch on
 * them, so each means one thing only.
 */
import { checkConclusion, type FailOn } from '../core/reports/check-conclusion.js'
import type { Verdict } from '../core/findings/verdict.js'
import type { FixStatus } from '../core/fixing/fix-types.js'

export const EXIT = {
  /** The command did what was asked (a review whose verdict the --fail-on gate lets pass). */
  ok: 0,
  /**
   * The review completed and its verdict meets --fail-on; for `fix`, with
   * --fail-on set, also a loop that did not end converged or nothing_to_fix.
   */
  gateFailed: 1,
  /** Bad usage: an unknown command or option, a bad value, a missing argument. */
  usage: 2,
  /** The review (or the state file) could not be worked with: nothing trustworthy to report. */
  failed: 3
} as const

export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/**
 * The same gate as the action's check run: `fail_on` fails exactly the
 * verdicts that conclude the check as "failure".
 */
export function reviewExitCode(verdict: Verdict, failOn: FailOn): ExitCode {
  return checkConclusion({ verdict, failOn, complete: true }) === 'failure'
    ? EXIT.gateFailed
    : EXIT.ok
}

/** How a fix loop may end and still let the --fail-on gate pass. */
const SETTLED: ReadonlySet<FixStatus> = new Set(['converged', 'nothing_to_fix'])

/**
 * `fix`: with --fail-on never, 0 however the loop ended. Otherwise 1 when the
 * loop ended other than converged or nothing_to_fix (findings left, a failed
 * verification, a moved branch, a refused fix), or when the last review's
 * verdict meets --fail-on; else 0.
 */
export function fixExitCode(status: FixStatus, verdict: Verdict, failOn: FailOn): ExitCode {
  if (failOn === 'never') return EXIT.ok
  if (!SETTLED.has(status)) return EXIT.gateFailed
  return reviewExitCode(verdict, failOn)
}
