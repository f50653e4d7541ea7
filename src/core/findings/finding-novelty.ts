/**
 * How a submission relates to what the stage and earlier runs hold: a
 * repeat to refuse, agreement with another reviewer's finding, or new
 * (possibly reopening a finding resolved as fixed). Pure: reads the
 * findings, changes nothing.
 */
import { isDuplicate, type DedupeItem } from './dedupe.js'
import { matchEarlier } from './earlier-findings.js'
import { agreesWith } from './finding-agreement.js'
import type { FindingInput, StagedFinding } from './finding-shapes.js'
import type { ThreadState } from '../memory/run-state.js'

export type Novelty =
  | { readonly kind: 'duplicate'; readonly duplicateOf: string; readonly reason: string }
  /** Another reviewer raised it already: agreement on that finding. */
  | { readonly kind: 'agreement'; readonly finding: StagedFinding }
  /** `reopens`: id of the earlier finding it reopens; `reopened`: that finding, when known. */
  | { readonly kind: 'new'; readonly reopens?: string; readonly reopened?: ThreadState }

export interface NoveltyContext {
  /** Everything this run staged, any state. */
  readonly findings: readonly StagedFinding[]
  /** Every finding of earlier runs (threads and summary records), any status. */
  readonly earlier: readonly ThreadState[]
  /** Ids the submission combines (upper-cased): it is not checked against them. */
  readonly combines: readonly string[]
  /** The model that submits it; undefined in a run with one reviewer. */
  readonly reviewer: string | undefined
}

const dedupeKey = (f: StagedFinding): DedupeItem => ({
  path: f.file,
  line: f.line,
  finding: f.finding
})

/**
 * In order: an earlier finding that is not to be raised again; the same
 * finding staged earlier in this run (so a second submission of a
 * regression repeats the first), which is agreement when another reviewer
 * raised it; another reviewer's suppressed finding (agreement too); then a
 * regression of a fixed finding. A merge keeps the first reopening among
 * its parts. Only one live finding may reopen a given earlier one.
 */
export function noveltyOf(input: FindingInput, context: NoveltyContext): Novelty {
  const { findings, reviewer } = context
  const candidate: DedupeItem = { path: input.file, line: input.line, finding: input.finding }
  const replaced = new Set(context.combines)
  const earlier = matchEarlier(candidate, context.earlier)
  if (earlier?.kind === 'repeat') {
    return { kind: 'duplicate', duplicateOf: earlier.label, reason: earlier.reason }
  }
  const live = findings.filter((f) => f.state === 'staged' && !replaced.has(f.id))
  const staged = isDuplicate(candidate, live, dedupeKey)
  if (staged !== undefined) {
    return agreesWith(staged, reviewer) ? { kind: 'agreement', finding: staged } : repeatOf(staged)
  }
  const theirs = findings.filter(
    (f) => f.state === 'suppressed' && !replaced.has(f.id) && agreesWith(f, reviewer)
  )
  const below = isDuplicate(candidate, theirs, dedupeKey)
  if (below !== undefined) return { kind: 'agreement', finding: below }
  const inherited = context.combines
    .map((id) => findings.find((f) => f.id === id)?.reopens)
    .find((r) => r !== undefined)
  const reopens = inherited ?? earlier?.thread.id
  if (reopens === undefined) return { kind: 'new' }
  const claimant = live.find((f) => f.reopens === reopens)
  if (claimant !== undefined && agreesWith(claimant, reviewer)) {
    return { kind: 'agreement', finding: claimant }
  }
  if (claimant !== undefined) {
    return {
      kind: 'duplicate',
      duplicateOf: `finding ${claimant.id}`,
      reason: `Finding ${claimant.id} of this run already reopens ${reopens}; one comment reopens it, so this one is not staged.`
    }
  }
  return { kind: 'new', reopens, reopened: context.earlier.find((t) => t.id === reopens) }
}

function repeatOf(finding: StagedFinding): Novelty {
  return {
    kind: 'duplicate',
    duplicateOf: `finding ${finding.id}`,
    reason:
      finding.reopens === undefined
        ? `Duplicate of finding ${finding.id} (same file, nearby line, same finding); not staged again.`
        : `Duplicate of finding ${finding.id}, which already reopens ${finding.reopens} (same file, nearby line, same finding); not staged again.`
  }
}

/** A finding that absorbs another reviewer's suppressed one reopens what that one reopened. */
export function absorbedReopening(absorbed: StagedFinding | undefined): {
  readonly reopens?: string
  readonly reopened?: ThreadState
} {
  return absorbed?.reopens === undefined ? {} : { reopens: absorbed.reopens }
}
