/**
 * What pass 1 reviews on a run after an earlier review: the whole pull
 * request (full), or only what the PR itself changed since the last reviewed
 * head (incremental). A one-line push on a reviewed 30-file PR should cost a
 * one-line review, not a second review of 30 files.
 *
 * The PR's patch at the old head comes from a three-dot compare of the
 * CURRENT base with the old head: it diffs from their merge base, so it is
 * what the PR changed at the old head, and it still works after a
 * force-push while GitHub keeps the old commit. Whenever narrowing is not
 * reliable or not worth it, the scope is full, with the reason.
 */
import { alwaysListedReason } from '../../core/diff/diff-budget.js'
import { getErrorMessage } from '../../core/errors/error-message.js'
import {
  compareFileSets,
  type ComparedFile,
  type FileChange
} from '../../core/diff/file-changes.js'
import { interdiff } from '../../core/diff/interdiff.js'
import type { ChangedFile, PullRequestData } from '../../core/pull-request/pr-data.js'
import type { ReviewGateway } from '../../ports/review-gateway.js'

export interface IncrementalFile {
  /** The path now (at the last reviewed head for a dropped file). */
  readonly path: string
  /** The path at the last reviewed head, when a rename since changed it. */
  readonly previousPath?: string
  readonly status: Exclude<FileChange, 'unchanged'>
  /**
   * What to review: the interdiff ('interdiff'), or the file's whole PR
   * patch ('pr-patch': a new file, or one whose versions could not be
   * compared); absent when there is none (dropped, binary, too large).
   */
  readonly patch?: string
  readonly patchKind?: 'interdiff' | 'pr-patch'
  /** Why the patch is not an interdiff, or why there is none. */
  readonly note?: string
}

export type ReviewScope =
  | { readonly kind: 'full'; readonly reason: string }
  | {
      readonly kind: 'incremental'
      /** The last reviewed head. */
      readonly from: string
      /** The head under review. */
      readonly to: string
      /** Files the PR changed since `from`, in the PR's order, then the dropped ones. */
      readonly files: readonly IncrementalFile[]
      /** Paths of the PR's files whose change is the same as at `from`. */
      readonly unchanged: readonly string[]
    }

export interface ScopeLimits {
  /** Files changed since the last review (changed, new, unknown) beyond which the review is full. */
  readonly maxChangedFiles: number
  /** Characters of inlinable change text beyond which the review is full. */
  readonly maxChars: number
}

export const DEFAULT_SCOPE_LIMITS: ScopeLimits = { maxChangedFiles: 40, maxChars: 60_000 }

/** GitHub's compare lists at most this many files: beyond it the old patch set is incomplete. */
export const COMPARE_FILE_CAP = 300

export interface ReviewScopeInput {
  readonly gateway: Pick<ReviewGateway, 'compareFiles' | 'readFile'>
  readonly pr: Pick<PullRequestData, 'baseSha' | 'headSha'>
  /** The PR's files now. */
  readonly files: readonly ChangedFile[]
  /** Head SHA of the last reviewed run; null when none recorded one. */
  readonly lastReviewedSha: string | null
  readonly limits?: Partial<ScopeLimits>
}

const SHA = /^[0-9a-f]{40}$|^[0-9a-f]{64}$/i

const TOO_LARGE = 'the change since the last review is too large to narrow'

function full(reason: string): ReviewScope {
  return { kind: 'full', reason }
}

export async function reviewScope(input: ReviewScopeInput): Promise<ReviewScope> {
  const { gateway, pr, files } = input
  const limits = { ...DEFAULT_SCOPE_LIMITS, ...input.limits }
  const from = input.lastReviewedSha
  if (from === null) return full('first review: no earlier run recorded the head it reviewed')
  // The head comes from a record on the PR: never let it shape a URL or a prompt unchecked.
  if (!SHA.test(from)) return full(`the recorded head ${JSON.stringify(from)} is not a commit SHA`)
  const to = pr.headSha
  if (from.toLowerCase() === to.toLowerCase()) {
    return { kind: 'incremental', from, to, files: [], unchanged: files.map((f) => f.path) }
  }
  if (files.length > COMPARE_FILE_CAP) {
    return full(`too many files to narrow: the pull request changes ${files.length} files`)
  }
  const oldFiles = await gateway.compareFiles(pr.baseSha, from)
  if (oldFiles === undefined) {
    return full(
      `GitHub cannot compare the last reviewed head ${from} with the base (it may have been force-pushed away)`
    )
  }
  if (oldFiles.length >= COMPARE_FILE_CAP) {
    return full(`too many files to narrow: GitHub listed ${oldFiles.length} files at ${from}`)
  }
  const compared = compareFileSets(oldFiles, files)
  const touched = compared.filter((f) => f.change !== 'unchanged' && f.change !== 'dropped')
  if (touched.length > limits.maxChangedFiles) {
    return full(
      `${TOO_LARGE}: ${touched.length} files changed since ${from}, more than ${limits.maxChangedFiles}`
    )
  }
  const narrowed = await Promise.all(
    compared.map((file) => narrowFile(file, { gateway, from, to }))
  )
  const changed = narrowed.filter((file): file is IncrementalFile => file !== 'unchanged')
  const chars = changed.reduce((sum, file) => sum + inlinableChars(file), 0)
  if (chars > limits.maxChars) {
    return full(`${TOO_LARGE}: ${chars} characters of changes, more than ${limits.maxChars}`)
  }
  const unchanged = compared.filter((_, i) => narrowed[i] === 'unchanged').map((f) => f.path)
  return { kind: 'incremental', from, to, files: changed, unchanged }
}

/** Characters the prompt would inline: lock files, build output and the like never are. */
function inlinableChars(file: IncrementalFile): number {
  if (file.patch === undefined) return 0
  const asChanged = { path: file.path, status: file.status, additions: 0, deletions: 0 }
  return alwaysListedReason({ ...asChanged, patch: file.patch }) === undefined
    ? file.patch.length
    : 0
}

interface Heads {
  readonly gateway: ReviewScopeInput['gateway']
  readonly from: string
  readonly to: string
}

/** The file's whole PR patch in place of an interdiff, with why. */
function wholePatch(
  after: ChangedFile,
  status: IncrementalFile['status'],
  note?: string
): IncrementalFile {
  if (after.patch === undefined) {
    return {
      path: after.path,
      status,
      note: note ?? 'binary or too large for a patch: read it with your tools'
    }
  }
  const why = note === undefined ? {} : { note }
  return { path: after.path, status, patch: after.patch, patchKind: 'pr-patch', ...why }
}

async function narrowFile(
  file: ComparedFile,
  heads: Heads
): Promise<IncrementalFile | 'unchanged'> {
  const { before, after } = file
  if (file.change === 'unchanged') return 'unchanged'
  if (after === undefined) return { path: file.path, status: 'dropped' }
  if (before === undefined) return wholePatch(after, 'new')
  if (before.patch === undefined || after.patch === undefined) {
    const missing = before.patch === undefined ? `GitHub sent no patch at ${heads.from}` : undefined
    return wholePatch(after, 'unknown', missing)
  }
  const renamed = before.path === after.path ? {} : { previousPath: before.path }
  const texts = await readBoth(before, after, heads)
  if (typeof texts === 'string') return { ...wholePatch(after, 'changed', texts), ...renamed }
  let patch: string | undefined
  try {
    patch = interdiff({ ...texts, oldPatch: before.patch, newPatch: after.patch })
  } catch (error) {
    const note = `no interdiff: ${getErrorMessage(error)}`
    return { ...wholePatch(after, 'changed', note), ...renamed }
  }
  if (patch === undefined) {
    const note = `too different from ${heads.from} to compare line by line`
    return { ...wholePatch(after, 'changed', note), ...renamed }
  }
  // Every difference came from the base branch: the PR's own change is the one reviewed before.
  if (patch === '' && before.path === after.path) return 'unchanged'
  if (patch === '') {
    const note = `renamed since ${heads.from}; no line of the PR's change to it differs`
    return { path: after.path, ...renamed, status: 'changed', note }
  }
  return { path: after.path, ...renamed, status: 'changed', patch, patchKind: 'interdiff' }
}

/** Both versions, or why one could not be read (the note on the fallback patch). */
async function readBoth(
  before: ChangedFile,
  after: ChangedFile,
  heads: Heads
): Promise<{ oldText: string; newText: string } | string> {
  const read = async (file: ChangedFile, ref: string): Promise<string | { unread: string }> => {
    // A file the PR deletes has no version at that head: its text is empty.
    if (file.status === 'removed') return ''
    try {
      return (await heads.gateway.readFile(file.path, ref)) ?? { unread: 'not found' }
    } catch (error) {
      return { unread: getErrorMessage(error) }
    }
  }
  const [oldText, newText] = await Promise.all([read(before, heads.from), read(after, heads.to)])
  if (typeof oldText !== 'string') {
    return `its version at ${heads.from} could not be read (${oldText.unread})`
  }
  if (typeof newText !== 'string') {
    return `its version at ${heads.to} could not be read (${newText.unread})`
  }
  return { oldText, newText }
}
