import { learningBlock } from '../../../src/core/memory/learning-block.js'
import {
  buildLearning,
  learningId,
  LearningInputError
} from '../../../src/core/team-memory/learning-builder.js'
import type { LearningCandidate } from '../../../src/core/team-memory/learning-candidates.js'
import { reply } from './team-fixtures.js'

const candidate: LearningCandidate = {
  pr: 7,
  thread: 'PRRT_1',
  file: 'src/api/users.ts',
  line: 12,
  finding: 'The user id is written to the request log',
  assessment: 'Logging identifiers may leak personal data.',
  category: 'privacy',
  score: 6,
  exchange: [reply('bob', 'They are internal ids.')],
  taughtBy: 'bob',
  via: 'concession'
}

const now = new Date('2026-03-05T08:00:00Z')
const url = 'https://github.com/o/r/pull/7#discussion_r11'

describe('a learning from a candidate and the model’s rule', () => {
  it('is a valid learning block with the scope, source and teacher of the candidate', () => {
    const block = buildLearning({ candidate, rule: ' Internal ids may be `logged`.\n', now, url })
    expect(learningBlock.parse(block)).toEqual(block)
    expect(block).toEqual({
      kind: 'learning',
      id: learningId(7, 'PRRT_1', 'Internal ids may be logged.'),
      rule: 'Internal ids may be logged.',
      scope: { path: 'src/api/**', category: 'privacy' },
      finding: 'The user id is written to the request log',
      source: { pr: 7, thread: 'PRRT_1', url },
      taught_by: 'bob',
      via: 'concession',
      created_at: '2026-03-05T08:00:00.000Z'
    })
  })

  it('gets the same id from the same source and rule, another from another rule or thread', () => {
    const id = learningId(7, 'PRRT_1', 'Rule.')
    expect(id).toMatch(/^L-[0-9a-f]{10}$/)
    expect(learningId(7, 'PRRT_1', 'Rule.')).toBe(id)
    expect(learningId(7, 'PRRT_1', 'Other rule.')).not.toBe(id)
    expect(learningId(7, 'PRRT_2', 'Rule.')).not.toBe(id)
    expect(learningId(8, 'PRRT_1', 'Rule.')).not.toBe(id)
  })

  it('keeps a local branch in the source, and the branch sets the id apart (every branch is PR 1)', () => {
    const local = { ...candidate, pr: 1, via: 'dismissed' as const }
    const onA = buildLearning({ candidate: local, rule: 'Rule.', now, branch: 'feat/a' })
    const onB = buildLearning({ candidate: local, rule: 'Rule.', now, branch: 'feat/b' })
    expect(onA.source).toEqual({ pr: 1, thread: 'PRRT_1', branch: 'feat/a' })
    expect(onA.id).toBe(learningId(1, 'PRRT_1', 'Rule.', 'feat/a'))
    expect(onA.id).not.toBe(onB.id)
    expect(onA.id).not.toBe(learningId(1, 'PRRT_1', 'Rule.'))
    expect(() => buildLearning({ candidate: local, rule: 'Rule.', now, branch: 'a`b' })).toThrow(
      'learning.source.branch'
    )
  })

  it('leaves the url out when none is known', () => {
    expect(buildLearning({ candidate, rule: 'Rule.', now }).source).toEqual({
      pr: 7,
      thread: 'PRRT_1'
    })
  })

  it.each<[string, Parameters<typeof buildLearning>[0], string]>([
    ['a rule with nothing readable', { candidate, rule: ' ** ', now }, 'learning.rule:'],
    ['an invalid date', { candidate, rule: 'R.', now: new Date('x') }, 'learning.created_at:'],
    [
      'an absolute file',
      { candidate: { ...candidate, file: '/etc/x' }, rule: 'R.', now },
      'scope.path:'
    ],
    [
      'a bot teacher',
      { candidate: { ...candidate, taughtBy: 'a[bot]' }, rule: 'R.', now },
      'taught_by:'
    ],
    ['a non-https url', { candidate, rule: 'R.', now, url: 'javascript:alert(1)' }, 'source.url:']
  ])('refuses %s, naming the field', (_name, input, field) => {
    expect(() => buildLearning(input)).toThrow(LearningInputError)
    expect(() => buildLearning(input)).toThrow(field)
  })
})
