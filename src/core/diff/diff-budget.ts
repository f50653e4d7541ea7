/**
 * Which patches go into the pass-1 prompt. A prompt has a size budget; files
 * beyond it are only listed (name, status, +/- counts) and the agent reads
 * them with its own tools. Some files are never inlined whatever the budget:
 * their diffs are machine-written noise that would crowd out the code a
 * reviewer should look at.
 */
import type { ChangedFile } from '../pull-request/pr-data.js'

export type ListReason =
  'lock-file' | 'build-output' | 'minified' | 'generated' | 'ignored' | 'no-patch' | 'over-budget'

/** True for a path the repository's config file ignores (its patch is never inlined). */
export type IgnoredPath = (path: string) => boolean

export interface ListedFile {
  readonly file: ChangedFile
  readonly reason: ListReason
}

export interface DiffPlan {
  /** Files whose patch is inlined, in the order given. */
  readonly inlined: readonly ChangedFile[]
  /** Files only named, in the order given. */
  readonly listed: readonly ListedFile[]
  /** Characters of the inlined patches. */
  readonly inlinedChars: number
}

const LOCK_FILES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lock',
  'bun.lockb',
  'deno.lock',
  'cargo.lock',
  'gemfile.lock',
  'poetry.lock',
  'pipfile.lock',
  'uv.lock',
  'pdm.lock',
  'composer.lock',
  'go.sum',
  'go.work.sum',
  'mix.lock',
  'pubspec.lock',
  'podfile.lock',
  'package.resolved',
  'packages.lock.json',
  'flake.lock',
  'gradle.lockfile'
])

/** Directories of build output and vendored code. */
const BUILD_DIRS = /(?:^|\/)(?:dist|node_modules|vendor|coverage)\//
const MINIFIED = /\.min\.(?:js|mjs|cjs|css)$|\.map$/
const GENERATED_NAME =
  /\.generated\.[^/]+$|\.g\.dart$|\.pb\.go$|_pb2(?:_grpc)?\.pyi?$|\.pb\.(?:cc|h)$|\.designer\.cs$|\.snap$/
/** Markers tools write at the top of generated files. */
const GENERATED_MARKER = /@generated\b|\bDO NOT EDIT\b|\bauto-?generated\b/i
/** A patch line this long is minified or machine-written, not reviewable code. */
const MAX_LINE_CHARS = 1000
/** Only the head of a patch is searched for a generated-file marker. */
const MARKER_WINDOW = 2000

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

/** Why a file is never inlined, or undefined when it may be. */
export function alwaysListedReason(file: ChangedFile): ListReason | undefined {
  const name = baseName(file.path).toLowerCase()
  if (LOCK_FILES.has(name) || name.endsWith('.lock')) return 'lock-file'
  if (BUILD_DIRS.test(file.path)) return 'build-output'
  if (MINIFIED.test(name)) return 'minified'
  if (GENERATED_NAME.test(name)) return 'generated'
  if (file.patch === undefined || file.patch === '') return 'no-patch'
  if (file.patch.split('\n').some((line) => line.length > MAX_LINE_CHARS)) return 'minified'
  if (GENERATED_MARKER.test(file.patch.slice(0, MARKER_WINDOW))) return 'generated'
  return undefined
}

/**
 * Inlines patches in the given order while they fit in `maxChars`; a patch
 * that does not fit is listed and smaller ones after it may still fit, so
 * one huge file does not push every other file out of the prompt.
 */
export function planDiff(
  files: readonly ChangedFile[],
  maxChars: number,
  ignored: IgnoredPath = () => false
): DiffPlan {
  if (!Number.isFinite(maxChars) || maxChars < 0) {
    throw new RangeError(`diff budget must be a non-negative number of characters, got ${maxChars}`)
  }
  const inlined: ChangedFile[] = []
  const listed: ListedFile[] = []
  let used = 0
  for (const file of files) {
    const reason = ignored(file.path) ? 'ignored' : alwaysListedReason(file)
    const size = file.patch?.length ?? 0
    if (reason !== undefined) listed.push({ file, reason })
    else if (used + size > maxChars) listed.push({ file, reason: 'over-budget' })
    else {
      inlined.push(file)
      used += size
    }
  }
  return { inlined, listed, inlinedChars: used }
}

const REASON_TEXT: Record<ListReason, string> = {
  'lock-file': 'lock file',
  'build-output': 'build output or vendored',
  minified: 'minified',
  generated: 'generated',
  ignored: 'ignored by the repository config',
  'no-patch': 'binary or too large for a patch',
  'over-budget': 'over the diff budget'
}

/** One line per file, e.g. "src/a.ts (modified, +3/-1)"; the listing reason when given. */
export function describeFile(file: ChangedFile, reason?: ListReason): string {
  const renamed = file.previousPath !== undefined ? ` from ${file.previousPath}` : ''
  const why = reason !== undefined ? `; not inlined: ${REASON_TEXT[reason]}` : ''
  return `${file.path} (${file.status}${renamed}, +${file.additions}/-${file.deletions}${why})`
}
