/**
 * run() on issue_comment mentions, with real webhook payloads and a fake
 * GitHub: who may start a review (write access, allowed bots), fail-closed
 * look-ups, fix mentions, custom trigger phrases, and the comments that never
 * trigger (look-alikes, the bot's own, issues, edits).
 */
import { example, prComment } from '../support/webhook-examples.js'
import { OWNER, PERMISSION_ROUTE, REPO, useTriggerGitHub } from './trigger-run-fixture.js'

const { github, trigger } = useTriggerGitHub()

describe('issue_comment mentions', () => {
  it('a writer mentioning the bot starts a review of the PR, drafts included', async () => {
    const payload = prComment('@review-my-code-bot please review')
    const { request, outputs, failed } = await trigger('issue_comment', payload)
    expect(failed).toBe(false)
    expect(request).toEqual({
      owner: OWNER,
      repo: REPO,
      prNumber: payload.issue.number,
      trigger: 'mention',
      actor: 'Codertocat',
      commentId: payload.comment.id
    })
    expect(outputs['skipped_reason']).toBe('')
    // The body comes from the payload: the comment is never fetched again.
    expect(github().requests.map((r) => r.route)).toEqual(['GET /users/:login', PERMISSION_ROUTE])
  })

  it('a writer\'s "fix" mention asks for fix mode after the review; a reader\'s is refused before anything runs', async () => {
    const { request } = await trigger('issue_comment', prComment('@review-my-code-bot fix'))
    expect(request).toMatchObject({ trigger: 'mention', fix: true })
    const review = await trigger('issue_comment', prComment('@review-my-code-bot review'))
    expect(review.request?.fix).toBeUndefined()
    const reader = await trigger('issue_comment', prComment('@review-my-code-bot fix', 'reader'))
    expect(reader.request).toBeUndefined()
    expect(reader.outputs['skipped_reason']).toMatch(/^unauthorized: "reader" has read access/)
  })

  it.each(['maintainer'])('%s access is enough', async (login) => {
    const { request } = await trigger('issue_comment', prComment('@review-my-code-bot', login))
    expect(request?.actor).toBe(login)
  })

  it('honours a custom trigger phrase', async () => {
    const { request } = await trigger('issue_comment', prComment('@my-bot go'), {
      trigger_phrase: '@my-bot'
    })
    expect(request?.trigger).toBe('mention')
  })

  it.each([
    ['reader', /^unauthorized: "reader" has read access/],
    ['stranger', /^unauthorized: "stranger" has none access/]
  ])('denies %s', async (login, reason) => {
    github().state.grant(OWNER, REPO, 'stranger', 'none')
    const { request, outputs, stdout, failed } = await trigger(
      'issue_comment',
      prComment('@review-my-code-bot', login)
    )
    expect(request).toBeUndefined()
    expect(failed).toBe(false)
    expect(outputs['skipped_reason']).toMatch(reason)
    expect(stdout).toContain('::warning::Review not started')
  })

  it('denies when the permission API fails (fail closed)', async () => {
    github().fail(PERMISSION_ROUTE, { status: 500, body: { message: 'boom' } }, Infinity)
    const { request, outputs } = await trigger('issue_comment', prComment('@review-my-code-bot'))
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(
      /^unauthorized: could not read the repository permission of "Codertocat"/
    )
  })

  it('denies when the account look-up fails (fail closed)', async () => {
    github().fail('GET /users/:login', { status: 403, body: { message: 'Forbidden' } })
    const { request, outputs } = await trigger('issue_comment', prComment('@review-my-code-bot'))
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(
      /^unauthorized: could not look up account "Codertocat"/
    )
  })

  it('denies a bot that is not in allowed_bots, even with write access', async () => {
    github().state.addUser('deploy-app', 'Bot')
    github().state.grant(OWNER, REPO, 'deploy-app', 'write')
    const { request, outputs } = await trigger(
      'issue_comment',
      prComment('@review-my-code-bot', 'deploy-app', 'User')
    )
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/is a bot and is not listed in allowed_bots/)
  })

  it('allows a bot listed in allowed_bots, matched in either login form', async () => {
    github().state.addUser('renovate[bot]', 'Bot')
    const { request } = await trigger(
      'issue_comment',
      prComment('@review-my-code-bot', 'renovate[bot]', 'Bot'),
      {
        allowed_bots: 'Renovate'
      }
    )
    expect(request?.actor).toBe('renovate[bot]')
  })

  it('does not trust a [bot] suffix: a listed name that is really a User needs write access', async () => {
    github().state.addUser('helper', 'User')
    github().state.grant(OWNER, REPO, 'helper', 'read')
    const { request, outputs } = await trigger(
      'issue_comment',
      prComment('@review-my-code-bot', 'helper', 'Bot'),
      {
        allowed_bots: 'helper'
      }
    )
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/"helper" has read access/)
  })

  it.each([
    'x@review-my-code-bot please',
    '@review-my-code-botx please',
    '> @review-my-code-bot was mentioned before',
    'use `@review-my-code-bot` to trigger'
  ])('a look-alike mention %j does not trigger', async (body) => {
    const { request, outputs } = await trigger('issue_comment', prComment(body))
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/^no-mention: /)
    expect(github().requests).toHaveLength(0)
  })

  it("the bot's own comment never triggers", async () => {
    const { request, outputs } = await trigger(
      'issue_comment',
      prComment('@review-my-code-bot summary', 'github-actions[bot]', 'Bot')
    )
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/^own-comment: /)
  })

  it('a comment carrying the bot marker never triggers', async () => {
    const body = 'quoted summary\n<!-- review-my-code-bot -->\n@review-my-code-bot'
    const { request, outputs } = await trigger('issue_comment', prComment(body))
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/^own-comment: /)
  })

  it('a comment on an issue (not a PR) is skipped', async () => {
    const payload = example('issue_comment', 'created')
    payload.comment.body = '@review-my-code-bot'
    const { request, outputs } = await trigger('issue_comment', payload)
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/^not-a-pull-request: /)
  })

  it('an edited comment is skipped', async () => {
    const payload = prComment('@review-my-code-bot')
    payload.action = 'edited'
    const { request, outputs } = await trigger('issue_comment', payload)
    expect(request).toBeUndefined()
    expect(outputs['skipped_reason']).toMatch(/^unsupported-action: /)
  })
})
