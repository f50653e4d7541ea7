/**
 * What a report shows, whatever its format: the open findings of the branch
 * and, after a review, its verdict; after `fix`, how the fix loop ended.
 * `review`, `fix` and `status` all render one.
 */
import type { LocalFinding } from '../local/local-review.js'
import type { Verdict } from '../core/findings/verdict.js'
import type { FixReportInput } from '../core/fixing/fix-report.js'

export interface ReviewOutcome {
  readonly verdict: Verdict
  /** Why: every rule that fired, most severe first. */
  readonly reasons: readonly string[]
  readonly scope: 'full' | 'incremental'
}

export interface FindingsReport {
  readonly findings: readonly LocalFinding[]
  /** The state file the findings live in. */
  readonly statePath: string
  /** Absent for `status`. */
  readonly review?: ReviewOutcome
  /** How `fix` ended: its status, rounds, commits, fixed, rejected and stuck findings. */
  readonly fix?: FixReportInput
  /** Exact secret values (the model key): never printed. */
  readonly secrets: readonly string[]
}

export interface FileGroup {
  /** Repository-relative path; '' for findings that name no file. */
  readonly file: string
  readonly findings: readonly LocalFinding[]
}

/** Findings by file (files in path order), each file's by line (file-level first), then score. */
export function groupByFile(findings: readonly LocalFinding[]): FileGroup[] {
  const files = new Map<string, LocalFinding[]>()
  for (const finding of findings) {
    const group = files.get(finding.file) ?? []
    group.push(finding)
    files.set(finding.file, group)
  }
  return [...files.keys()].sort().map((file) => ({
    file,
    findings: [...(files.get(file) ?? [])].sort(
      (a, b) => (a.line ?? 0) - (b.line ?? 0) || b.score - a.score
    )
  }))
}
