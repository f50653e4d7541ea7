import {
  ANNOTATION_MESSAGE_BYTES,
  annotationBatches,
  annotationLevel,
  cutToBytes,
  findingAnnotation,
  publishedAnnotations
} from '../../src/core/reports/check-annotations.js'
import { REDACTED } from '../../src/core/text-safety/sanitize.js'

const staged = (id: string, line: number, score = 7) => ({
  id,
  line,
  score,
  finding: `Finding ${id}`,
  assessment: `Why ${id}.`
})

describe('annotationLevel', () => {
  it.each([
    [10, 'failure'],
    [9, 'failure'],
    [8, 'warning'],
    [7, 'warning'],
    [6, 'notice'],
    [1, 'notice']
  ])('score %i is a %s', (score, level) => {
    expect(annotationLevel(score)).toBe(level)
  })
})

describe('findingAnnotation', () => {
  it('one line, the finding as title, finding and assessment as the message', () => {
    expect(
      findingAnnotation({
        path: 'src/a.ts',
        line: 12,
        score: 9,
        finding: 'Unchecked null',
        assessment: 'x can be null here.'
      })
    ).toEqual({
      path: 'src/a.ts',
      start_line: 12,
      end_line: 12,
      annotation_level: 'failure',
      title: 'Unchecked null',
      message: 'Unchecked null\n\nx can be null here.\n\nScore 9/10.'
    })
  })

  it('sanitizes as plain text: secrets redacted, mentions defused, no markdown escapes', () => {
    const secret = 'annot-secret-0a1b2c3d4e'
    const a = findingAnnotation(
      {
        path: 'a.ts',
        line: 1,
        score: 5,
        finding: `Leaks ${secret} to @octocat`,
        assessment: 'Use *stars* and `code`.'
      },
      [secret]
    )
    expect(a.title + a.message).not.toContain(secret)
    expect(a.title).toBe(`Leaks ${REDACTED} to @\u2060octocat`)
    expect(a.message).toContain('Use *stars* and `code`.')
  })

  it('caps the title at 255 characters and the message at 64 KB of UTF-8', () => {
    const a = findingAnnotation({
      path: 'a.ts',
      line: 3,
      score: 7,
      finding: 'T'.repeat(400),
      assessment: '😀'.repeat(20_000)
    })
    expect(a.title).toHaveLength(255)
    expect(a.title.endsWith('…')).toBe(true)
    const bytes = new TextEncoder().encode(a.message).length
    expect(bytes).toBeLessThanOrEqual(ANNOTATION_MESSAGE_BYTES)
    expect(bytes).toBeGreaterThan(ANNOTATION_MESSAGE_BYTES - 8)
    expect(a.message.endsWith('…')).toBe(true)
  })
})

describe('cutToBytes', () => {
  it('leaves a text within the limit alone and never splits a character', () => {
    expect(cutToBytes('abc', 3)).toBe('abc')
    expect(cutToBytes('😀😀😀', 10)).toBe('😀…')
  })
})

describe('publishedAnnotations', () => {
  it('annotates posted findings in order, a file-level one on the line it names', () => {
    const annotations = publishedAnnotations(
      [
        { id: 'F2', path: 'src/b.ts', line: 4 },
        { id: 'F1', path: 'src/a.ts', line: null }
      ],
      [staged('F1', 30, 9), staged('F2', 4, 6), staged('F3', 5)]
    )
    expect(annotations.map((a) => [a.path, a.start_line, a.annotation_level, a.title])).toEqual([
      ['src/b.ts', 4, 'notice', 'Finding F2'],
      ['src/a.ts', 30, 'failure', 'Finding F1']
    ])
  })

  it('leaves out a posted finding the stage does not hold', () => {
    expect(publishedAnnotations([{ id: 'F9', path: 'a.ts', line: 1 }], [staged('F1', 1)])).toEqual(
      []
    )
  })
})

describe('annotationBatches', () => {
  it('60 annotations are two requests: 50, then 10', () => {
    const batches = annotationBatches(Array.from({ length: 60 }, (_, i) => i))
    expect(batches.map((b) => b.length)).toEqual([50, 10])
    expect(batches.flat()).toEqual(Array.from({ length: 60 }, (_, i) => i))
  })

  it('none is no request', () => {
    expect(annotationBatches([])).toEqual([])
  })
})
