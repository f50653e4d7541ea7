/**
 * Local mode: the same review engine (four passes, read-only sandboxed agent,
 * the model key only in the loopback proxy) run on a local branch, with git
 * and a state file standing in for GitHub. This is the API the command-line
 * shell codes against.
 */
import type { Config } from '../config/config.js'
import type { OpenFinding } from '../core/open-finding.js'
import type { JobSummaryInput as RunReport } from '../core/run-report.js'
import type { Verdict } from '../core/verdict.js'
import type { ReviewLog } from '../ports/agent-session.js'

export type { RunReport }

/** A finding open on the branch; `id` is what `dismiss <id>` takes (= fingerprint). */
export interface LocalFinding extends OpenFinding {
  readonly id: string
  /** The comment body as the bot wrote it. */
  readonly body: string
}

export interface LocalReviewOptions {
  /** Any directory inside the git work tree. */
  readonly cwd: string
  /** --base; default: the upstream's default branch (refs/remotes/origin/HEAD), else `main`. */
  readonly base?: string
  /** --working-tree: review the tracked working-tree changes on top of HEAD. */
  readonly workingTree: boolean
  /** Already parsed by the CLI with parseConfig. */
  readonly config: Config
  readonly env: Readonly<Record<string, string | undefined>>
  /** The CLI prints one progress line per log.group("Review pass N of 4") call. */
  readonly log: ReviewLog
  /** Overrides pass_timeout_minutes (tests). */
  readonly passDeadlineMs?: number
}

export type LocalReviewResult =
  | {
      readonly kind: 'reviewed'
      readonly verdict: Verdict
      readonly report: RunReport
      /** Every finding open after the run. */
      readonly findings: readonly LocalFinding[]
      readonly scope: 'full' | 'incremental'
      readonly statePath: string
      readonly warnings: readonly string[]
    }
  | { readonly kind: 'skipped'; readonly reason: string; readonly warnings: readonly string[] }

/** The user asked for something that cannot be done as asked (the CLI exits 2). */
export class LocalUsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LocalUsageError'
  }
}

/** Reviews the current branch. ReviewFailedError or any other error: the review could not complete. */
export async function runLocalReview(_options: LocalReviewOptions): Promise<LocalReviewResult> {
  throw new Error('runLocalReview: not implemented')
}

/** The findings open on the current branch, from its state file. */
export async function localStatus(
  _cwd: string
): Promise<{ findings: readonly LocalFinding[]; statePath: string; warnings: readonly string[] }> {
  throw new Error('localStatus: not implemented')
}

/** Records the developer's call on finding `id`; LocalUsageError listing the known ids when unknown. */
export async function dismissFinding(
  _cwd: string,
  _id: string,
  _reason: string
): Promise<LocalFinding> {
  throw new Error('dismissFinding: not implemented')
}
