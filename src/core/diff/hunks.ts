/**
 * Commentable lines from each changed file's unified-diff `patch`. GitHub
 * accepts a review comment only on a line inside a hunk: RIGHT = a line of
 * the new file that is added or context; LEFT = a line of the old file that
 * is deleted or context. A file without a patch (binary, too large, pure
 * rename) has none.
 */
import type { ChangedFile } from '../pull-request/pr-data.js'

export type DiffSide = 'LEFT' | 'RIGHT'

export interface CommentableLines {
  /** Ascending, no duplicates. */
  readonly LEFT: readonly number[]
  readonly RIGHT: readonly number[]
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/

/** Commentable lines of one patch. Malformed lines outside a hunk are skipped. */
export function commentableLines(patch: string | undefined): CommentableLines {
  const left = new Set<number>()
  const right = new Set<number>()
  if (patch === undefined) return { LEFT: [], RIGHT: [] }
  let oldLine = 0
  let newLine = 0
  let oldLeft = 0
  let newLeft = 0
  for (const line of patch.split(/\r?\n/)) {
    const header = HUNK_HEADER.exec(line)
    if (header !== null) {
      oldLine = Number(header[1])
      oldLeft = header[2] === undefined ? 1 : Number(header[2])
      newLine = Number(header[3])
      newLeft = header[4] === undefined ? 1 : Number(header[4])
      continue
    }
    if (oldLeft <= 0 && newLeft <= 0) continue // between hunks, or trailing text
    // Any other line, such as "\ No newline at end of file", takes no line number.
    const mark = line[0]
    if (mark === '+') {
      right.add(newLine++)
      newLeft--
    } else if (mark === '-') {
      left.add(oldLine++)
      oldLeft--
    } else if (mark === ' ' || line === '') {
      // Context; some tools strip the lone space of an empty context line.
      left.add(oldLine++)
      right.add(newLine++)
      oldLeft--
      newLeft--
    }
  }
  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b)
  return { LEFT: sorted(left), RIGHT: sorted(right) }
}

export interface DiffIndex {
  isCommentable(path: string, line: number, side?: DiffSide): boolean
  /** The commentable line closest to `line` (the lower one on a tie); undefined when the file has none. */
  nearestCommentableLine(path: string, line: number, side?: DiffSide): number | undefined
  lines(path: string): CommentableLines
}

const NONE: CommentableLines = { LEFT: [], RIGHT: [] }

/** Indexes the PR's changed files by their (new) path, which is what comments use. */
export function buildDiffIndex(files: readonly ChangedFile[]): DiffIndex {
  const byPath = new Map<string, { lines: CommentableLines; sets: Record<DiffSide, Set<number>> }>()
  for (const file of files) {
    const lines = commentableLines(file.patch)
    byPath.set(file.path, {
      lines,
      sets: { LEFT: new Set(lines.LEFT), RIGHT: new Set(lines.RIGHT) }
    })
  }
  return {
    isCommentable(path, line, side = 'RIGHT') {
      return byPath.get(path)?.sets[side].has(line) ?? false
    },
    nearestCommentableLine(path, line, side = 'RIGHT') {
      const candidates = byPath.get(path)?.lines[side] ?? []
      let best: number | undefined
      for (const candidate of candidates) {
        if (best === undefined || Math.abs(candidate - line) < Math.abs(best - line)) {
          best = candidate
        }
      }
      return best
    },
    lines(path) {
      return byPath.get(path)?.lines ?? NONE
    }
  }
}
