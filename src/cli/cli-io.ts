/**
 * What the command needs from the outside world, injected so `main` runs
 * in-process in tests: the streams, the environment, the working directory,
 * the file writer and the local engine (review, fix, status, dismiss, stats, learnings, forget).
 */
import { writeFile } from 'node:fs/promises'
import { runLocalFix, type LocalFixOptions, type LocalFixResult } from '../local/local-fix.js'
import {
  dismissFinding,
  type DismissOptions,
  type LocalDismissal
} from '../local/local-dismissal.js'
import type { LearningBlock } from '../core/memory/rmcoc.js'
import {
  forgetLearning,
  localLearnings,
  localOutcomes,
  localStatus,
  runLocalReview,
  type LocalFinding,
  type LocalLearnings,
  type LocalOutcomes,
  type LocalReviewOptions,
  type LocalReviewResult
} from '../local/local-review.js'

export interface OutputStream {
  write(text: string): unknown
  /** True when a person is watching (progress lines are written only then). */
  readonly isTTY?: boolean
}

export interface LocalEngine {
  runLocalReview(options: LocalReviewOptions): Promise<LocalReviewResult>
  runLocalFix(options: LocalFixOptions): Promise<LocalFixResult>
  localStatus(
    cwd: string
  ): Promise<{ findings: readonly LocalFinding[]; statePath: string; warnings: readonly string[] }>
  dismissFinding(
    cwd: string,
    id: string,
    reason: string,
    options: DismissOptions
  ): Promise<LocalDismissal>
  /** Every branch's outcomes of the repository `cwd` is in (stats without --repo). */
  localOutcomes(cwd: string): Promise<LocalOutcomes>
  /** The learnings kept for the repository `cwd` is in, and where. */
  localLearnings(cwd: string): Promise<LocalLearnings & { path: string }>
  /** Forgets one learning; LocalUsageError listing the known ids when unknown. */
  forgetLearning(cwd: string, id: string): Promise<LearningBlock>
}

export interface CliIo {
  readonly stdout: OutputStream
  readonly stderr: OutputStream
  readonly env: Readonly<Record<string, string | undefined>>
  readonly cwd: string
  /** The local review engine; the real one when absent. */
  readonly engine?: LocalEngine
  /** Writes --output files; fs.writeFile when absent. */
  readonly writeFile?: (path: string, text: string) => Promise<void>
}

export const REAL_ENGINE: LocalEngine = {
  runLocalReview,
  runLocalFix,
  localStatus,
  dismissFinding,
  localOutcomes,
  localLearnings,
  forgetLearning
}

export async function writeTextFile(path: string, text: string): Promise<void> {
  await writeFile(path, text, 'utf8')
}
