import { matchLearning } from '../../../src/core/team-memory/learning-match.js'
import { learning } from './team-fixtures.js'

const taught = learning()
const finding = {
  path: 'src/api/orders.ts',
  category: 'Privacy',
  finding: 'User id written to the request log here',
  score: 6
}

describe('a new finding against the learnings', () => {
  it('is refused when category, scope and wording match, naming the learning, rule and teacher', () => {
    const match = matchLearning(finding, [taught])
    expect(match?.decision).toBe('refuse')
    expect(match?.learning).toBe(taught)
    const reason = match?.decision === 'refuse' ? match.reason : ''
    expect(reason).toContain('L-0123456789')
    expect(reason).toContain(taught.rule)
    expect(reason).toContain('taught by alice in PR #7')
  })

  it.each([
    ['another category', { ...finding, category: 'performance' }],
    ['a path outside the scope', { ...finding, path: 'src/web/orders.ts' }],
    ['different wording', { ...finding, finding: 'The retry loop never backs off on errors' }]
  ])('matches nothing with %s', (_name, other) => {
    expect(matchLearning(other, [taught])).toBeUndefined()
  })

  it('meets an uncategorized learning only with an uncategorized finding', () => {
    const bare = learning({ scope: { path: 'src/**', category: 'uncategorized' } })
    expect(matchLearning({ ...finding, category: undefined }, [bare])?.decision).toBe('refuse')
    expect(matchLearning(finding, [bare])).toBeUndefined()
  })

  it.each([
    ['a security finding', { ...finding, category: 'Security' }, 'a security finding'],
    ['a finding scored 9', { ...finding, score: 9 }, 'scored 9'],
    ['a finding scored 10', { ...finding, score: 10 }, 'scored 10']
  ])('publishes %s with the learning beside it, never refusing it', (_name, other, why) => {
    const securityLearning = learning({ scope: { path: 'src/api/**', category: 'security' } })
    const learnings = other.category === 'Security' ? [securityLearning] : [taught]
    const match = matchLearning(other, learnings)
    expect(match?.decision).toBe('publish-with-learning')
    const note = match?.decision === 'publish-with-learning' ? match.note : ''
    expect(note).toContain('L-0123456789')
    expect(note).toContain(why)
  })

  it('picks the learning with the most overlap, then the newest', () => {
    const loose = learning({ id: 'L-aaaaaaaaaa', finding: 'User id in the log output of requests' })
    const close = learning({ id: 'L-bbbbbbbbbb', finding: 'User id written to the request log' })
    expect(matchLearning(finding, [loose, close])?.learning.id).toBe('L-bbbbbbbbbb')
    const older = learning({ id: 'L-cccccccccc', created_at: '2026-01-01T00:00:00Z' })
    const newer = learning({ id: 'L-dddddddddd', created_at: '2026-02-01T00:00:00+01:00' })
    expect(matchLearning(finding, [older, newer])?.learning.id).toBe('L-dddddddddd')
    expect(matchLearning(finding, [newer, older])?.learning.id).toBe('L-dddddddddd')
  })
})
