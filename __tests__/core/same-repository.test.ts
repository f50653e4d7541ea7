/** Fix mode commits only to a head branch in the PR's own repository. */
import { isSameRepositoryPullRequest } from '../../src/core/pull-request/same-repository.js'

describe('isSameRepositoryPullRequest', () => {
  it('a branch of the repository itself: yes, whatever the case of the names', () => {
    expect(
      isSameRepositoryPullRequest({
        headRepository: 'octo-org/widgets',
        baseRepository: 'octo-org/widgets'
      })
    ).toBe(true)
    expect(
      isSameRepositoryPullRequest({
        headRepository: 'Octo-Org/Widgets',
        baseRepository: 'octo-org/widgets'
      })
    ).toBe(true)
  })

  it('a fork, even one with the same repository name: no', () => {
    expect(
      isSameRepositoryPullRequest({
        headRepository: 'someone/widgets',
        baseRepository: 'octo-org/widgets'
      })
    ).toBe(false)
  })

  it('a deleted fork (no head repository): no', () => {
    expect(
      isSameRepositoryPullRequest({ headRepository: null, baseRepository: 'octo-org/widgets' })
    ).toBe(false)
  })

  it('repositories the source did not name: no, failing closed', () => {
    expect(isSameRepositoryPullRequest({})).toBe(false)
    expect(isSameRepositoryPullRequest({ headRepository: 'octo-org/widgets' })).toBe(false)
    expect(isSameRepositoryPullRequest({ baseRepository: 'octo-org/widgets' })).toBe(false)
  })
})
