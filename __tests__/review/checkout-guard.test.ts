/**
 * The checkout must be the PR head: the engine asks for
 * the workspace's HEAD before the agent starts and, when it is another
 * commit or no repository at all, fails with the fix, never starting the
 * agent. The end-to-end test does the same with real git and opencode.
 */
import { ReviewFailedError } from '../../src/review/preparation/review-failure.js'
import { submit } from '../support/scripted-session.js'
import { startEngineFixture, type EngineFixture } from './engine-harness.js'

const PATCH = ['@@ -0,0 +1,2 @@', '+const a = 1', '+const b = 2'].join('\n')
const HEAD = 'a1'.repeat(20)
const MERGE = 'e7'.repeat(20)
const FIX = "`ref: ${{ github.event.pull_request.head.sha || format('refs/pull/{0}/head'"

let fixture: EngineFixture
beforeEach(async () => {
  fixture = await startEngineFixture({
    headSha: HEAD,
    files: [{ filename: 'src/a.ts', status: 'added', additions: 2, deletions: 0, patch: PATCH }]
  })
})
afterEach(async () => {
  await fixture.stop()
})

const failureComments = () =>
  fixture.pr.issueComments.filter((comment) => comment.body.includes('could not complete'))

it('a checkout of another commit (the merge commit): fails before the agent starts, naming both SHAs and the fix', async () => {
  const run = await fixture.run([submit()], {
    deps: { checkoutHead: async () => ({ kind: 'commit', sha: MERGE }) }
  })
  expect(run.error).toBeInstanceOf(ReviewFailedError)
  expect(run.agent.started).toBe(0)
  const message = run.error?.message ?? ''
  expect(message).toContain(`the checkout is ${MERGE}, the pull request head is ${HEAD}`)
  expect(message).toContain(FIX)
  expect(message).toContain('checks out the merge commit by default')
  expect(failureComments()).toHaveLength(1)
  expect(failureComments()[0]?.body).toContain(MERGE)
  expect(fixture.pr.reviews).toHaveLength(0)
})

it('a workspace that is no git repository: the same failure, saying so', async () => {
  const run = await fixture.run([submit()], {
    deps: {
      checkoutHead: async () => ({
        kind: 'not-a-repository',
        reason: '/w: fatal: not a git repository'
      })
    }
  })
  expect(run.agent.started).toBe(0)
  expect(run.error?.message).toContain(
    `the checkout is not a git repository (/w: fatal: not a git repository), so nothing shows it is the pull request head ${HEAD}`
  )
  expect(run.error?.message).toContain(FIX)
})

it('git cannot tell (HEAD names no commit): fails closed, with git’s reason', async () => {
  const run = await fixture.run([submit()], {
    deps: {
      checkoutHead: async () => {
        throw new Error('git rev-parse HEAD failed in /w (exit 1): HEAD names no commit')
      }
    }
  })
  expect(run.agent.started).toBe(0)
  expect(run.error?.message).toContain("the checkout's HEAD could not be read")
  expect(run.error?.message).toContain('HEAD names no commit')
})

it('the same commit, in upper case: the review runs', async () => {
  const run = await fixture.run([submit(), submit(), submit(), submit()], {
    deps: { checkoutHead: async () => ({ kind: 'commit', sha: HEAD.toUpperCase() }) }
  })
  expect(run.error).toBeUndefined()
  expect(run.agent.started).toBe(1)
  expect(run.outcome?.kind).toBe('reviewed')
})

it('a push after the event: the checkout is the event head, the PR moved on — skipped, nothing written, no agent', async () => {
  const run = await fixture.run([submit()], {
    request: { headSha: MERGE },
    deps: { checkoutHead: async () => ({ kind: 'commit', sha: MERGE }) }
  })
  expect(run.error).toBeUndefined()
  expect(run.outcome).toEqual({
    kind: 'skipped',
    reason: `superseded: the pull request head moved from ${MERGE} to ${HEAD} after this event; the run for the newer head reviews it`
  })
  expect(run.agent.started).toBe(0)
  expect(failureComments()).toHaveLength(0)
  expect(fixture.pr.reviews).toHaveLength(0)
})

it('an event head that is not the checkout either: still the checkout failure, not a skip', async () => {
  const run = await fixture.run([submit()], {
    request: { headSha: 'c3'.repeat(20) },
    deps: { checkoutHead: async () => ({ kind: 'commit', sha: MERGE }) }
  })
  expect(run.error).toBeInstanceOf(ReviewFailedError)
  expect(run.agent.started).toBe(0)
})
