/**
 * Scoring policy through the real tools, stage and gateway against the fake
 * GitHub, without opencode: score elevation of suppressed nits (what the
 * model is answered, what GitHub ends up holding, the counted outputs) and a
 * publication GitHub refuses for lack of permission.
 */
import { ReviewFailedError } from '../../src/review/preparation/review-failure.js'
import { reviewComments } from '../support/fake-github/pull-state.js'
import { submit } from '../support/scripted-session.js'
import { startEngineFixture, type EngineFixture } from './engine-harness.js'

const PATCH = [
  '@@ -0,0 +1,100 @@',
  ...Array.from({ length: 100 }, (_, i) => `+const line${i + 1} = ${i + 1}`)
].join('\n')

let fixture: EngineFixture
beforeEach(async () => {
  fixture = await startEngineFixture({
    files: [
      { filename: 'src/orders.ts', status: 'added', additions: 100, deletions: 0, patch: PATCH }
    ]
  })
})
afterEach(async () => {
  await fixture.stop()
})

const nit = (line: number, what: string) => ({
  file: 'src/orders.ts',
  line,
  body: `Identifier line${line} hides intent.`,
  assessment: {
    finding: `Identifier line${line} hides intent ${what}`,
    assessment: 'Naming.',
    score: 2
  }
})

it('score elevation: five suppressed nits combined are allowed; two are rejected with the reason', async () => {
  const answers: unknown[] = []
  const run = await fixture.run([
    submit(async (tools) => {
      for (const [i, what] of ['alpha', 'beta', 'gamma', 'delta', 'omega'].entries())
        answers.push(await tools.postReviewComment(nit(20 + i * 20, what)))
    }),
    submit(),
    submit(),
    submit(async (tools) => {
      answers.push(
        await tools.postReviewComment({
          file: 'src/orders.ts',
          line: 20,
          body: 'Two identifiers hide intent.',
          assessment: { finding: 'Two identifiers hide intent', assessment: 'Why.', score: 5 },
          combines: ['S1', 'S2']
        }),
        await tools.postReviewComment({
          file: 'src/orders.ts',
          line: 20,
          body: 'Naming across orders.ts hides intent throughout.',
          assessment: {
            finding: 'Naming across orders.ts hides intent throughout',
            assessment: 'Why.',
            score: 5
          },
          combines: ['S1', 'S2', 'S3', 'S4', 'S5']
        })
      )
    })
  ])
  expect(run.error).toBeUndefined()
  expect(answers.slice(0, 5)).toEqual(
    Array.from({ length: 5 }, () => expect.objectContaining({ status: 'suppressed' }))
  )
  expect(answers[5]).toMatchObject({ status: 'rejected' })
  expect(JSON.stringify(answers[5])).toMatch(/Score elevation rejected/)
  expect(JSON.stringify(answers[5])).toMatch(/Silent/)
  expect(answers[6]).not.toMatchObject({ status: 'rejected' })
  const inline = reviewComments(fixture.pr)
  expect(inline).toHaveLength(1)
  expect(inline[0]?.body).toContain('Naming across orders.ts hides intent throughout')
  expect(run.outcome).toMatchObject({ findingsPosted: 1, findingsSuppressed: 0 })
})

it('publishing refused by GitHub (no pull-requests: write) ends in a failure comment and a failed step', async () => {
  const refused = { status: 403, body: { message: 'Resource not accessible by integration' } }
  fixture.github.fail('POST /repos/:owner/:repo/pulls/:number/reviews', refused, Infinity)
  fixture.github.fail('POST /repos/:owner/:repo/pulls/:number/comments', refused, Infinity)
  const run = await fixture.run([
    submit(async (tools) =>
      tools.postReviewComment({
        file: 'src/orders.ts',
        line: 10,
        body: 'The total overflows for large carts.',
        assessment: {
          finding: 'Order total overflows for large carts',
          assessment: 'Why.',
          score: 8
        }
      })
    )
  ])
  expect(run.error).toBeInstanceOf(ReviewFailedError)
  expect(reviewComments(fixture.pr)).toHaveLength(0)
  const failures = fixture.pr.issueComments.filter((c) =>
    c.body.includes('the review could not complete')
  )
  expect(failures).toHaveLength(1)
})
