/**
 * A finding still open on the pull request after a run, as plain data for
 * reports that describe the PR's current state (the SARIF file), and the
 * stable identity such a report names it by.
 */

export interface OpenFinding {
  /**
   * Stays the same run after run while the finding stays open, and differs
   * between findings: a code-scanning upload matches results of successive
   * analyses by it (see threadFingerprint).
   */
  readonly fingerprint: string
  /** Repository-relative path; '' when the finding names no file. */
  readonly file: string
  /** null for a file-level finding (or one without a file). */
  readonly line: number | null
  readonly score: number
  /** As the model gave it (untrusted); absent when none was given or it is not known. */
  readonly category?: string
  /** The one-sentence finding (untrusted until sanitized by the report that shows it). */
  readonly finding: string
}

/**
 * The identity of a finding held by a review thread: its rmcoc id with the
 * REST id of the thread's root comment. The rmcoc id alone ("F1") restarts
 * at every run, so two runs both have an "F1"; the root comment is unique and
 * is what later runs read the finding back from. A reopened thread keeps the
 * identity of its root comment. Old blocks without an id use "comment".
 */
export function threadFingerprint(findingId: string | undefined, rootCommentId: number): string {
  return `${findingId ?? 'comment'}@${rootCommentId}`
}
