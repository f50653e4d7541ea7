/**
 * The 👀 reaction through the real gateway: on a conversation comment or a
 * review comment, once however often it is asked, and every failure returned
 * as a result (never thrown) that says what went wrong.
 */
import { json } from '../support/fake-github/router.js'
import { startFixture, type Fixture } from './fixture.js'

const ON_ISSUE_COMMENT = 'POST /repos/:owner/:repo/issues/comments/:comment_id/reactions'
const ON_REVIEW_COMMENT = 'POST /repos/:owner/:repo/pulls/comments/:comment_id/reactions'

let f: Fixture
beforeEach(async () => {
  f = await startFixture()
})
afterEach(() => f.github.stop())

function mention(): number {
  return f.github.state.addIssueComment(f.pr, { author: 'octocat', body: '@review-my-code-bot' }).id
}

it('puts 👀 on a conversation comment as the token’s account', async () => {
  const id = mention()

  expect(await f.gateway.addEyesReaction({ kind: 'issue', id })).toEqual({ kind: 'added' })

  expect(f.github.state.reactions).toEqual([
    expect.objectContaining({ subject: 'issue', commentId: id, content: 'eyes' })
  ])
  expect(f.github.state.reactions[0]?.user.login).toBe('github-actions[bot]')
  expect(f.github.requestsTo(ON_ISSUE_COMMENT).map((r) => r.body)).toEqual([{ content: 'eyes' }])
})

it('puts 👀 on a review comment through the pulls endpoint', async () => {
  const thread = f.github.state.addThread(f.pr, {
    path: 'src/app.ts',
    comments: [{ body: 'finding' }, { author: 'octocat', body: 'fixed' }]
  })
  const id = thread.comments[1]!.id

  expect(await f.gateway.addEyesReaction({ kind: 'review', id })).toEqual({ kind: 'added' })

  expect(f.github.state.reactions.map((r) => [r.subject, r.commentId])).toEqual([['review', id]])
  expect(f.github.requestsTo(ON_ISSUE_COMMENT)).toHaveLength(0)
})

it('a second run reacting to the same comment leaves one reaction (GitHub answers 200)', async () => {
  const id = mention()

  await f.gateway.addEyesReaction({ kind: 'issue', id })
  const again = await f.gateway.addEyesReaction({ kind: 'issue', id })

  expect(again).toEqual({ kind: 'added' })
  expect(f.github.requestsTo(ON_ISSUE_COMMENT).map((r) => r.status)).toEqual([201, 200])
  expect(f.github.state.reactions).toHaveLength(1)
})

it('a token that may not react: forbidden, naming the permission, nothing thrown', async () => {
  f.github.fail(ON_REVIEW_COMMENT, json(403, { message: 'Resource not accessible by integration' }))

  const result = await f.gateway.addEyesReaction({ kind: 'review', id: 5 })

  expect(result).toEqual({
    kind: 'forbidden',
    warning: expect.stringContaining('pull-requests: write')
  })
  expect(result.kind === 'forbidden' && result.warning).toContain(
    '403 Resource not accessible by integration'
  )
})

it('a comment that is gone: failed with GitHub’s answer', async () => {
  const result = await f.gateway.addEyesReaction({ kind: 'issue', id: 999_999 })

  expect(result).toEqual({ kind: 'failed', reason: '404 Not Found' })
  expect(f.github.state.reactions).toEqual([])
})

it('an answer without the reaction: failed, naming the field and what was expected', async () => {
  const id = mention()
  f.github.fail(ON_ISSUE_COMMENT, json(201, { id: 1 }))

  const result = await f.gateway.addEyesReaction({ kind: 'issue', id })

  expect(result.kind).toBe('failed')
  expect(result.kind === 'failed' && result.reason).toMatch(
    new RegExp(
      `issues/comments/${id}/reactions: content: expected string; received nothing \\(the field is missing\\)`
    )
  )
})
