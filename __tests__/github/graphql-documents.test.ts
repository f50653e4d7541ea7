/**
 * Every GraphQL document the gateway sends is valid against GitHub's
 * published schema, and the fake refuses invalid ones the way GitHub does.
 */
import { ALL_DOCUMENTS } from '../../src/github/graphql-documents.js'
import { validateDocument } from '../support/fake-github/graphql.js'
import { FakeGitHub } from '../support/fake-github/fake-github-server.js'

describe('GraphQL documents', () => {
  it.each(Object.entries(ALL_DOCUMENTS))('%s validates against the schema', (_name, document) => {
    expect(validateDocument(document).map((error) => error.message)).toEqual([])
  })

  it('the validator catches a field GitHub does not have', () => {
    const broken = ALL_DOCUMENTS['REVIEW_THREADS_QUERY']!.replace('isOutdated', 'isStale')
    expect(validateDocument(broken).map((error) => error.message)).toEqual([
      'Cannot query field "isStale" on type "PullRequestReviewThread".'
    ])
  })
})

describe('the fake GraphQL endpoint', () => {
  let github: FakeGitHub
  beforeEach(async () => {
    github = await new FakeGitHub().start()
    github.state.addPullRequest('o', 'r', 1)
  })
  afterEach(() => github.stop())

  async function post(query: string, variables: Record<string, unknown> = {}) {
    const response = await fetch(`${github.url}/graphql`, {
      method: 'POST',
      body: JSON.stringify({ query, variables })
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it('answers an invalid document with 200 and an errors array, without data', async () => {
    const { status, body } = await post('{ viewer { loginName } }')
    expect(status).toBe(200)
    expect(body['data']).toBeUndefined()
    expect(body['errors']).toEqual([
      expect.objectContaining({ message: expect.stringContaining('"loginName"') })
    ])
  })

  it('enforces the 100-node cap on connections', async () => {
    const { body } = await post(
      'query { repository(owner: "o", name: "r") { pullRequest(number: 1) { reviewThreads(first: 101) { totalCount } } } }'
    )
    expect(body['errors']).toEqual([expect.objectContaining({ type: 'EXCESSIVE_PAGINATION' })])
  })

  it('requires first or last on connections', async () => {
    const { body } = await post(
      'query { repository(owner: "o", name: "r") { pullRequest(number: 1) { reviewThreads { totalCount } } } }'
    )
    expect(body['errors']).toEqual([
      expect.objectContaining({ type: 'MISSING_PAGINATION_BOUNDARIES' })
    ])
  })
})
