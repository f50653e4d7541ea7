import { describe, expect, it } from '@jest/globals'
import { z } from 'zod'
import { formatZodIssues } from '../../src/core/errors/zod-issues.js'

const finding = z.strictObject({
  file: z.string(),
  score: z.number().int().max(10),
  tags: z.array(z.string()).optional(),
  token: z.string().min(16, 'expected a random token').optional()
})

function issuesOf(input: unknown) {
  const parsed = finding.safeParse(input)
  if (parsed.success) throw new Error('expected the parse to fail')
  return parsed.error.issues
}

describe('formatZodIssues', () => {
  it('names the field, what was expected and the value received', () => {
    const input = { file: 3, score: 11, tags: ['a', 7] }
    expect(formatZodIssues(issuesOf(input), input)).toEqual([
      'file: expected string; received 3',
      'score: Too big: expected number to be <=10; received 11',
      'tags[1]: expected string; received 7'
    ])
  })

  it('says when a field is missing, and names the root by the caller’s word', () => {
    const input = { score: 1, extra: true }
    expect(formatZodIssues(issuesOf(input), input, { root: '(arguments)' })).toEqual([
      'file: expected string; received nothing (the field is missing)',
      '(arguments): Unrecognized key: "extra"; received {"score":1,"extra":true}'
    ])
  })

  it('shortens a long value', () => {
    const input = { file: 'f', score: 'x'.repeat(200) }
    const [line] = formatZodIssues(issuesOf(input), input)
    expect(line).toBe(`score: expected number; received "${'x'.repeat(79)}\u2026`)
  })

  it('never echoes a value in the withheld style', () => {
    const input = { file: 'f', score: 1, token: 'short-secret' }
    expect(formatZodIssues(issuesOf(input), input, { style: 'withheld' })).toEqual([
      'token: expected a random token'
    ])
  })

  it('takes the schema’s own sentence as the whole text in the sentence style', () => {
    const input = { file: 'f', score: 1, token: 'short-secret' }
    expect(formatZodIssues(issuesOf(input), input, { style: 'sentence' })).toEqual([
      'expected a random token'
    ])
  })
})
