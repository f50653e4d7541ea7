/** The PR's commits through the paginated commits API: oldest first, capped at 250 by GitHub. */
import { startFixture, type Fixture } from './fixture.js'

const COMMITS = 'GET /repos/:owner/:repo/pulls/:number/commits'

/** Distinct 40-hex SHAs in creation order. */
const shas = (count: number) =>
  Array.from({ length: count }, (_, index) => `c${index.toString(16).padStart(39, '0')}`)

let f: Fixture
beforeEach(async () => {
  f = await startFixture()
})
afterEach(() => f.github.stop())

describe('listing the commits of a pull request', () => {
  it('a PR with one commit lists its head', async () => {
    f.pr.headSha = 'd'.repeat(40)

    expect(await f.gateway.listCommits()).toEqual(['d'.repeat(40)])
  })

  it('pages past 100 commits, keeping the oldest-first order', async () => {
    f.pr.commits = shas(130)

    expect(await f.gateway.listCommits()).toEqual(shas(130))
    expect(f.github.requestsTo(COMMITS)).toHaveLength(2)
    expect(f.logs).toEqual([])
  })

  it('beyond 250 commits gets the 250 GitHub serves, and says the newer ones are missing', async () => {
    f.pr.commits = shas(260)

    const listed = await f.gateway.listCommits()

    expect(listed).toEqual(shas(250))
    expect(f.github.requestsTo(COMMITS)).toHaveLength(3)
    expect(f.logs).toEqual([expect.stringMatching(/only the first 250 commits of #7/)])
  })

  it('a response without SHAs is refused, naming the field', async () => {
    f.github.fail(COMMITS, { status: 200, body: [{ sha: '' }] })

    await expect(f.gateway.listCommits()).rejects.toThrow(/\[0\]\.sha: .*; received ""$/)
  })
})
