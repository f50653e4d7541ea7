/**
 * Renders the review scope into the pass prompts: a full review gets the
 * whole diff and one line saying why it is full; an incremental review gets
 * the whole file list, each file marked by what changed since the last
 * reviewed head, and only those changes inlined. File paths, patches and
 * notes that quote them are PR data and go through fenceUntrusted.
 */
import {
  describeFile,
  planDiff,
  type IgnoredPath,
  type ListReason
} from '../../core/diff/diff-budget.js'
import type { ChangedFile } from '../../core/pull-request/pr-data.js'
import { fenceUntrusted } from '../../core/text-safety/untrusted-text.js'
import type { IncrementalFile, ReviewScope } from '../scope/change-since.js'
import { renderDiff, type DiffSections } from './prompt-sections.js'

type Incremental = Extract<ReviewScope, { kind: 'incremental' }>

const SHA = /^[0-9a-f]{7,64}$/i

function checkSha(sha: string): string {
  if (!SHA.test(sha)) throw new Error(`review scope: not a commit SHA: ${JSON.stringify(sha)}`)
  return sha
}

function range(scope: Incremental): string {
  return `${checkSha(scope.from)}..${checkSha(scope.to)}`
}

function nothingNew(scope: Incremental): boolean {
  return scope.files.every((file) => file.status === 'dropped')
}

/** Pass 1's statement of what it reviews. */
export function renderScopeStatement(scope: ReviewScope): string {
  if (scope.kind === 'full')
    return `This is a full review of the whole pull request (${scope.reason}).`
  if (nothingNew(scope)) {
    return `This is an incremental review of ${range(scope)}: no file has new changes since the review at ${scope.from}, so there is no diff to review.`
  }
  return [
    `This is an incremental review of ${range(scope)}. The pull request was reviewed at ${scope.from}: the diff below holds only what it changed since, numbered by the current lines.`,
    'The files marked unchanged were reviewed then and have not changed: do not review them again.'
  ].join(' ')
}

/** The one sentence passes 2-4 get, so they keep pass 1's focus. */
export function renderScopeSentence(scope: ReviewScope): string {
  if (scope.kind === 'full') return `Scope: the whole pull request (full review: ${scope.reason}).`
  if (nothingNew(scope)) {
    return `Scope: no file has new changes since the last review (${range(scope)}); there is nothing new to examine.`
  }
  return `Scope: what the pull request changed since the last review (${range(scope)}). The rest was reviewed then; look at it only where the new changes affect it.`
}

/** Pass 1's file list and diff for the scope. */
export function renderScopedDiff(
  files: readonly ChangedFile[],
  scope: ReviewScope,
  maxChars: number,
  ignored?: IgnoredPath
): DiffSections {
  if (scope.kind === 'full') return renderDiff(files, maxChars, ignored)
  const byPath = new Map(scope.files.map((file) => [file.path, file]))
  // The interdiff stands in for the PR patch, so the budget and the
  // never-inline rules (lock files, generated code) apply to it as they would.
  const withPatch = files.flatMap((file) => {
    const patch = byPath.get(file.path)?.patch
    return patch === undefined ? [] : [{ ...file, patch }]
  })
  const plan = planDiff(withPatch, maxChars, ignored)
  const listed = new Map(plan.listed.map(({ file, reason }) => [file.path, reason]))
  const lines = files.map((file) => fileLine(file, byPath.get(file.path), listed.get(file.path)))
  for (const dropped of scope.files.filter((file) => file.status === 'dropped')) {
    lines.push(`${dropped.path}: dropped (the pull request no longer changes it)`)
  }
  const filesChanged = fenceUntrusted({
    label: `Changed files (${files.length}), marked by what changed since ${checkSha(scope.from)}`,
    text: lines.join('\n'),
    kind: 'prose'
  })
  if (plan.inlined.length === 0) {
    const none = nothingNew(scope)
      ? `No file has new changes since ${scope.from}.`
      : `No change since ${scope.from} is inlined: read the files marked changed or new with your tools.`
    return { filesChanged, diff: none }
  }
  const patches = plan.inlined.map((file) => `diff --git ${gitPaths(file, byPath)}\n${file.patch}`)
  const diff = fenceUntrusted({
    label: `Changes since ${scope.from} in ${plan.inlined.length} file(s)`,
    text: patches.join('\n'),
    kind: 'code',
    info: 'diff'
  })
  return { filesChanged, diff }
}

/** An interdiff's old side is the file at the last reviewed head; a whole patch's is the base. */
function gitPaths(file: ChangedFile, byPath: ReadonlyMap<string, IncrementalFile>): string {
  const scoped = byPath.get(file.path)
  const old = scoped?.patchKind === 'interdiff' ? scoped.previousPath : file.previousPath
  return `a/${old ?? file.path} b/${file.path}`
}

function fileLine(
  file: ChangedFile,
  scoped: IncrementalFile | undefined,
  listed: ListReason | undefined
): string {
  const described = describeFile(file, listed)
  if (scoped === undefined) return `${described}: unchanged`
  const status = scoped.status === 'unknown' ? 'changed (no patch to compare)' : scoped.status
  const renamed = scoped.previousPath === undefined ? '' : ` (was ${scoped.previousPath})`
  const whole = scoped.patchKind === 'pr-patch' && scoped.status !== 'new' ? '; whole PR patch' : ''
  const note = scoped.note === undefined ? '' : `; ${scoped.note}`
  return `${described}: ${status}${renamed}${whole}${note}`
}
