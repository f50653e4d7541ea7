import { buildDiffIndex, commentableLines } from '../../src/core/diff/hunks.js'
import type { ChangedFile } from '../../src/core/pull-request/pr-data.js'

const file = (
  path: string,
  status: string,
  patch?: string,
  previousPath?: string
): ChangedFile => ({
  path,
  status,
  additions: 0,
  deletions: 0,
  ...(patch === undefined ? {} : { patch }),
  ...(previousPath === undefined ? {} : { previousPath })
})

// Two hunks: old 3-6 / new 3-7, then old 20-22 / new 21-22.
const MULTI_HUNK = [
  '@@ -3,4 +3,5 @@ function setup() {',
  ' const a = 1',
  '-const b = 2',
  '+const b = 3',
  '+const c = 4',
  ' const d = 5',
  ' const e = 6',
  '@@ -20,3 +21,2 @@ function teardown() {',
  ' close()',
  '-log()',
  ' return'
].join('\n')

describe('commentableLines', () => {
  it('reads every hunk of a multi-hunk patch, per side', () => {
    expect(commentableLines(MULTI_HUNK)).toEqual({
      LEFT: [3, 4, 5, 6, 20, 21, 22],
      RIGHT: [3, 4, 5, 6, 7, 21, 22]
    })
  })

  it('skips "\\ No newline at end of file" without shifting line numbers', () => {
    const patch = [
      '@@ -1,2 +1,2 @@',
      ' first',
      '-last',
      '\\ No newline at end of file',
      '+last;',
      '\\ No newline at end of file'
    ].join('\n')
    expect(commentableLines(patch)).toEqual({ LEFT: [1, 2], RIGHT: [1, 2] })
  })

  it('reads an added file (old side empty)', () => {
    expect(commentableLines('@@ -0,0 +1,3 @@\n+a\n+b\n+c')).toEqual({ LEFT: [], RIGHT: [1, 2, 3] })
  })

  it('reads a removed file (new side empty)', () => {
    expect(commentableLines('@@ -1,2 +0,0 @@\n-a\n-b')).toEqual({ LEFT: [1, 2], RIGHT: [] })
  })

  it('reads headers that omit the count of 1', () => {
    expect(commentableLines('@@ -7 +7 @@\n-x\n+y')).toEqual({ LEFT: [7], RIGHT: [7] })
  })

  it('treats an empty line inside a hunk as context, and ignores a trailing newline', () => {
    expect(commentableLines('@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n')).toEqual({
      LEFT: [1, 2, 3],
      RIGHT: [1, 2, 3]
    })
  })

  it('has no lines without a patch', () => {
    expect(commentableLines(undefined)).toEqual({ LEFT: [], RIGHT: [] })
  })
})

describe('buildDiffIndex', () => {
  const index = buildDiffIndex([
    file('src/app.ts', 'modified', MULTI_HUNK),
    file(
      'src/new-name.ts',
      'renamed',
      '@@ -10,2 +10,2 @@\n-old()\n+renamed()\n same()',
      'src/old-name.ts'
    ),
    file('src/pure-rename.ts', 'renamed', undefined, 'src/was.ts'),
    file('assets/logo.png', 'added'),
    file('src/added.ts', 'added', '@@ -0,0 +1,2 @@\n+a\n+b'),
    file('src/removed.ts', 'removed', '@@ -1,2 +0,0 @@\n-a\n-b')
  ])

  it.each<[string, number, 'LEFT' | 'RIGHT' | undefined, boolean]>([
    ['src/app.ts', 5, undefined, true],
    ['src/app.ts', 7, 'RIGHT', true],
    ['src/app.ts', 7, 'LEFT', false],
    ['src/app.ts', 20, 'LEFT', true],
    ['src/app.ts', 20, 'RIGHT', false],
    ['src/app.ts', 12, 'RIGHT', false],
    ['src/app.ts', 2, 'RIGHT', false],
    ['src/new-name.ts', 10, 'RIGHT', true],
    ['src/new-name.ts', 11, 'LEFT', true],
    ['src/old-name.ts', 10, 'RIGHT', false],
    ['src/pure-rename.ts', 1, 'RIGHT', false],
    ['assets/logo.png', 1, 'RIGHT', false],
    ['src/added.ts', 2, 'RIGHT', true],
    ['src/added.ts', 1, 'LEFT', false],
    ['src/removed.ts', 1, 'LEFT', true],
    ['src/removed.ts', 1, 'RIGHT', false],
    ['not/in/the/pr.ts', 1, 'RIGHT', false]
  ])('%s:%i side %s commentable: %s', (path, line, side, expected) => {
    expect(index.isCommentable(path, line, side)).toBe(expected)
  })

  it.each<[string, number, 'LEFT' | 'RIGHT' | undefined, number | undefined]>([
    ['src/app.ts', 5, undefined, 5],
    ['src/app.ts', 1, 'RIGHT', 3],
    ['src/app.ts', 12, 'RIGHT', 7],
    ['src/app.ts', 15, 'RIGHT', 21],
    ['src/app.ts', 14, 'RIGHT', 7], // tie between 7 and 21: the lower one
    ['src/app.ts', 100, 'RIGHT', 22],
    ['src/app.ts', 8, 'LEFT', 6],
    ['src/removed.ts', 9, 'LEFT', 2],
    ['src/removed.ts', 1, 'RIGHT', undefined],
    ['assets/logo.png', 1, 'RIGHT', undefined],
    ['not/in/the/pr.ts', 1, undefined, undefined]
  ])('nearest to %s:%i side %s is %s', (path, line, side, expected) => {
    expect(index.nearestCommentableLine(path, line, side)).toBe(expected)
  })

  it('lists a file’s lines, none for unknown files', () => {
    expect(index.lines('src/added.ts')).toEqual({ LEFT: [], RIGHT: [1, 2] })
    expect(index.lines('nope.ts')).toEqual({ LEFT: [], RIGHT: [] })
  })
})
