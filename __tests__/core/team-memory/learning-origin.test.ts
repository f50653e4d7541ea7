import { learningOrigin } from '../../../src/core/team-memory/learning-origin.js'
import { describeLearning } from '../../../src/core/team-memory/learning-match.js'
import { learning } from './team-fixtures.js'

describe('where a learning was taught', () => {
  it('is its pull request on GitHub, its branch in local mode', () => {
    const onGitHub = learning({ source: { pr: 12, thread: 'PRRT_1' } })
    const local = learning({ source: { pr: 1, thread: 'PRRT_1', branch: 'feat/x' } })
    expect(learningOrigin(onGitHub)).toBe('in PR #12')
    expect(learningOrigin(local)).toBe('on branch feat/x')
    expect(describeLearning(local)).toContain('on branch feat/x')
    expect(describeLearning(local)).not.toContain('PR #1')
  })
})
