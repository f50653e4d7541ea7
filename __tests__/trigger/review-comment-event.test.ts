/**
 * decideTrigger for pull_request_review_comment: which replies in a review
 * thread start a threads-only run, and who must be authorized first.
 * Payloads are the real webhook example, adjusted one field at a time.
 */
import { parseConfig, type Config } from '../../src/config/action-config.js'
import type { InputName } from '../../src/config/inputs.js'
import { decideTrigger } from '../../src/trigger/event.js'
import type { TriggerDecision } from '../../src/core/pull-request/review-request.js'
import { example, prReviewReply, REPLIED_TO_ID, type Payload } from '../support/webhook-examples.js'

const EVENT = 'pull_request_review_comment'

function config(overrides: Partial<Record<InputName, string>> = {}): Config {
  const inputs: Partial<Record<InputName, string>> = {
    github_token: 'ghs_test',
    model: 'openai/gpt-4o',
    opencode_api_key: 'sk-test',
    ...overrides
  }
  return parseConfig((name) => inputs[name] ?? '')
}

function decide(payload: Payload, cfg: Config = config()): TriggerDecision {
  return decideTrigger({ eventName: EVENT, payload, actor: 'someone' }, cfg)
}

function skipReason(decision: TriggerDecision): string {
  if (decision.kind !== 'skip') throw new Error(`expected a skip, got ${JSON.stringify(decision)}`)
  return decision.reason
}

describe('replies that start a threads-only run', () => {
  it("the PR author's reply needs no permission check", () => {
    const payload = prReviewReply('I disagree: the value is never null here.')
    expect(decide(payload)).toEqual({
      kind: 'review',
      authorize: false,
      request: {
        owner: 'Codertocat',
        repo: 'Hello-World',
        prNumber: payload.pull_request.number,
        trigger: 'reply',
        actor: 'Codertocat',
        headSha: payload.pull_request.head.sha,
        commentId: payload.comment.id,
        inReplyToId: REPLIED_TO_ID
      }
    })
  })

  it('recognizes the PR author whatever the case of the login', () => {
    const decision = decide(prReviewReply('fixed', 'CODERTOCAT'))
    expect(decision).toMatchObject({ kind: 'review', authorize: false })
  })

  it("anyone else's reply is reviewed only after a permission check", () => {
    const payload = prReviewReply('Agreed with the bot.', 'maintainer')
    expect(decide(payload)).toMatchObject({
      kind: 'review',
      authorize: true,
      request: { trigger: 'reply', actor: 'maintainer', commentId: payload.comment.id }
    })
  })

  it('takes the replier from comment.user, not from sender', () => {
    const payload = prReviewReply('Agreed.', 'maintainer')
    payload.sender.login = 'Codertocat'
    expect(decide(payload)).toMatchObject({ authorize: true, request: { actor: 'maintainer' } })
  })

  it('answers a reply on a fork PR when a model key is available', () => {
    const payload = prReviewReply('done')
    payload.pull_request.head.repo.full_name = 'someone/Hello-World'
    expect(decide(payload).kind).toBe('review')
  })
})

describe('review comments that start nothing', () => {
  it.each(['edited', 'deleted'])('skips the "%s" action', (action) => {
    const payload = example(EVENT, action)
    payload.comment.in_reply_to_id = REPLIED_TO_ID
    expect(skipReason(decide(payload))).toBe(
      `unsupported-action: pull_request_review_comment "${action}" does not start a run; only "created" replies are answered`
    )
  })

  it.each([
    ['absent', undefined],
    ['null', null]
  ])('skips a comment that opens a thread (in_reply_to_id %s)', (_, value) => {
    const payload = prReviewReply('Nit: rename this.', 'maintainer', 'User', null)
    if (value === null) payload.comment.in_reply_to_id = null
    expect(skipReason(decide(payload))).toBe(
      `not-a-reply: review comment ${payload.comment.id} opens a new thread (comment.in_reply_to_id is absent); only replies in a thread are answered`
    )
  })

  it.each(['github-actions[bot]', 'github-actions', 'OpenCode-Reviewer[bot]'])(
    "skips the bot's own reply written as %s",
    (login) => {
      const payload = prReviewReply('Fixed, resolving.', login, 'Bot')
      expect(skipReason(decide(payload))).toBe(
        `own-comment: review comment ${payload.comment.id} was written by the bot itself`
      )
    }
  )

  it('skips a reply written under a custom bot login', () => {
    const payload = prReviewReply('Thanks.', 'acme-reviewer[bot]', 'Bot')
    const reason = skipReason(decide(payload, config({ bot_logins: 'acme-reviewer' })))
    expect(reason).toMatch(/^own-comment: /)
  })

  it('skips a reply carrying the bot marker, whoever posted it', () => {
    const payload = prReviewReply('quoting the bot\n<!-- review-my-code-bot -->\nno.')
    expect(skipReason(decide(payload))).toMatch(/^own-comment: /)
  })

  it("skips another bot's reply", () => {
    const payload = prReviewReply('Bumps lodash.', 'dependabot[bot]', 'Bot')
    expect(skipReason(decide(payload))).toBe(
      `bot-reply: review comment ${payload.comment.id} was written by the bot account dependabot[bot] (comment.user.type is "Bot"); only people's replies are answered`
    )
  })

  it('skips a reply on a fork PR without a model key, with a notice that says how to run it', () => {
    const payload = prReviewReply('done')
    payload.pull_request.head.repo.full_name = 'someone/Hello-World'
    const decision = decide(payload, config({ opencode_api_key: '' }))
    expect(decision).toEqual({
      kind: 'skip',
      reason: `fork-without-secrets: pull request #${payload.pull_request.number} comes from a fork, and GitHub gives fork PRs no secrets, so no model key is available`,
      notice: expect.stringMatching(
        /^No answer to this reply on fork PR #\d+: .*"@review-my-code-bot".*workflow_dispatch with pr_number=\d+\.$/
      )
    })
  })

  it('treats a deleted fork (head.repo null) as a fork', () => {
    const payload = prReviewReply('done')
    payload.pull_request.head.repo = null
    const reason = skipReason(decide(payload, config({ opencode_api_key: '' })))
    expect(reason).toMatch(/^fork-without-secrets: /)
  })

  it('names the fields of a payload that is not a review comment event', () => {
    const payload = prReviewReply('done')
    delete payload.comment.id
    payload.pull_request.head.sha = 42
    expect(() => decide(payload)).toThrow(
      'The pull_request_review_comment event payload is not as expected: comment.id: expected number; received nothing (the field is missing); pull_request.head.sha: expected string; received 42'
    )
  })
})
