/**
 * `github_get_file_patch`: any file's whole patch in the pull request. An
 * incremental pass 1 inlines only what changed since the last review; this
 * is how the agent sees the rest of a file's change when it needs it.
 */
import { diffChars } from 'diff'
import type { ChangedFile } from '../../core/pull-request/pr-data.js'
import type { FilePatchResult } from '../../ports/review-tools.js'

/** How many known paths an unknown-path error suggests. */
export const MAX_SUGGESTIONS = 10

export const NO_PATCH_NOTE = 'binary or too large for a patch: read the file with your tools'

/** The file's whole PR patch; a path the PR does not change throws, naming the closest ones. */
export function filePatchFor(files: readonly ChangedFile[], file: string): FilePatchResult {
  const wanted = file.trim()
  // The model may name a renamed file by its old path, as a thread on it would.
  const found =
    files.find((candidate) => candidate.path === wanted) ??
    files.find((candidate) => candidate.previousPath === wanted)
  if (found === undefined) throw new Error(unknownPathMessage(files, wanted))
  return {
    file: found.path,
    status: found.status,
    ...(found.previousPath === undefined ? {} : { previous_file: found.previousPath }),
    additions: found.additions,
    deletions: found.deletions,
    patch: found.patch ?? null,
    ...(found.patch === undefined ? { note: NO_PATCH_NOTE } : {})
  }
}

function unknownPathMessage(files: readonly ChangedFile[], wanted: string): string {
  const head = `file ${JSON.stringify(wanted)} is not in the pull request's file list`
  if (files.length === 0) return `${head}: the pull request changes no files.`
  const closest = files
    .map((candidate) => ({ path: candidate.path, distance: editDistance(wanted, candidate.path) }))
    .sort((a, b) => a.distance - b.distance || a.path.localeCompare(b.path))
    .slice(0, MAX_SUGGESTIONS)
    .map((candidate) => candidate.path)
  return `${head}; expected a path as listed, the closest are: ${closest.join(', ')}`
}

/** Characters to insert or delete to turn one path into the other: a typo or a wrong folder ranks first. */
function editDistance(a: string, b: string): number {
  return diffChars(a, b)
    .filter((change) => change.added || change.removed)
    .reduce((sum, change) => sum + change.value.length, 0)
}
