/**
 * Reading the review threads of a big PR: 1,000 threads, 10 of them with 150
 * comments. The floor is one request per 100 threads plus one per thread whose
 * comments overflow the first page; the target is exactly the floor.
 */
import { GitHubReviewGateway } from '../src/github/github-review-gateway.js'
import { createGitHubClient } from '../src/github/octokit.js'
import { FakeGitHub } from '../__tests__/support/fake-github/fake-github-server.js'

const THREADS = 1000
const LONG_THREADS = 10
const LONG_COMMENTS = 150
const PAGE = 100

export async function main(): Promise<void> {
  const github = await new FakeGitHub().start()
  try {
    const pr = github.state.addPullRequest('bench', 'repo', 1)
    for (let index = 0; index < THREADS; index += 1) {
      const comments = index % (THREADS / LONG_THREADS) === 0 ? LONG_COMMENTS : 3
      github.state.addThread(pr, {
        path: `src/file-${index % 40}.ts`,
        line: (index % 200) + 1,
        comments: Array.from({ length: comments }, (_, n) => ({
          author: n % 2 === 0 ? 'github-actions[bot]' : 'dev',
          body: `comment ${n} of thread ${index}`
        }))
      })
    }
    // One "second" = 1 ms: plugin-throttling spaces GraphQL calls 1 s apart on
    // GitHub, which would only measure the spacing, not the gateway.
    const client = createGitHubClient({ token: 'bench', baseUrl: github.url, msPerSecond: 1 })
    const gateway = new GitHubReviewGateway({
      client,
      pullRequest: { owner: 'bench', repo: 'repo', number: 1 }
    })

    const started = performance.now()
    const threads = await gateway.listReviewThreads()
    const wall = performance.now() - started

    const comments = threads.reduce((sum, thread) => sum + thread.comments.length, 0)
    const expectedComments = LONG_THREADS * LONG_COMMENTS + (THREADS - LONG_THREADS) * 3
    const longThreads = threads.filter((thread) => thread.comments.length > PAGE).length
    const floor = Math.ceil(THREADS / PAGE) + LONG_THREADS
    const used = github.graphqlRequests().length
    console.log(`threads read:      ${threads.length} (expected ${THREADS})`)
    console.log(`comments read:     ${comments} (expected ${expectedComments})`)
    console.log(
      `GraphQL requests:  ${used} (floor ${floor} = ceil(${THREADS}/${PAGE}) + ${longThreads} long threads) -> ${used === floor ? 'at the floor' : `${used - floor} over`}`
    )
    console.log(
      `wall time:         ${wall.toFixed(0)} ms against the local fake (throttle spacing shrunk to 1 ms; on GitHub add ~${used - 1} s of 1 s spacing)`
    )
    if (threads.length !== THREADS || comments !== expectedComments)
      throw new Error('bench: the gateway lost threads or comments')
  } finally {
    await github.stop()
  }
}
