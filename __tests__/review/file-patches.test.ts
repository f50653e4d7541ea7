import { describe, expect, it } from '@jest/globals'
import type { ChangedFile } from '../../src/core/pull-request/pr-data.js'
import {
  filePatchFor,
  MAX_SUGGESTIONS,
  NO_PATCH_NOTE
} from '../../src/review/tools/file-patches.js'

const files: ChangedFile[] = [
  {
    path: 'src/review/prompts.ts',
    status: 'modified',
    additions: 3,
    deletions: 1,
    patch: '@@ -1 +1 @@\n-a\n+b'
  },
  {
    path: 'src/core/new-name.ts',
    previousPath: 'src/core/old-name.ts',
    status: 'renamed',
    additions: 1,
    deletions: 0,
    patch: '@@ -1 +1,2 @@\n a\n+c'
  },
  { path: 'assets/logo.png', status: 'added', additions: 0, deletions: 0 }
]

describe('filePatchFor', () => {
  it('returns the whole patch of a file of the PR', () => {
    expect(filePatchFor(files, 'src/review/prompts.ts')).toEqual({
      file: 'src/review/prompts.ts',
      status: 'modified',
      additions: 3,
      deletions: 1,
      patch: '@@ -1 +1 @@\n-a\n+b'
    })
  })

  it('finds a renamed file by its old path too', () => {
    expect(filePatchFor(files, 'src/core/old-name.ts')).toMatchObject({
      file: 'src/core/new-name.ts',
      previous_file: 'src/core/old-name.ts',
      patch: '@@ -1 +1,2 @@\n a\n+c'
    })
  })

  it('says why a binary file has no patch', () => {
    expect(filePatchFor(files, 'assets/logo.png')).toMatchObject({
      patch: null,
      note: NO_PATCH_NOTE
    })
  })

  it('names an unknown path and suggests the closest PR paths first', () => {
    expect(() => filePatchFor(files, 'src/review/prompt.ts')).toThrow(
      /file "src\/review\/prompt\.ts" is not in the pull request's file list; expected a path as listed, the closest are: src\/review\/prompts\.ts, /
    )
  })

  it(`suggests at most ${MAX_SUGGESTIONS} paths`, () => {
    const many = Array.from({ length: 25 }, (_, n): ChangedFile => ({
      path: `src/file-${n}.ts`,
      status: 'modified',
      additions: 1,
      deletions: 0
    }))
    const message = (() => {
      try {
        filePatchFor(many, 'src/file-x.ts')
      } catch (error) {
        return (error as Error).message
      }
      return ''
    })()
    expect(message.split('closest are: ')[1]?.split(', ')).toHaveLength(MAX_SUGGESTIONS)
  })

  it('says when the PR changes no files', () => {
    expect(() => filePatchFor([], 'a.ts')).toThrow(/the pull request changes no files/)
  })
})
