/**
 * Synthetic file histories for the incremental-review tests: file texts and
 * the PR patches GitHub would send for them (hunks only, no file headers),
 * made with the same diff library the action uses.
 */
import { formatPatch, OMIT_HEADERS, structuredPatch } from 'diff'
import type { ChangedFile } from '../../src/core/pull-request/pr-data.js'
import type { FakeFile } from './fake-github/pull-state.js'

/** `count` numbered lines, "<prefix> 1" …, each ending with a newline. */
export function numberedLines(prefix: string, count: number): string {
  return Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}\n`).join('')
}

/** The text with line `number` (1-based) replaced by `replacement` lines ([] deletes it). */
export function replaceLine(text: string, number: number, replacement: readonly string[]): string {
  const lines = text.split('\n')
  lines.splice(number - 1, 1, ...replacement)
  return lines.join('\n')
}

/** The text with `inserted` lines placed before line `number` (1-based). */
export function insertLines(text: string, number: number, inserted: readonly string[]): string {
  return replaceLine(text, number, [...inserted, text.split('\n')[number - 1] ?? ''])
}

/** The patch of base → head as the files API sends it. */
export function prPatch(base: string, head: string): string {
  const patch = structuredPatch('a', 'b', base, head, undefined, undefined, { context: 3 })
  return formatPatch(patch, OMIT_HEADERS).trimEnd()
}

/** A modified file of the PR, base → head, with its counts. */
export function changedFile(path: string, base: string, head: string): ChangedFile {
  const patch = prPatch(base, head)
  const lines = patch.split('\n')
  return {
    path,
    status: base === '' ? 'added' : 'modified',
    additions: lines.filter((line) => line.startsWith('+')).length,
    deletions: lines.filter((line) => line.startsWith('-')).length,
    patch
  }
}

/** The fake GitHub's shape of a changed file. */
export function fakeFile(file: ChangedFile): FakeFile {
  return {
    filename: file.path,
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    ...(file.patch === undefined ? {} : { patch: file.patch }),
    ...(file.previousPath === undefined ? {} : { previousFilename: file.previousPath })
  }
}

/** One file of a synthetic PR at each head. */
export interface SyntheticFile {
  readonly path: string
  /** The merge base's text. */
  readonly base: string
  readonly oldHead: string
  readonly newHead: string
}

/** The line a one-line push adds to the first file, inside the PR's own code. */
export const PUSHED_LINE = '  if (rows.length === 0) return []'

/** A function of `size` lines the PR adds to file `n`, about 40 characters a line. */
function prFunction(n: number, size: number): string[] {
  const body = Array.from(
    { length: size },
    (_, i) => `  const value${i} = transform${n}(rows[${i}], options)`
  )
  return [`export function feature${n}(rows, options) {`, ...body, '  return rows', '}']
}

/**
 * A reviewed PR of `count` files, each adding a function to 80 lines of base
 * code and rewriting one base line; then a push that adds PUSHED_LINE to the
 * first file and nothing else.
 */
export function onePushPr(count = 30, functionLines = 40): SyntheticFile[] {
  return Array.from({ length: count }, (_, n) => {
    const base = numberedLines(`const base${n} =`, 80)
    const added = prFunction(n, functionLines)
    const oldHead = replaceLine(insertLines(base, 40, added), 10, [`const base${n} = 'rewritten'`])
    const newHead =
      n === 0 ? insertLines(oldHead, 41 + Math.floor(functionLines / 2), [PUSHED_LINE]) : oldHead
    return { path: `src/feature-${n}.ts`, base, oldHead, newHead }
  })
}
