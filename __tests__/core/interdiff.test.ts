import { describe, expect, it } from '@jest/globals'
import { compareFileSets, normalizePatch } from '../../src/core/diff/file-changes.js'
import { interdiff } from '../../src/core/diff/interdiff.js'
import type { ChangedFile } from '../../src/core/pull-request/pr-data.js'
import {
  changedFile,
  insertLines,
  numberedLines,
  prPatch,
  replaceLine
} from '../support/pr-history.js'

/** The merge base of the last reviewed head: 60 lines of base code. */
const BASE = numberedLines('base', 60)

/** The PR's work on a base: two lines added before line 10, line 40 rewritten. */
function applyPr(base: string, extra: (text: string) => string = (text) => text): string {
  const rewritten = base.replace('base 40\n', 'pr c\n')
  return extra(rewritten.replace('base 10\n', 'pr a\npr b\nbase 10\n'))
}

const OLD_HEAD = applyPr(BASE)

/** The '+' and '-' lines of a patch, without their hunk headers and context. */
function changes(patch: string): string[] {
  return patch.split('\n').filter((line) => /^[+-]/.test(line))
}

/** The new-side line number of the '+' line `text` in `patch`. */
function newLineOf(patch: string, text: string): number | undefined {
  let line = 0
  for (const row of patch.split('\n')) {
    const header = /^@@ -\d+(?:,\d+)? \+(\d+)/.exec(row)
    if (header) line = Number(header[1])
    else if (row === `+${text}`) return line
    else if (row.startsWith('+') || row.startsWith(' ')) line++
  }
  return undefined
}

function interdiffOf(newBase: string, newHead: string): string | undefined {
  return interdiff({
    oldText: OLD_HEAD,
    newText: newHead,
    oldPatch: prPatch(BASE, OLD_HEAD),
    newPatch: prPatch(newBase, newHead)
  })
}

describe('compareFileSets', () => {
  const file = (path: string, patch?: string, previousPath?: string): ChangedFile => ({
    path,
    status: previousPath === undefined ? 'modified' : 'renamed',
    additions: 1,
    deletions: 0,
    ...(patch === undefined ? {} : { patch }),
    ...(previousPath === undefined ? {} : { previousPath })
  })

  it('calls a file unchanged when a rebase only moved its hunks', () => {
    const movedBase = `${numberedLines('upstream', 5)}${BASE}`
    const before = changedFile('src/a.ts', BASE, OLD_HEAD)
    const after = changedFile('src/a.ts', movedBase, applyPr(movedBase))
    expect(after.patch).not.toBe(before.patch)
    expect(normalizePatch(after.patch ?? '')).toBe(normalizePatch(before.patch ?? ''))
    expect(compareFileSets([before], [after])).toEqual([
      { path: 'src/a.ts', change: 'unchanged', before, after }
    ])
  })

  it('classifies changed, new, dropped and unknown files, in the current order then dropped', () => {
    const before = [
      file('src/changed.ts', '@@ -1 +1 @@\n-a\n+b'),
      file('src/dropped.ts', '@@ -1 +1 @@\n-a\n+b'),
      file('img/logo.png')
    ]
    const after = [
      file('src/new.ts', '@@ -0,0 +1 @@\n+x'),
      file('img/logo.png'),
      file('src/changed.ts', '@@ -1 +1 @@\n-a\n+c')
    ]
    expect(compareFileSets(before, after).map((f) => [f.path, f.change])).toEqual([
      ['src/new.ts', 'new'],
      ['img/logo.png', 'unknown'],
      ['src/changed.ts', 'changed'],
      ['src/dropped.ts', 'dropped']
    ])
  })

  it('pairs a rename made since the last review with the file it was', () => {
    const before = [file('src/old-name.ts', '@@ -1 +1 @@\n-a\n+b')]
    const after = [file('src/new-name.ts', '@@ -1 +1 @@\n-a\n+b', 'src/old-name.ts')]
    const [compared, ...rest] = compareFileSets(before, after)
    expect(rest).toEqual([])
    expect(compared).toMatchObject({ path: 'src/new-name.ts', change: 'changed' })
    expect(compared?.before?.path).toBe('src/old-name.ts')
  })
})

describe('interdiff', () => {
  it('drops the hunk a base merge brought into a PR file and keeps the PR change', () => {
    const mergedBase = replaceLine(BASE, 25, ['base 25 changed upstream'])
    const head = applyPr(mergedBase, (text) => text.replace('base 50\n', 'pr d\n'))
    const result = interdiffOf(mergedBase, head) ?? ''
    expect(changes(result)).toEqual(['-base 50', '+pr d'])
    expect(newLineOf(result, 'pr d')).toBe(head.split('\n').indexOf('pr d') + 1)
  })

  it('is empty when every change between the heads came from the base', () => {
    const mergedBase = replaceLine(BASE, 25, ['base 25 changed upstream'])
    expect(interdiffOf(mergedBase, applyPr(mergedBase))).toBe('')
  })

  it('after a force-push onto a newer base, holds only the one real change', () => {
    const newerBase = replaceLine(insertLines(BASE, 1, ['import upstream', 'import more']), 32, [
      'base 30 rewritten upstream'
    ])
    const head = applyPr(newerBase).replace('pr b\n', 'pr B\n')
    const result = interdiffOf(newerBase, head) ?? ''
    expect(changes(result)).toEqual(['-pr b', '+pr B'])
    expect(newLineOf(result, 'pr B')).toBe(head.split('\n').indexOf('pr B') + 1)
  })

  it('keeps a pure removal of lines the PR had added', () => {
    const head = applyPr(BASE).replace('pr b\n', '')
    expect(changes(interdiffOf(BASE, head) ?? '')).toEqual(['-pr b'])
  })

  it('keeps a deletion of base code the PR makes since the last review', () => {
    const head = applyPr(BASE).replace('base 50\n', '')
    expect(changes(interdiffOf(BASE, head) ?? '')).toEqual(['-base 50'])
  })

  it('keeps a line the PR had deleted and now restores', () => {
    const oldHead = BASE.replace('base 45\n', '')
    const mergedBase = replaceLine(BASE, 5, ['base 5 changed upstream'])
    const result = interdiff({
      oldText: oldHead,
      newText: mergedBase,
      oldPatch: prPatch(BASE, oldHead),
      newPatch: '@@ -1 +1 @@\n-unrelated\n+pr line'
    })
    expect(changes(result ?? '')).toEqual(['+base 45'])
  })

  it('names the patch that is not a unified diff', () => {
    expect(() =>
      interdiff({ oldText: 'a\n', newText: 'b\n', oldPatch: '@@ -1,2 +1,3 @@\n a', newPatch: '' })
    ).toThrow(/the patch at the last reviewed head is not a unified diff/)
  })
})
