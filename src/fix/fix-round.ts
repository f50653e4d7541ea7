/**
 * One round of the fix loop, up to its commit: the fixer edits a copy of the
 * head, the action refuses edits to paths a fix may never touch, runs the
 * repository's verification commands itself and, only when they pass, makes
 * one commit on the branch on top of the head it started from. Any failure
 * ends the round with nothing pushed and says why.
 */
import type { FixCandidate, FixStatus } from '../core/fixing/fix-types.js'
import type { FixLoopDeps, PatchedCopy } from '../ports/fix-loop.js'
import type { FixRoundRecord } from './fix-loop-result.js'
import { checkFixerAnswer } from '../core/fixing/fixer-accounting.js'
import { refusedChanges } from '../core/fixing/protected-paths.js'
import { fixCommitMessage } from '../core/fixing/fix-commit-message.js'

export interface FixRoundInput {
  readonly round: number
  readonly head: string
  /** The tree of `head` the fixer's copy is made from. */
  readonly directory: string
  readonly candidates: readonly FixCandidate[]
  /** The repository config file: a fix never changes it. */
  readonly repoConfigPath: string
  /** Exact values of the run's secrets: never written into a commit message. */
  readonly secrets: readonly string[]
}

/** The round committed: the review of `head` (from `copy`) comes next. */
export interface RoundCommitted {
  readonly kind: 'committed'
  readonly record: FixRoundRecord
  readonly head: string
  readonly copy: PatchedCopy
}

/** The round ended the loop; nothing of it was pushed. */
export interface RoundStopped {
  readonly kind: 'stopped'
  readonly record: FixRoundRecord
  readonly status: FixStatus
  readonly reason: string
}

function stopped(record: FixRoundRecord, status: FixStatus, reason: string): RoundStopped {
  return { kind: 'stopped', record: { ...record, problem: reason }, status, reason }
}

/** What the fixer left to verify, or why the round stops before verification. */
function checkEdits(
  input: FixRoundInput,
  record: FixRoundRecord,
  copy: PatchedCopy
): RoundStopped | undefined {
  const refused = refusedChanges(copy.changes, input.repoConfigPath)
  if (refused.length > 0) {
    const named = refused.map((r) => `${r.path} (${r.reason})`).join('; ')
    return stopped(
      record,
      'refused',
      `The fix changed files a fix may never change: ${named}. Nothing was pushed.`
    )
  }
  if (copy.changes.length === 0) {
    return stopped(
      record,
      'manual_intervention_required',
      'The fixer changed no file: every finding it was given is rejected or left to a person.'
    )
  }
  return undefined
}

/** Runs the verification commands; the round stops at a failed one. */
async function verified(
  deps: FixLoopDeps,
  record: FixRoundRecord,
  copy: PatchedCopy
): Promise<{ record: FixRoundRecord; stop?: RoundStopped }> {
  const verification = await deps.verify(copy.directory)
  const next = { ...record, verification }
  const failed = verification.find((result) => result.timedOut || result.exitCode !== 0)
  if (failed === undefined) return { record: next }
  const how = failed.timedOut ? 'timed out' : `exited with ${failed.exitCode ?? 'no code'}`
  return {
    record: next,
    stop: stopped(
      next,
      'verification_failed',
      `Verification failed: \`${failed.command}\` ${how}. Nothing was pushed.`
    )
  }
}

/** The commit of a verified round; a branch that moved or a refused commit stops the loop. */
async function committed(
  deps: FixLoopDeps,
  input: FixRoundInput,
  record: FixRoundRecord,
  copy: PatchedCopy
): Promise<RoundCommitted | RoundStopped> {
  const byId = new Map(input.candidates.map((candidate) => [candidate.id, candidate]))
  const fixes = (record.answer?.fixed ?? []).flatMap((fixed) => {
    const candidate = byId.get(fixed.findingId)
    return candidate === undefined ? [] : [{ candidate, description: fixed.description }]
  })
  const message = fixCommitMessage(input.round, fixes, input.secrets)
  const commit = await deps.commit({
    expectedHead: input.head,
    headline: message.headline,
    body: message.body,
    changes: copy.changes
  })
  if (commit.ok) {
    const done = { ...record, commit: { oid: commit.oid, url: commit.url } }
    return { kind: 'committed', record: done, head: commit.oid, copy }
  }
  if (commit.reason === 'branch-moved') {
    return stopped(
      record,
      'branch_moved',
      `The branch moved since ${input.head.slice(0, 7)} was reviewed: nothing was pushed or forced (${commit.detail}).`
    )
  }
  return stopped(record, 'refused', `The commit was refused: ${commit.detail}`)
}

/** Runs one round; the copy is disposed of here unless the round committed. */
export async function runFixRound(
  deps: FixLoopDeps,
  input: FixRoundInput
): Promise<RoundCommitted | RoundStopped> {
  const run = await deps.runFixer(input)
  const base: FixRoundRecord = {
    round: input.round,
    head: input.head,
    given: input.candidates,
    changes: [],
    verification: [],
    ...(run.usage === undefined ? {} : { usage: run.usage })
  }
  if (run.kind !== 'answered') {
    return run.kind === 'failed'
      ? stopped(base, 'manual_intervention_required', `The fixer gave no answer: ${run.reason}`)
      : stopped(base, 'refused', `The fix was refused: ${run.reason}. Nothing was pushed.`)
  }
  const record: FixRoundRecord = { ...base, answer: run.answer, changes: run.copy.changes }
  let end: RoundCommitted | RoundStopped | undefined
  try {
    const accounting = checkFixerAnswer(input.candidates, run.answer)
    if (!accounting.ok) {
      end = stopped(
        record,
        'manual_intervention_required',
        `The fixer's answer does not account for its findings: ${accounting.problems.join('; ')}`
      )
      return end
    }
    end = checkEdits(input, record, run.copy)
    if (end !== undefined) return end
    const checked = await verified(deps, record, run.copy)
    end = checked.stop ?? (await committed(deps, input, checked.record, run.copy))
    return end
  } finally {
    if (end?.kind !== 'committed') await run.copy.dispose()
  }
}
